// The API client's public shape: the resources it reaches and the options of a call.
import type { Dispatcher } from 'undici';
import type { Rec, ResourceRecord, ResponseOf, SchemaOf, Extras } from '../schema/index.js';
import type { Priority, RateBudget } from './budget.js';
import type { PurgeKind, PurgeOutcome } from './purge.js';

/** The kinds of record the client reads and writes (each with list, get, create, put, patch, delete). */
export type RecordKind = 'configuration' | 'rule' | 'cache_setting' | 'origin';

/**
 * Where a record or list lives, by kind: configurations have no parent; the others live in a
 * configuration, whose id they must give. `Place` alone is the union of every kind's place.
 */
export type Place<K extends RecordKind = RecordKind> = K extends 'configuration'
  ? { readonly kind: K; readonly conf?: undefined }
  : { readonly kind: K; readonly conf: number };

/** A place of kind `K` (the `kind` property is where a call's record type is read from). */
export type PlaceOf<K extends RecordKind> = Place<K> & { readonly kind: K };

/** What a PUT answers: the rules engine echoes the sent fields only, plus id (docs/api.md §4.2). */
export type PutAnswer<K extends RecordKind> = Partial<ResponseOf<SchemaOf<K>>> & Extras;

export interface CallOptions {
  /** Cancels the call (and its retries, and any wait between them): rejects with AbortError. */
  readonly signal?: AbortSignal;
  /**
   * Stops the call only while it waits for the rate-limit budget (rejects with NotSentError); a
   * request already sent goes on. What a user's "stop" does: nothing half-sent.
   */
  readonly stop?: AbortSignal;
  /** Foreground (default: the user waits for it) goes before background (find, refreshes) when requests wait for the budget. */
  readonly priority?: Priority;
}

export interface ClientOptions {
  /** e.g. http://127.0.0.1:4010 (a path prefix is kept; a trailing slash is ignored). */
  readonly baseUrl: string;
  readonly token: string;
  /**
   * The one undici Agent (keep-alive, a few connections) — tests inject their own (or a MockAgent).
   * Without one the client makes its own, through the proxy of HTTPS_PROXY/HTTP_PROXY (NO_PROXY)
   * when one is set, trusting `extraCa` as well.
   */
  readonly dispatcher?: Dispatcher;
  /** PEM of CA certificates trusted besides Node's default ones (--ca-file); ignored with `dispatcher`. */
  readonly extraCa?: string;
  /** Attempts for retryable calls (GET/PUT/DELETE), first one included. Default 4. */
  readonly maxAttempts?: number;
  /** First backoff step in ms (full jitter, doubling, capped at maxDelayMs). Default 250. */
  readonly baseDelayMs?: number;
  /** Longest single wait between attempts, Retry-After included. Default 30 000. */
  readonly maxDelayMs?: number;
  /**
   * Per-attempt timeouts in ms. `connect`: to open a connection (default 5 000). `headers`: from
   * the request sent to the answer's headers (default 30 000). `body`: the whole body, from the
   * headers to its last byte (default 120 000). `stall`: the longest pause between two chunks of
   * the body (default 30 000, never above `body`). Past `headers` or `body` the call fails with a
   * LimitError, not retried; a connect timeout or a stall is a TimeoutError, retried like a
   * network failure.
   */
  readonly timeouts?: { readonly connect?: number; readonly headers?: number; readonly body?: number; readonly stall?: number };
  /**
   * The most bytes an answer's body may carry (default 32 MiB), counted as it streams in: a larger
   * one is cut off there and the call fails with a LimitError, not retried.
   */
  readonly maxBodyBytes?: number;
  /** Told about every attempt's outcome (connection state in the header, request counts in tests). */
  readonly onAttempt?: (event: AttemptEvent) => void;
  /**
   * The rate-limit budget (src/api/budget.ts). Default: the one of this base URL and token, shared
   * by every client of the process (src/api/token-budget.ts), following the token on setToken.
   * A budget of the caller's own, or null: none, on purpose (sent at once, a 429 retried like a 5xx).
   */
  readonly budget?: RateBudget | null;
}

export interface AttemptEvent {
  readonly method: string;
  readonly url: string;
  readonly attempt: number;
  /** The HTTP status, or undefined when no answer came (network error, timeout). */
  readonly status?: number;
  readonly error?: Error;
  /** The wait before the next attempt, when there will be one. */
  readonly retryInMs?: number;
  /** A 429 the budget waits out before sending again (not a failure: the pacing says how long). */
  readonly paced?: boolean;
}

