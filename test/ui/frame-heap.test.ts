// Frames allocate a lot of short-lived objects; left alone, V8 doubles its young generation under
// that load. With the bound, it stays near its limit. Each case runs in its own Node process (V8
// flags are per process), on a workload like a session of frames: each "frame" builds objects that
// live until the next one, and the event loop turns between frames.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { oldGenerationRule } from '../../src/ui/frame-heap.js';

const MODULE = fileURLToPath(new URL('../../src/ui/frame-heap.ts', import.meta.url));
const MiB = 1024 * 1024;

/** The largest young generation (bytes) seen over 1,500 frames, with or without the bound. */
function largestYoung(bound: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${bound ? `const { boundFrameHeap } = await import(${JSON.stringify(MODULE)}); boundFrameHeap({ youngLimit: 8 * ${MiB} });` : ''}
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

describe('oldGenerationRule', () => {
  it('asks for a full collection once the old generation grew by a quarter over what was live, at least 4 MiB', () => {
    let t = 0;
    const rule = oldGenerationRule(40 * MiB, {}, () => t);
    expect(rule.due(45 * MiB, false)).toBe(false); // +5 MiB of 40: under a quarter
    expect(rule.due(50 * MiB + 1, false)).toBe(true);
    rule.collected(41 * MiB);
    t += 2000;
    expect(rule.due(48 * MiB, false)).toBe(false); // +7 of 41
    const small = oldGenerationRule(8 * MiB, {}, () => t);
    expect(small.due(11 * MiB, false)).toBe(false); // a quarter of 8 is 2: the floor is 4 MiB
    expect(small.due(12 * MiB + 1, false)).toBe(true);
  });

  it("takes what V8's own full collection left as live, and never asks right after it", () => {
    const rule = oldGenerationRule(20 * MiB, {}, () => 0);
    expect(rule.due(30 * MiB, true)).toBe(false);
    expect(rule.due(36 * MiB, false)).toBe(false); // +6 of 30 (a quarter: 7.5)
    expect(rule.due(38 * MiB, false)).toBe(true);
  });

  it('asks at most once a second, whatever a workload promotes', () => {
    let t = 0;
    const rule = oldGenerationRule(20 * MiB, {}, () => t);
    expect(rule.due(30 * MiB, false)).toBe(true);
    rule.collected(29 * MiB);
    t = 500;
    expect(rule.due(60 * MiB, false)).toBe(false);
    t = 1000;
    expect(rule.due(60 * MiB, false)).toBe(true);
  });
});
