// The focus bar is inverse video with or without colour, even where a CI variable makes chalk
// guess "no styles"; NO_COLOR turns colour off and nothing else.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, LIST_LOADED } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

describe.skipIf(!existsSync(BIN))('styles', () => {
  it(
    'NO_COLOR and CI set: no colour is written and the focused row is still inverse',
    async () => {
      const app = await startApp({ env: { NO_COLOR: '1', CI: 'true' } });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.waitUntil(() => app.inverseRows().length === 1, 'one inverse row: the focus bar');
        expect(app.inverseText(app.inverseRows()[0]!)).toMatch(new RegExp(`^\\s*${demoId(1)} acme-outdoor shop`));
        // eslint-disable-next-line no-control-regex -- ESC is what it looks for: a colour SGR sequence
        expect(app.rawOutput()).not.toMatch(/\u001b\[(3[0-7]|9[0-7]|38;|4[0-7]|48;)[0-9;]*m/);
        await app.press('d');
        await app.type('wrong name');
        await app.press('enter');
        await app.waitForText('delete cancelled');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
