// Keys that arrive together (key repeat, a paste of keys, a slow SSH link delivering ten at once),
// in the built CLI in a pseudo-terminal: each burst is one write, so the app reads it in one go,
// and every key of it is handled, in order (the focus ends where the keys, taken in order, put it),
// and fewer frames than keys reach the terminal. Frames written are what a user's link carries;
// that Ink also *builds* one frame per burst rather than per key (src/keys/burst-frames.ts; the
// screen writer alone would write only the newest of a turn) is test/keys/burst-frames.test.tsx's.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEmulator, type ChildEmulator } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';

const N = 300;
/** Ink's frames each begin with the synchronized-output mark. */
const FRAME = '\u001b[?2026h';

let emulator: ChildEmulator;
let app: App;

/** The id on the focused row (the inverse bar), or undefined. */
function focusedId(): number | undefined {
  const row = app.inverseRows().find((r) => /^[*●!]?\s*\d+ /.test(app.inverseText(r)));
  return row === undefined ? undefined : Number(/^[*●!]?\s*(\d+) /.exec(app.inverseText(row))?.[1]);
}

/** Writes `keys` in one write; resolves with the frames the app wrote until the focus settles on the `n`-th configuration. */
async function burst(keys: string, n: number): Promise<number> {
  const before = app.rawOutput().length;
  app.write(keys);
  await app.waitUntil(() => focusedId() === demoId(n), `the focus on configuration ${n} after ${JSON.stringify(keys)}`);
  await app.waitForIdle(200);
  return app.rawOutput().slice(before).split(FRAME).length - 1;
}

describe.skipIf(!existsSync(BIN))('a burst of keys in one read', () => {
  beforeAll(async () => {
    emulator = await spawnEmulator(['--seed', String(N)]);
    app = await startApp({ emulator, cols: 100, rows: 30 });
    await app.waitForText(new RegExp(`^${N} of ${N} configurations$`, 'm'), FIRST_LOAD_MS);
    await app.waitUntil(() => focusedId() === demoId(1), 'the first row focused');
    await app.waitForIdle(200);
  }, FLOW_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });

  it('ten j move the focus exactly ten rows, drawn in fewer frames than keys', async () => {
    const frames = await burst('j'.repeat(10), 11);
    expect(frames).toBeGreaterThanOrEqual(1);
    expect(frames).toBeLessThan(10);
  });

  it('keys of a burst are taken in order: G then k k k ends three above the last row, k k k then G on it', async () => {
    await burst('Gkkk', N - 3);
    await burst('gjjjjjj', 7);
    await burst('kkkG', N);
    await burst('g', 1);
  });

  it('a long run of keys (200 in one write) is handled whole, drawn in fewer frames than keys', async () => {
    // A long run still shows progress: a frame at least every 33 ms, so how many depends on the
    // machine's speed (~20 on a quiet one, ~110 with the two cores busy); one per key is the failure.
    const frames = await burst('j'.repeat(150) + 'k'.repeat(50), 101);
    expect(frames).toBeLessThan(200);
  });
});
