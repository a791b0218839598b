// The rate-limit budget on its own: what the headers teach it, when a request may go, what waits
// and in which order, and the reset times it reads (docs/ux.md §7; the recorded ISO time without a zone).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRateBudget,
  isoTime,
  resetTime,
  retryAfter,
  timeLeftMs,
  type Lane,
  type Priority,
  type RateBudget,
  type Slot,
} from '../../src/api/budget.js';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const stopped = () => new Error('stopped');

/** Takes a slot; `got` says whether it came yet. */
function take(budget: RateBudget, lane: Lane = 'write', priority: Priority = 'foreground', stop?: AbortSignal) {
  const state: { slot?: Slot; error?: unknown } = {};
  const p = budget.take(lane, priority, stop, stopped).then(
    (slot) => (state.slot = slot),
    (e: unknown) => (state.error = e),
  );
  return { state, p, got: () => state.slot !== undefined };
}

const limits = (limit: number, remaining: number, resetSeconds: number) => ({
  status: 200,
  headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(resetSeconds) },
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the rate-limit budget', () => {
  it('sends one request until an answer has said what the lane holds, then what remains at once', async () => {
    const budget = createRateBudget();
    const first = take(budget);
    const second = take(budget);
    await flush();
    expect([first.got(), second.got()]).toEqual([true, false]);
    first.state.slot!.done(limits(5, 4, T0 / 1000 + 60));
    await flush();
    const more = [take(budget), take(budget), take(budget), take(budget)];
    await flush();
    // 4 remain: the second and three more go; the last waits for the window.
    expect(second.got()).toBe(true);
    expect(more.map((m) => m.got())).toEqual([true, true, true, false]);
    // One answer shows the time left in its window, not the window's length.
    expect(budget.pacing()).toEqual([{ lane: 'write', limit: 5, windowAtLeastMs: 60_000, nextAt: T0 + 60_000 }]);
  });

  it('a first answer mid-window: the window is not known (22 s is what is left of it); the next window shows a minute', async () => {
    const budget = createRateBudget();
    // The server's minute began 38 s ago: its first answer says the window resets in 22 s.
    const first = take(budget);
    await flush();
    first.state.slot!.done(limits(2, 0, T0 / 1000 + 22));
    const waiting = [take(budget), take(budget), take(budget)];
    await flush();
    expect(budget.pacing()).toEqual([{ lane: 'write', limit: 2, windowAtLeastMs: 22_000, nextAt: T0 + 22_000 }]);
    // The reset: two go in the fresh window, whose answers say it resets a minute after the last.
    await vi.advanceTimersByTimeAsync(22_010);
    expect(waiting.map((w) => w.got())).toEqual([true, true, false]);
    waiting[0]!.state.slot!.done(limits(2, 1, T0 / 1000 + 82));
    waiting[1]!.state.slot!.done(limits(2, 0, T0 / 1000 + 82));
    await flush();
    expect(budget.pacing()).toEqual([{ lane: 'write', limit: 2, windowMs: 60_000, nextAt: T0 + 82_000 }]);
  });

  it('two resets a minute apart but the second answered mid-window: still not known (a window may have passed unused)', async () => {
    const budget = createRateBudget();
    const first = take(budget);
    await flush();
    first.state.slot!.done(limits(2, 0, T0 / 1000 + 10));
    // Nothing sent for 50 s: the answer after that comes 20 s into a window that resets 60 s after the first.
    await vi.advanceTimersByTimeAsync(50_000);
    const later = take(budget);
    await flush();
    later.state.slot!.done(limits(2, 0, T0 / 1000 + 70));
    take(budget);
    await flush();
    expect(budget.pacing()).toEqual([{ lane: 'write', limit: 2, windowAtLeastMs: 20_000, nextAt: T0 + 70_000 }]);
  });

  it('a window that changes length, longer or shorter, is learnt again', async () => {
    const budget = createRateBudget();
    let at = T0 / 1000;
    let next = take(budget);
    await flush();
    /** The answer at the start of a window of `seconds` spends it; the next request waits; the length said while it waits. */
    const windowOf = async (seconds: number) => {
      next.state.slot!.done(limits(1, 0, (at += seconds)));
      next = take(budget);
      await flush();
      const said = budget.pacing()[0]?.windowMs;
      await vi.advanceTimersByTimeAsync(at * 1000 - Date.now() + 10);
      return said;
    };
    expect(await windowOf(10)).toBeUndefined();
    expect(await windowOf(10)).toBe(10_000);
    // The server's window becomes 30 s: a reset farther than the known window allows.
    expect(await windowOf(30)).toBeUndefined();
    expect(await windowOf(30)).toBe(30_000);
    expect(await windowOf(10)).toBeUndefined();
    expect(await windowOf(10)).toBe(10_000);
  });

  it('holds a spent lane until its reset, then lets the waiting go in a fresh window', async () => {
    const budget = createRateBudget();
    const a = take(budget);
    await flush();
    a.state.slot!.done(limits(2, 0, T0 / 1000 + 10));
    const b = take(budget);
    await flush();
    expect(b.got()).toBe(false);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(b.got()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(b.got()).toBe(true);
    expect(budget.pacing()).toEqual([]);
  });

  it('reads and writes have budgets of their own', async () => {
    const budget = createRateBudget();
    const w = take(budget, 'write');
    await flush();
    w.state.slot!.done(limits(1, 0, T0 / 1000 + 30));
    const r = take(budget, 'read');
    const w2 = take(budget, 'write');
    await flush();
    expect([r.got(), w2.got()]).toEqual([true, false]);
  });

  it('after a 429 waits what Retry-After says, whatever the headers left', async () => {
    const budget = createRateBudget();
    const a = take(budget);
    await flush();
    a.state.slot!.done({ status: 429, headers: { 'retry-after': '3' } });
    const b = take(budget);
    await flush();
    expect(budget.pacing()[0]?.nextAt).toBe(T0 + 3_000);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(b.got()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(b.got()).toBe(true);
  });

  it('lets foreground requests go before background ones that waited longer', async () => {
    const budget = createRateBudget();
    const a = take(budget);
    await flush();
    a.state.slot!.done(limits(3, 0, T0 / 1000 + 5));
    const order: string[] = [];
    const bg1 = take(budget, 'write', 'background');
    const bg2 = take(budget, 'write', 'background');
    const fg = take(budget, 'write', 'foreground');
    void bg1.p.then(() => order.push('bg1'));
    void bg2.p.then(() => order.push('bg2'));
    void fg.p.then(() => order.push('fg'));
    await vi.advanceTimersByTimeAsync(5_100);
    expect(order).toEqual(['fg', 'bg1', 'bg2']);
  });

  it('background work leaves a tenth of a known window to foreground requests: a record opened during a find goes at once', async () => {
    const budget = createRateBudget();
    const a = take(budget, 'read');
    await flush();
    a.state.slot!.done(limits(80, 10, T0 / 1000 + 30));
    const background = Array.from({ length: 4 }, () => take(budget, 'read', 'background'));
    await flush();
    // 10 remain, 8 kept for the user: two background reads go, two wait for the window.
    expect(background.map((b) => b.got())).toEqual([true, true, false, false]);
    expect(budget.pacing()).toEqual([expect.objectContaining({ lane: 'read', nextAt: T0 + 30_000 })]);
    const opened = take(budget, 'read', 'foreground');
    await flush();
    expect(opened.got()).toBe(true);
    await vi.advanceTimersByTimeAsync(30_100);
    expect(background.map((b) => b.got())).toEqual([true, true, true, true]);
  });

  it('a stop while waiting rejects with the stop error and frees the place; a stop after the slot changes nothing', async () => {
    const budget = createRateBudget();
    const a = take(budget);
    await flush();
    a.state.slot!.done(limits(1, 0, T0 / 1000 + 5));
    const stop = new AbortController();
    const b = take(budget, 'write', 'foreground', stop.signal);
    await flush();
    stop.abort();
    await flush();
    expect(b.state.error).toEqual(new Error('stopped'));
    expect(budget.pacing()).toEqual([]);
  });

  it('answers that come out of order: the least remaining of one window is the truth, an older window is ignored', async () => {
    const budget = createRateBudget();
    const first = take(budget);
    await flush();
    first.state.slot!.done(limits(10, 9, T0 / 1000 + 60));
    const slots = [take(budget), take(budget), take(budget)];
    await flush();
    slots[0]!.state.slot!.done(limits(10, 6, T0 / 1000 + 60));
    slots[1]!.state.slot!.done(limits(10, 8, T0 / 1000 + 60)); // came later, counted earlier
    slots[2]!.state.slot!.done(limits(10, 9, T0 / 1000 - 1)); // the window before
    await flush();
    const next = Array.from({ length: 7 }, () => take(budget));
    await flush();
    expect(next.filter((n) => n.got())).toHaveLength(6);
  });

  it('tells its listeners when requests start and stop waiting, not at each request', async () => {
    const budget = createRateBudget();
    const told = vi.fn();
    budget.subscribe(told);
    const a = take(budget);
    await flush();
    a.state.slot!.done(limits(5, 4, T0 / 1000 + 60));
    for (let i = 0; i < 4; i++) take(budget);
    await flush();
    expect(told).not.toHaveBeenCalled();
    take(budget);
    take(budget);
    await flush();
    expect(told).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_100);
    expect(told).toHaveBeenCalledTimes(2);
    expect(budget.pacing()).toEqual([]);
  });
});

