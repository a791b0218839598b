// Rate limits (docs/api.md §5, docs/origins-and-purge.md): a fixed window per token and lane — reads,
// writes and purges, each with its own count — a minute unless `--rate-window` says otherwise
// (tests pace through 5 s windows instead of waiting minutes). Without `--rate-limit` the limits
// are high but real: every answer says them, and they are enforced all the same.
import { HttpError } from './http-util.js';
import type { RateLimitOptions, ResetFormat } from './options.js';

export type RateLane = 'read' | 'write' | 'purge';

/** The limits without `--rate-limit`: far beyond what a person or a test sends, yet counted. */
export const UNLIMITED: RateLimitOptions = { reads: 100_000, writes: 100_000, purges: 100_000, windowSeconds: 60, resetFormat: 'unix' };

interface Window {
  resetAt: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: RateLimitOptions) {}

  /** Counts the request; returns the headers to send, or throws the 429. */
  take(key: string, lane: RateLane, now = Date.now()): Record<string, string> {
    const { w, limit } = this.window(key, lane, now);
    const headers = this.headers(w, limit, 1);
    if (w.used >= limit) {
      const wait = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw new HttpError(
        429,
        { detail: `Request was throttled. Expected available in ${wait} seconds.` },
        { ...headers, 'x-ratelimit-remaining': '0', 'retry-after': String(wait) },
      );
    }
    w.used++;
    return headers;
  }

  /** The headers of an answer that is not counted (refused before its caller was known, a 401). */
  peek(key: string, lane: RateLane, now = Date.now()): Record<string, string> {
    return this.headers(this.window(key, lane, now).w, this.limitOf(lane), 0);
  }

  private limitOf(lane: RateLane): number {
    return lane === 'read' ? this.limits.reads : lane === 'write' ? this.limits.writes : this.limits.purges;
  }

  private window(key: string, lane: RateLane, now: number): { w: Window; limit: number } {
    const k = `${lane}:${key}`;
    let w = this.windows.get(k);
    if (!w || w.resetAt <= now) {
      w = { resetAt: now + this.limits.windowSeconds * 1000, used: 0 };
      this.windows.set(k, w);
    }
    if (this.windows.size > 10_000) this.sweep(now);
    return { w, limit: this.limitOf(lane) };
  }

  /** Drops the windows that have passed (so many callers over days do not grow the map for ever). */
  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  /** `Remaining` counts after this request (`taking` 1) or as it stands (0). */
  private headers(w: Window, limit: number, taking: number): Record<string, string> {
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.used - taking)),
      'x-ratelimit-reset': resetText(w.resetAt, this.limits.resetFormat),
    };
  }
}

/**
 * When the window resets: Unix seconds (rounded up), or as the real service wrote it,
 * `2018-06-07T02:19:29.189972` — UTC with microseconds and no zone, which a client that reads it
 * as local time gets wrong by its offset.
 */
export function resetText(resetAtMs: number, format: ResetFormat): string {
  if (format === 'unix') return String(Math.ceil(resetAtMs / 1000));
  return `${new Date(resetAtMs).toISOString().slice(0, -1)}000`;
}
