// A new configuration whose POST reached the server just before the app was killed: the next
// start offers the kept draft, the list loads, the record is found on the server, and the offer
// goes with a sentence saying so; nothing is sent again, one record in all.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createAppStore, createFileJournal, createMemoryJournal, journalFile } from '../../src/store/index.js';
import { spawnEmulator, tempDir } from '../helpers/emulator.js';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';

const CFG = '/content_delivery/configurations';

describe.skipIf(!existsSync(BIN))('a new record restored as "maybe sent"', () => {
  it(
    'found on the server as the list loads: the offer goes, saying so, and nothing is sent again',
    async () => {
      const emu = await spawnEmulator(['--seed', 'demo']);
      const stateDir = tempDir('cdn-tui-e2e-state-');
      try {
        // What the killed app left: the draft journaled as sent, above the ids its list had then.
        const before = createAppStore({ api: createApiClient({ baseUrl: emu.url, token: emu.token }), journal: createMemoryJournal() });
        await before.getState().loadConfigurations();
        const values = { name: 'sent before the crash', origin_address: 'o.example.test', origin_host_header: 'h.example.test' };
        const key = before.getState().startCreate('configuration', undefined);
        before.getState().setDraftValues(key, values);
        const highest = Math.max(...(before.getState().lists.configurations?.keys ?? []).map((k) => Number(k.split(':').at(-1))));
        const draft = { ...before.getState().drafts[key]!, maybeSent: true, madeAfterId: highest };
        const dir = join(stateDir, 'cdn-tui');
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        createFileJournal(journalFile(dir, emu.url), emu.url).save({ [key]: draft });
        expect((await emu.call('POST', CFG, { body: values })).status).toBe(201); // the POST that got no answer

        const app = await startApp({ stateDir, emulator: emu, args: ['--base-url', emu.url, '--token', emu.token] });
        try {
          await app.waitForText('what was being sent at the last stop is on the server: nothing left to review', FIRST_LOAD_MS);
          expect(app.screen()).not.toContain('unsaved change');
          await app.waitForText('sent before the crash');
          await app.waitForIdle(300);
          const made = ((await emu.call('GET', CFG)).body as Array<{ name: string }>).filter((c) => c.name === 'sent before the crash');
          expect(made).toHaveLength(1);
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
