// The API client's public shape: the resources it reaches and the options of a call.
import type { Dispatcher } from 'undici';
import type { Rec } from '../schema/index.js';

/** The kinds of record the client reads and writes. Origins are read-only. */
export type RecordKind = 'configuration' | 'rule' | 'cache_setting' | 'origin';

/** Where a record or list lives: configurations have no parent; the others live in a configuration. */
export interface Place {
  readonly kind: RecordKind;
  /** The owning configuration (all kinds but configuration). */
  readonly conf?: number;
}

export interface CallOptions {
  /** Cancels the call (and its retries, and any wait between them): rejects with AbortError. */
  readonly signal?: AbortSignal;
}

export interface ClientOptions {
  /** e.g. http://127.0.0.1:4010 (a path prefix is kept; a trailing slash is ignored). */
  readonly baseUrl: string;
  readonly token: string;
  /** The one undici Agent (keep-alive, a few connections) — tests inject their own (or a MockAgent). */
  readonly dispatcher?: Dispatcher;
  /** Attempts for retryable calls (GET/PUT/DELETE), first one included. Default 4. */
  readonly maxAttempts?: number;
  /** First backoff step in ms (full jitter, doubling, capped at maxDelayMs). Default 250. */
  readonly baseDelayMs?: number;
  /** Longest single wait between attempts, Retry-After included. Default 30 000. */
  readonly maxDelayMs?: number;
  /** Per-attempt timeouts in ms. Defaults: connect 5 000, headers 15 000, body 30 000. */
  readonly timeouts?: { readonly connect?: number; readonly headers?: number; readonly body?: number };
  /** Told about every attempt's outcome (connection state in the header, request counts in tests). */
  readonly onAttempt?: (event: AttemptEvent) => void;
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
}

export interface ListOptions extends CallOptions {
  /** One page (1-based) of `pageSize` (1..1000); absent: the whole list. */
  readonly page?: number;
  readonly pageSize?: number;
}

export interface ListResult {
  readonly items: Rec[];
  /** From X-Total-Count when the server sends it, else items.length. */
  readonly total: number;
}

export interface TokenResult {
  readonly token: string;
  readonly created_at: string;
  readonly expires_at: string;
}

/** Every endpoint of API.md, by resource. Records are plain JSON objects as the server sent them. */
export interface ApiClient {
  list(place: Place, options?: ListOptions): Promise<ListResult>;
  get(place: Place, id: number, options?: CallOptions): Promise<Rec>;
  create(place: Place, body: Rec, options?: CallOptions): Promise<Rec>;
  put(place: Place, id: number, body: Rec, options?: CallOptions): Promise<Rec>;
  patch(place: Place, id: number, body: Rec, options?: CallOptions): Promise<Rec>;
  delete(place: Place, id: number, options?: CallOptions): Promise<void>;
  getErrorResponses(conf: number, options?: CallOptions): Promise<Rec>;
  putErrorResponses(conf: number, body: Rec, options?: CallOptions): Promise<Rec>;
  patchErrorResponses(conf: number, body: Rec, options?: CallOptions): Promise<Rec>;
  /** POST /tokens with HTTP Basic auth (no token needed). */
  createToken(user: string, password: string, options?: CallOptions): Promise<TokenResult>;
  readonly baseUrl: string;
}
