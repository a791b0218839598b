// What the slices share: the store's setter/getter, its dependencies, and tracking of requests.
import type { StoreApi } from 'zustand/vanilla';
import {
  type ApiClient,
  AbortError,
  ApiError,
  ClientError,
  LimitError,
  UnexpectedResponseError,
  isRetryable,
  explain,
} from '../api/index.js';
import type { DraftJournal } from './journal.js';
import type { HistoryStore } from './history.js';
import type { ListKeep } from './keep/file.js';
import type { AppState } from './create-store.js';
import type { Connection, RequestStatus } from './types.js';

export interface StoreDeps {
  readonly api: ApiClient;
  readonly journal: DraftJournal;
  /** Where the history of sent changes is kept (none: in memory). */
  readonly history?: HistoryStore;
  /** Where lists are kept between sessions (keep/file.ts); none: nothing is kept (--no-cache, the demo, tests). */
  readonly keep?: ListKeep;
  /** Requests in flight at once in applyMany (at most MAX_IN_FLIGHT of src/api/transport.ts, 8). */
  readonly concurrency?: number;
  readonly now?: () => number;
}

export interface SliceContext {
  readonly set: StoreApi<AppState>['setState'];
  readonly get: StoreApi<AppState>['getState'];
  readonly deps: StoreDeps;
  readonly now: () => number;
  /** Puts on disk the draft changes not written yet (the journal is written a little later otherwise). */
  readonly flushJournal: () => void;
  /** The history changed: it is written within the journal's delay. */
  readonly historyChanged: () => void;
}

/** One sentence for any failure, by its cause (src/api/explain.ts); the API's words when it gave some. */
export function messageOf(e: unknown): string {
  return explain(e);
}

/**
 * Whether a failed call says the API cannot be used now (the header says what failed): no answer,
 * the token rejected or not permitted, rate limited, a server error, a redirect, an answer that is
 * not the API's. A refused write (400, 404, 409, 422) is an answer like any other.
 */
function apiFailing(e: unknown): boolean {
  if (!(e instanceof ApiError)) return true;
  return (
    e instanceof UnexpectedResponseError ||
    e.status === 401 ||
    e.status === 403 ||
    e.status === 429 ||
    e.status >= 500 ||
    (e.status >= 300 && e.status < 400)
  );
}

/** How long a request may be out before the header says the API is not answering (it keeps waiting). */
export const SLOW_MS = 10_000;

/**
 * Whether the connection state already says online with a success less than a second ago: it is
 * shown as "updated just now" (then minutes), so it is kept as it is rather than replaced at every answer
 * (which redrew the header for each of 200 answers of a bulk apply).
 */
function fresh(c: Connection, now: number): boolean {
  return c.online && c.lastError === undefined && c.lastSuccessAt !== undefined && now - c.lastSuccessAt < 1000;
}

/** Marks a request key while `fn` runs; keeps the connection state in step with what the API did. */
export async function track<T>(ctx: SliceContext, key: string, status: RequestStatus, fn: () => Promise<T>): Promise<T> {
  const at = ctx.now();
  ctx.set((s) => ({ requests: { ...s.requests, [key]: { status, at } } }));
  // Not answering after SLOW_MS: the header says so while the request waits (up to its time limit).
  // Waiting for the rate limit is not the API failing to answer: the pacing says that wait.
  let slow: NodeJS.Timeout | undefined;
  const watch = () => {
    slow = setTimeout(() => {
      if (ctx.get().pacing) return watch();
      ctx.set((s) => ({ connection: { ...s.connection, lastError: `no answer for ${SLOW_MS / 1000} s; still waiting` } }));
    }, SLOW_MS);
    slow.unref?.();
  };
  watch();
  try {
    const value = await fn();
    clearTimeout(slow);
    ctx.set((s) => ({
      requests: { ...s.requests, [key]: { status: 'idle', at: ctx.now() } },
      connection: fresh(s.connection, ctx.now()) ? s.connection : { online: true, lastSuccessAt: ctx.now() },
    }));
    return value;
  } catch (e) {
    clearTimeout(slow);
    const aborted = e instanceof AbortError;
    const message = messageOf(e);
    ctx.set((s) => ({
      requests: { ...s.requests, [key]: aborted ? { status: 'idle', at: ctx.now() } : { status: 'error', message, at: ctx.now() } },
      connection: connectionAfter(s.connection, e, message, ctx.now()),
    }));
    throw e;
  }
}

/**
 * The connection state after a failed call: cancelled or refused (an answer) is fine; else what
 * failed, whether another try may change it (the app then tries again on its own) and, for a
 * rejected token, when (the app offers to log in again). A try waiting (`retryAt`) is not kept: the
 * one who scheduled it says so again (src/store/reconnect.ts).
 */
export function connectionAfter(c: Connection, e: unknown, message: string, now: number): Connection {
  if (e instanceof AbortError) return c.lastError === undefined ? c : { ...c, lastError: undefined };
  if (!apiFailing(e)) return { online: true, lastSuccessAt: now };
  // It answered (a status), so it is there; what it answered is the problem. No answer: offline.
  const lastSuccessAt = c.lastSuccessAt === undefined ? {} : { lastSuccessAt: c.lastSuccessAt };
  const answered = e instanceof ApiError || (e instanceof LimitError && e.limit === 'size');
  const rejected = e instanceof ApiError && e.status === 401 ? { rejectedAt: now } : {};
  return { online: answered, ...lastSuccessAt, lastError: message, retryable: e instanceof ClientError && isRetryable(e), ...rejected };
}