export interface ListOptions extends CallOptions {
  /** One page (1-based) of `pageSize` (1..1000); absent: the whole list. */
  readonly page?: number;
  readonly pageSize?: number;
}

export interface PagesOptions extends CallOptions {
  /** Records per page (1..1000). Default 1000, the most docs/api.md §1 allows. */
  readonly pageSize?: number;
  /** Pages asked for at once once the first has said the total. Default 4. */
  readonly ahead?: number;
}

/** One page of a list read page by page. */
export interface ListPage<R extends Rec = Rec> {
  /** This page's records, in list order. */
  readonly items: R[];
  /** The whole list's length when the server says it (X-Total-Count, a wrapper's `count`); it can change from page to page. */
  readonly total?: number;
}

export interface ListResult<R extends Rec = Rec> {
  readonly items: R[];
  /** From X-Total-Count when the server sends it, else items.length. */
  readonly total: number;
}

export interface TokenResult {
  readonly token: string;
  readonly created_at: string;
  readonly expires_at: string;
}

/**
 * Every endpoint of docs/api.md, by resource. Records come back as the server sent them (extra fields
 * kept, docs/api.md §6), typed as the record of the place's kind: the client checks only that each is a
 * JSON object, so a caller that needs every field present checks with `isRecordOf`. Bodies are the
 * fields to send, untyped: the server judges them.
 */
export interface ApiClient {
  list<K extends RecordKind>(place: PlaceOf<K>, options?: ListOptions): Promise<ListResult<ResourceRecord<K>>>;
  /**
   * The whole list page by page, each page as soon as it is in (in list order): numbered pages
   * (`page`, `page_size`, X-Total-Count), several asked for ahead once the total is known; a
   * wrapped list's `links.next`; a server that ignores paging gives it all as one page. Leaving
   * the loop early cancels the requests still out.
   */
  listPages<K extends RecordKind>(place: PlaceOf<K>, options?: PagesOptions): AsyncIterable<ListPage<ResourceRecord<K>>>;
  get<K extends RecordKind>(place: PlaceOf<K>, id: number, options?: CallOptions): Promise<ResourceRecord<K>>;
  create<K extends RecordKind>(place: PlaceOf<K>, body: Rec, options?: CallOptions): Promise<ResourceRecord<K>>;
  put<K extends RecordKind>(place: PlaceOf<K>, id: number, body: Rec, options?: CallOptions): Promise<PutAnswer<K>>;
  patch<K extends RecordKind>(place: PlaceOf<K>, id: number, body: Rec, options?: CallOptions): Promise<ResourceRecord<K>>;
  delete(place: Place, id: number, options?: CallOptions): Promise<void>;
  getErrorResponses(conf: number, options?: CallOptions): Promise<ResourceRecord<'error_responses'>>;
  putErrorResponses(conf: number, body: Rec, options?: CallOptions): Promise<ResourceRecord<'error_responses'>>;
  patchErrorResponses(conf: number, body: Rec, options?: CallOptions): Promise<ResourceRecord<'error_responses'>>;
  /**
   * POST /purge/{kind} `{"urls": [...], "method": "delete"}` (docs/api.md §4.6), through the budget's
   * purge lane. Resolves with each group's result (a 201 is one accepted group of all the URLs);
   * a 4xx (a bad list, a wildcard without `*`) is an ApiError. Never sent twice on its own.
   */
  purge(kind: PurgeKind, urls: readonly string[], options?: CallOptions): Promise<PurgeOutcome>;
  /** POST /tokens with HTTP Basic auth (no token needed). */
  createToken(user: string, password: string, options?: CallOptions): Promise<TokenResult>;
  readonly baseUrl: string;
  /** The rate-limit budget every call but createToken goes through (none: made with `budget: null`, or a test double). */
  readonly budget?: RateBudget;
}

/** The client createApiClient makes: an ApiClient whose token can be swapped while it runs. */
export interface TokenClient extends ApiClient {
  /**
   * Sends `token` from now on (a new login in the running app), on calls already waiting too; every
   * token it has sent stays redacted from its errors.
   */
  setToken(token: string): void;
}
