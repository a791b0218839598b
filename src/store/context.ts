// What the slices share: the store's setter/getter, its dependencies, and tracking of requests.
import type { StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../api/types.js';
import { AbortError, ApiError } from '../api/errors.js';
import type { DraftJournal } from './journal.js';
import type { AppState } from './create-store.js';
import type { Connection, RequestStatus } from './types.js';

export interface StoreDeps {
  readonly api: ApiClient;
  readonly journal: DraftJournal;
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
}

/** One sentence for any failure, in the API's words when it answered. */
export function messageOf(e: unknown): string {
  if (e instanceof ApiError) return e.detail ?? e.message;
  return e instanceof Error ? e.message : String(e);
}

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
  try {
    const value = await fn();
    ctx.set((s) => ({
      requests: { ...s.requests, [key]: { status: 'idle', at: ctx.now() } },
      connection: fresh(s.connection, ctx.now()) ? s.connection : { online: true, lastSuccessAt: ctx.now() },
    }));
    return value;
  } catch (e) {
    const answered = e instanceof ApiError;
    const aborted = e instanceof AbortError;
    ctx.set((s) => ({
      requests: { ...s.requests, [key]: aborted ? { status: 'idle', at: ctx.now() } : { status: 'error', message: messageOf(e), at: ctx.now() } },
      connection: answered || aborted ? { ...s.connection, online: true, lastSuccessAt: ctx.now() } : { ...s.connection, online: false, lastError: messageOf(e) },
    }));
    throw e;
  }
}
