// The retry policy of the transport (src/api/transport.ts): which calls may be sent again, after
// which failures, and how long to wait first. A 429 under the rate budget is not a retry: the
// budget waits it out (src/api/budget.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, LimitError, NetworkError, TimeoutError, UnexpectedResponseError, type ClientError } from './errors.js';
import { header } from './headers.js';

export interface RetryPolicy {
  /** Attempts of a call that may be sent again (GET/PUT/DELETE), the first included. */
  readonly maxAttempts: number;
  /** The first backoff step in ms (full jitter, doubling, capped at maxDelayMs). */
  readonly baseDelayMs: number;
  /** The longest single wait between attempts, Retry-After included. */
  readonly maxDelayMs: number;
  /** Drawn for full jitter; tests may fix it. */
  readonly random: () => number;
}

/** The policy of a client that sets none of it (ClientOptions: maxAttempts, baseDelayMs, maxDelayMs). */
export const DEFAULT_RETRY = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 30_000 } as const;

/** What may be sent again: a failed POST/PATCH never is (it may have acted; the store reconciles). */
const RETRYABLE_METHODS = new Set(['GET', 'PUT', 'DELETE']);

/** How many attempts a call of `method` has under `policy`. */
export function attemptsOf(policy: Pick<RetryPolicy, 'maxAttempts'>, method: string): number {
  return RETRYABLE_METHODS.has(method) ? policy.maxAttempts : 1;
}

/** Whether another try of a call that failed so may succeed (the first load's retries ask it too). */
export function isRetryable(error: ClientError): boolean {
  // Over a bound: the same request would go over it again.
  if (error instanceof LimitError || error instanceof UnexpectedResponseError) return false;
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  if (error instanceof NetworkError) return error.retryable;
  return error instanceof TimeoutError;
}

/**
 * The wait before attempt `attempt + 1`: what the server asked for (Retry-After, or until
 * X-RateLimit-Reset on a 429), else full-jitter exponential backoff; never above maxDelayMs.
 */
export function retryDelay(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
  attempt: number,
  reply: { readonly status: number; readonly headers: IncomingHttpHeaders } | undefined,
  now: number,
): number {
  const asked = reply ? serverWait(reply, now) : undefined;
  if (asked !== undefined) return Math.min(policy.maxDelayMs, asked);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

function serverWait(reply: { readonly status: number; readonly headers: IncomingHttpHeaders }, now: number): number | undefined {
  const retryAfter = header(reply.headers, 'retry-after');
  if (retryAfter !== undefined) {
    const wait = /^\d+(\.\d+)?$/.test(retryAfter) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(wait)) return Math.max(0, Math.ceil(wait));
  }
  if (reply.status !== 429) return undefined;
  const reset = header(reply.headers, 'x-ratelimit-reset');
  if (reset === undefined) return undefined;
  // Unix time in seconds (docs/api.md §5) or an ISO timestamp (§6); a small number is read as seconds from now.
  const seconds = /^\d+(\.\d+)?$/.test(reset) ? Number(reset) : undefined;
  const at = seconds === undefined ? Date.parse(reset) : seconds < 1e9 ? now + seconds * 1000 : seconds * 1000;
  return Number.isFinite(at) ? Math.max(0, Math.ceil(at - now)) : undefined;
}