describe('reset times', () => {
  const now = Date.UTC(2018, 5, 7, 2, 18, 50);

  it('reads Unix seconds, a small number of seconds from now, and ISO times (no zone: UTC)', () => {
    expect(resetTime('1528337969', now)).toBe(1528337969_000);
    expect(resetTime('42', now)).toBe(now + 42_000);
    expect(resetTime('2018-06-07T02:19:29.189972', now)).toBe(Date.UTC(2018, 5, 7, 2, 19, 29, 189));
    expect(resetTime('2018-06-07T02:19:29Z', now)).toBe(Date.UTC(2018, 5, 7, 2, 19, 29));
    expect(resetTime('2018-06-07T05:19:29+03:00', now)).toBe(Date.UTC(2018, 5, 7, 2, 19, 29));
    expect(resetTime('soon', now)).toBeUndefined();
  });

  it('an ISO time without a zone is UTC whatever the local zone', () => {
    // Date.parse would read it as local time: six times too long a wait in UTC−3, none in UTC+9.
    const tz = process.env.TZ;
    try {
      for (const zone of ['America/Sao_Paulo', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = zone;
        expect(isoTime('2018-06-07T02:19:29.189972')).toBe(Date.UTC(2018, 5, 7, 2, 19, 29, 189));
        expect(isoTime('2018-06-07 02:19:29')).toBe(Date.UTC(2018, 5, 7, 2, 19, 29));
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('corrects a server clock that is far from ours by its Date header', () => {
    expect(resetTime('1528337969', now, 10_000)).toBe(1528337969_000 - 10_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfter('7', now)).toBe(7_000);
    expect(retryAfter(new Date(now + 5_000).toUTCString(), now)).toBe(5_000);
    expect(retryAfter('later', now)).toBeUndefined();
  });
});

describe('time left', () => {
  it('is the wait for the lane, then a window per further limit', () => {
    const p = { lane: 'write' as const, limit: 20, windowMs: 60_000, nextAt: 1_042_000 };
    expect(timeLeftMs(p, 20, 1_000_000)).toBe(42_000);
    expect(timeLeftMs(p, 21, 1_000_000)).toBe(102_000);
    expect(timeLeftMs(p, 45, 1_000_000)).toBe(162_000);
  });
});
