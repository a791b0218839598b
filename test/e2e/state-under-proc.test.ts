// A state folder under /proc: Node's own `mkdirSync(dir, { recursive: true })` retries there for
// ever at full CPU (the kernel answers ENOENT for a new name though /proc is there), so the app
// never drew a frame. Folders are made by makeFolder now: the app starts and says why the drafts
// are not kept, with the API and with the demo (whose data goes beside the drafts).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, LIST_LOADED } from './flows-helpers.js';

const TIMEOUT = 30_000;
const STATE = '/proc/cdn-tui-no-such-state';

describe.skipIf(!existsSync(BIN) || !existsSync('/proc/self'))('a state folder under /proc', () => {
  it(
    'the app starts at once and says the drafts are not saved, and why',
    async () => {
      const app = await startApp({ env: { XDG_STATE_HOME: STATE }, cols: 120 });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.waitForText(`drafts NOT saved to disk: no such folder, ${STATE}/cdn-tui`);
        expect(app.hasExited()).toBe(false);
      } finally {
        await app.close();
      }
    },
    TIMEOUT,
  );

  it(
    'the demo starts too, in memory, and says so',
    async () => {
      const app = await startApp({ args: ['--demo'], env: { XDG_STATE_HOME: STATE }, cols: 160, rows: 40 });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.waitForText('drafts NOT saved to disk: no such folder');
        expect(app.hasExited()).toBe(false);
      } finally {
        await app.close();
      }
    },
    TIMEOUT,
  );
});
