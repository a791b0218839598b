// The app writes only what changed, and scrolls the terminal itself when a list scrolls: the screen
// it leaves must be exactly the one a full paint gives. After keys that scroll a list down and up
// by rows and pages, the screen (text and the focus bar) is compared with the same frame drawn whole
// (a resize to another width and back makes the app draw everything again, at the same layout).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, visibleLines } from './flows-helpers.js';
import { focusedId } from './view-helpers.js';

const COLS = 100;
const ROWS = 20;

/** What is on screen: every line (as far as the terminal is wide), and which rows are drawn in inverse video. */
function drawn(app: App): { lines: string[]; bars: number[] } {
  return { lines: visibleLines(app), bars: app.inverseRows() };
}

/** The same screen painted whole: out to another width and back. */
async function repainted(app: App): Promise<{ lines: string[]; bars: number[] }> {
  const before = app.rawOutput().length;
  app.resize(COLS + 7, ROWS);
  await app.waitUntil(() => app.rawOutput().length > before && app.line(0).length > 0, 'drawn at the wider size');
  await app.waitForIdle(150);
  const wide = app.rawOutput().length;
  app.resize(COLS, ROWS);
  await app.waitUntil(() => app.rawOutput().length > wide, 'drawn at the first size again');
  await app.waitForIdle(150);
  return drawn(app);
}

describe.skipIf(!existsSync(BIN))('scrolled lists', () => {
  it(
    'after rows and pages down and up, the screen is the one a full paint draws',
    async () => {
      const app = await startApp({ cols: COLS, rows: ROWS, emulatorArgs: ['--seed', '200'] });
      try {
        await app.waitForText('200 of 200 configurations', FIRST_LOAD_MS);
        // Each stretch ends on keys that scrolled the list (a full paint would hide what went wrong before).
        const stretches = [
          Array<string>(20).fill('down'),
          ['pgdn', 'down', 'down', 'pgdn', 'down'],
          ['pgup', ...Array<string>(18).fill('up')],
          ['pgdn', 'pgdn', 'up', 'down', 'down'],
        ];
        for (const keys of stretches) {
          for (const key of keys) {
            const at = focusedId(app);
            await app.press(key);
            await app.waitUntil(() => focusedId(app) !== at, `the focus bar to move on ${key}`);
          }
          await app.waitForIdle(150);
          const incremental = drawn(app);
          expect(incremental.bars).toHaveLength(1);
          expect(await repainted(app), `after ${keys.join(' ')}`).toEqual(incremental);
        }
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
