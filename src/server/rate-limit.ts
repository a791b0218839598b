// `--rate-limit READS/WRITES`: a fixed one-minute window per token and kind (API.md §5).
import { HttpError } from './http-util.js';

interface Window {
  resetAt: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly limits: { readonly reads: number; readonly writes: number }) {}

  /** Counts the request; returns the headers to send, or throws the 429. */
  take(key: string, isRead: boolean, now = Date.now()): Record<string, string> {
    const limit = isRead ? this.limits.reads : this.limits.writes;
    const k = `${isRead ? 'r' : 'w'}:${key}`;
    let w = this.windows.get(k);
    if (!w || w.resetAt <= now) {
      w = { resetAt: now + 60_000, used: 0 };
      this.windows.set(k, w);
    }
    const reset = Math.ceil(w.resetAt / 1000);
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.used - 1)),
      'x-ratelimit-reset': String(reset),
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
