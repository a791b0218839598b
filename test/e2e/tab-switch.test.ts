// A configuration's tabs are loaded as it opens: once it is open, a tab switch draws the tab's rows
// in its first frame, never "loading…" first, and sends no request of its own.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, openConfiguration } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const TABS = [
  ['2', /behavior/],
  ['3', /query string/],
  ['4', /501 Not Implemented/],
  ['5', /Host header/],
  ['1', /^[* ] name /m],
] as const;

describe.skipIf(!existsSync(BIN))('tab switch', () => {
  it(
    'once a configuration is open, each tab draws its rows at once: no "loading…" frame, no request',
    async () => {
      const app = await startApp();
      try {
        await openConfiguration(app, demoId(1));
        await app.waitForIdle(300);
        const requests = app.log().length;
        for (const [key, ready] of TABS) {
          const from = app.rawOutput().length;
          await app.press(key);
          await app.waitForText(ready);
          await app.waitForIdle(200);
          expect(app.rawOutput().slice(from), `tab ${key}`).not.toMatch(/loading/);
        }
        expect(app.log().slice(requests)).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
