// The status line of a paced job (docs/ux.md §7), as the user reads it.
import { describe, expect, it } from 'vitest';
import { duration, jobLine } from '../../src/store/job-line.js';

const NOW = 1_000_000;
const minute = { lane: 'write' as const, limit: 20, windowMs: 60_000 };

describe('the status line of a job', () => {
  it('says how far it is, the limit, when the next goes and about how long the rest takes', () => {
    expect(jobLine({ applying: { done: 20, total: 40 }, pacing: { ...minute, nextAt: NOW + 42_000 } }, NOW)).toBe(
      'sent 20 of 40 · rate limit 20 writes/min · next in 42 s · about 1 min left',
    );
    expect(jobLine({ applying: { done: 0, total: 200 }, pacing: { ...minute, nextAt: NOW + 60_000 } }, NOW)).toBe(
      'sent 0 of 200 · rate limit 20 writes/min · next in 60 s · about 10 min left',
    );
  });

  it('a window that is not a minute is said in seconds; reads for find anywhere count configurations', () => {
    const reads = { lane: 'read' as const, limit: 10, windowMs: 5_000, nextAt: NOW + 3_000 };
    expect(jobLine({ searching: { done: 40, total: 60 }, pacing: reads }, NOW)).toBe(
      'searched 40 of 60 configurations · rate limit 10 reads/5 s · next in 3 s · about 8 s left',
    );
  });

  it("before answers have shown the window's length: the limit reached and the wait, no length", () => {
    // A first answer 38 s into the server's minute: 22 s left in the window, not a limit per 22 s.
    const first = { lane: 'write' as const, limit: 20, windowAtLeastMs: 22_000, nextAt: NOW + 22_000 };
    expect(jobLine({ applying: { done: 20, total: 40 }, pacing: first }, NOW)).toBe(
      'sent 20 of 40 · rate limit reached · next in 22 s · about 22 s left',
    );
    expect(
      jobLine({ applying: { done: 20, total: 40 }, pacing: { lane: 'write', limit: 20, windowMs: 60_000, nextAt: NOW + 82_000 } }, NOW),
    ).toBe('sent 20 of 40 · rate limit 20 writes/min · next in 82 s · about 1 min left');
  });

  it('without a wait: the progress alone; with nothing under way: nothing', () => {
    expect(jobLine({ applying: { done: 3, total: 8 } }, NOW)).toBe('sent 3 of 8');
    expect(jobLine({}, NOW)).toBeUndefined();
  });

  it('counts seconds down to a minute and a half, then minutes', () => {
    expect([duration(0), duration(1_500), duration(61_000), duration(89_000), duration(95_000), duration(3_900_000)]).toEqual([
      '0 s',
      '2 s',
      '61 s',
      '89 s',
      '2 min',
      '1 h 5 min',
    ]);
  });
});
