// Frames allocate a lot of short-lived objects; left alone, V8 doubles its young generation under
// that load. With the bound, it stays near its limit. Each case runs in its own Node process (V8
// flags are per process), on a workload like a session of frames: each "frame" builds objects that
// live until the next one, and the event loop turns between frames.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../src/ui/frame-heap.ts', import.meta.url));
const MiB = 1024 * 1024;

/** The largest young generation (bytes) seen over 1,500 frames, with or without the bound. */
function largestYoung(bound: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${bound ? `const { boundFrameHeap } = await import(${JSON.stringify(MODULE)}); boundFrameHeap(8 * ${MiB});` : ''}
    let kept = [];
    let largest = 0;
    for (let frame = 0; frame < 1500; frame++) {
      const next = [];
      for (let i = 0; i < 20000; i++) next.push({ i, cell: 'cell ' + i });
      kept = next;
      await new Promise((done) => setImmediate(done));
      largest = Math.max(largest, getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
    }
    console.log(largest, kept.length);`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).split(' ')[0]);
}

describe('boundFrameHeap', () => {
  it('keeps the young generation near its limit where V8 alone grows it to 64 MB and more', () => {
    // Here V8 alone reaches 128 MB; bounded at 8 MB it stays at 15-21 MB (the bound is checked
    // after each collection, and a busy machine delivers that check late): a quarter is the line.
    expect(largestYoung(false)).toBeGreaterThanOrEqual(64 * MiB);
    expect(largestYoung(true)).toBeLessThanOrEqual(32 * MiB);
  }, 30_000);
});
