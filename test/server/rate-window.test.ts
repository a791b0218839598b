// `--rate-window SECONDS` and `--reset-format unix|iso` (issue 20): the fixed window's length, and
// X-RateLimit-Reset written as Unix seconds or as the real service recorded it (UTC, no zone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, resetText } from '../../src/server/rate-limit.js';
import { startTestEmulator, waitFor, type TestEmulator } from '../helpers/emulator.js';
import { CFG } from '../helpers/config-fixtures.js';

/** As recorded from the real service: `2018-06-07T02:19:29.189972`. */
const RECORDED_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;

describe('RateLimiter', () => {
  const T0 = Date.UTC(2018, 5, 7, 2, 19, 24, 189);

  it('opens a window of the given length: full within it, a fresh budget once it ends', () => {
    const limiter = new RateLimiter({ reads: 2, writes: 1, purges: 1, windowSeconds: 5, resetFormat: 'unix' });
    expect(limiter.take('k', 'read', T0)['x-ratelimit-remaining']).toBe('1');
    expect(limiter.take('k', 'read', T0 + 1000)['x-ratelimit-remaining']).toBe('0');
    expect(() => limiter.take('k', 'read', T0 + 4999)).toThrow(
      expect.objectContaining({ status: 429, headers: expect.objectContaining({ 'retry-after': '1' }) }),
    );
    const again = limiter.take('k', 'read', T0 + 5000);
    expect(again['x-ratelimit-remaining']).toBe('1');
    expect(again['x-ratelimit-reset']).toBe(String(Math.ceil((T0 + 10_000) / 1000)));
  });

  it('says the reset as the real service did: UTC with microseconds and no zone', () => {
    const limiter = new RateLimiter({ reads: 1, writes: 1, purges: 1, windowSeconds: 5, resetFormat: 'iso' });
    expect(limiter.take('k', 'write', T0)['x-ratelimit-reset']).toBe('2018-06-07T02:19:29.189000');
    expect(resetText(T0, 'unix')).toBe(String(Math.ceil(T0 / 1000)));
  });
});

describe('cdn-tui serve --rate-window --reset-format', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator(['--rate-limit', '2/1', '--rate-window', '2', '--reset-format', 'iso']);
  });
  afterAll(() => emu.close());

  it('answers with the ISO reset of a two-second window and lets requests through again after it', async () => {
    const before = Date.now();
    const first = await emu.call('GET', CFG);
    expect(first.status).toBe(200);
    const reset = first.headers.get('x-ratelimit-reset') ?? '';
    expect(reset).toMatch(RECORDED_ISO);
    // No zone means UTC: read so, the reset is two seconds after the window opened.
    const resetAt = Date.parse(`${reset}Z`);
    expect(resetAt).toBeGreaterThanOrEqual(before + 2000);
    expect(resetAt).toBeLessThanOrEqual(Date.now() + 2000);
    await emu.call('GET', CFG);
    const throttled = await emu.call('GET', CFG);
    expect(throttled.status).toBe(429);
    const wait = throttled.headers.get('retry-after');
    expect(['1', '2']).toContain(wait);
    expect(throttled.body.detail).toBe(`Request was throttled. Expected available in ${wait} seconds.`);
    // A 429 spends nothing: asking until the window turns over is allowed.
    await waitFor(async () => (await emu.call('GET', CFG)).status === 200, 4000);
  });
});
