// Find anywhere (docs/ux.md §6): the palette finds a configuration by its CNAME among 200, and rules by
// path across all configurations (their lists loaded on demand, with progress), and opens them.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnEmulator } from '../helpers/emulator.js';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

describe.skipIf(!existsSync(BIN))('find anywhere', () => {
  it(
    'a CNAME among 200 configurations, then a rule path across all of them',
    async () => {
      const emu = await spawnEmulator(['--seed', '200']);
      try {
        const conf = (await emu.call('GET', `/content_delivery/configurations/${demoId(150)}`)).body as { name: string; cname: string[] };
        const cname = conf.cname[0]!;
        const app = await startApp({ emulator: emu, args: ['--base-url', emu.url, '--token', emu.token] });
        try {
          await app.waitForText(/200 of 200 configurations/, FIRST_LOAD_MS);
          await app.press(':');
          await app.type(cname);
          await app.waitForText(`configuration ${conf.name} (${demoId(150)})`);
          await app.press('enter');
          await app.waitForText(new RegExp(`^configurations › ${conf.name} \\(${demoId(150)}\\)`, 'm'));

          await app.press(':', 'ctrl-u'); // the palette keeps its last query
          await app.type('/admin');
          await app.waitForText(/rule \/admin \(access_denied\)/, 20_000);
          await app.press('down', 'enter'); // the first entry is all the matches as a list; the next, the first match
          await app.waitForText(/› rules/);
          await app.waitForText(/\/admin +access_denied/);
          expect(app.screen().split('\n')[0]).toMatch(/› rules/);
        } finally {
          await app.close();
        }
      } finally {
        await emu.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
