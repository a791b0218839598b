// `--rate-limit READS/WRITES`: a fixed window per token and kind (API.md §5), a minute unless
// `--rate-window` says otherwise (tests pace through 5 s windows instead of waiting minutes).
import { HttpError } from './http-util.js';
import type { RateLimitOptions, ResetFormat } from './options.js';

interface Window {
  resetAt: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: RateLimitOptions) {}

  /** Counts the request; returns the headers to send, or throws the 429. */
  take(key: string, isRead: boolean, now = Date.now()): Record<string, string> {
    const limit = isRead ? this.limits.reads : this.limits.writes;
    const k = `${isRead ? 'r' : 'w'}:${key}`;
    let w = this.windows.get(k);
    if (!w || w.resetAt <= now) {
      w = { resetAt: now + this.limits.windowSeconds * 1000, used: 0 };
      this.windows.set(k, w);
    }
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.used - 1)),
      'x-ratelimit-reset': resetText(w.resetAt, this.limits.resetFormat),
    };
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
