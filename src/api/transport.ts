// One request over the injected undici Dispatcher: per-attempt abort and timeouts, typed errors,
// each attempt through the token's rate budget, and retries as src/api/retry.ts says (for
// GET/PUT/DELETE only: a failed POST/PATCH is never re-sent, the store reconciles).
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { nameOf } from '../util/errors.js';
import { VERSION } from '../util/version.js';
import type { AttemptEvent, ClientOptions } from './types.js';
import type { Lane, Priority, RateBudget, Slot } from './budget.js';
import { readBounded } from './body.js';
import { createDispatcher } from './dispatcher.js';
import { header } from './headers.js';
import { MAX_IN_FLIGHT } from './in-flight.js';
import { ProxyTunnelError } from './proxy-tunnel.js';
import { DEFAULT_RETRY, attemptsOf, isRetryable, retryDelay, type RetryPolicy } from './retry.js';
import {
  AbortError,
  ApiError,
  ClientError,
  LimitError,
  NetworkError,
  NotSentError,
  TimeoutError,
  UnexpectedResponseError,
  errorCode,
  safeCause,
  type Secrets,
  type TimeoutPhase,
} from './errors.js';

/**
 * The bounds of an answer by default, for a slow link: a list of 100,000 records is ~25 MiB; a
 * loaded server can take a while to start answering, and 32 MiB at 2 Mbit/s takes ~130 s (a list
 * that big comes in pages of 1,000, each well within the time). A stall (no byte at all) gives up sooner.
 */
export const DEFAULT_BOUNDS = {
  maxBodyBytes: 32 * 2 ** 20,
  headersMs: 30_000,
  bodyMs: 120_000,
  stallMs: 30_000,
  connectMs: 5_000,
} as const;

/** undici's timeouts that a retry may outlast; its headers timeout is the --headers-timeout bound. */
const TIMEOUT_CODES: Record<string, 'connect' | 'stall'> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_BODY_TIMEOUT: 'stall',
};
const TIMEOUT_PHASES: Record<'connect' | 'stall', TimeoutPhase> = { connect: 'connect', stall: 'body' };

export interface TransportSettings extends RetryPolicy {
  /** A promise when made here: the proxy agent loads on demand (src/api/dispatcher.ts). */
  readonly dispatcher: Dispatcher | Promise<Dispatcher>;
  /** In ms: connect, headers (from the request sent), body (the whole body), stall (between two chunks). */
  readonly timeouts: { readonly connect: number; readonly headers: number; readonly body: number; readonly stall: number };
  /** The most bytes one answer's body may carry. */
  readonly maxBodyBytes: number;
  readonly onAttempt?: (event: AttemptEvent) => void;
  /**
   * The rate-limit budget every request goes through: its token's (src/api/token-budget.ts).
   * Required, so that no transport goes unpaced by an omission: `null` says so on purpose (a login,
   * which is not the token's to count; a test), and then a 429 is retried like a 5xx.
   */
  readonly budget: RateBudget | null;
}

/**
 * The API version whose shapes the client implements (docs/api.md §4), asked for on every request as
 * the real clients do: a newer default on the server must not change the records under us.
 */
export const ACCEPT = 'application/json; version=1';
const USER_AGENT = `cdn-tui/${VERSION}`;

/** The settings of ClientOptions with their defaults; makes the one dispatcher when none is injected. */
export function transportSettings(options: ClientOptions & { readonly budget: RateBudget | null }): TransportSettings {
  if (options.budget === undefined) throw new TypeError('a transport needs a rate budget (null: unpaced, on purpose)');
  const body = positive(options.timeouts?.body ?? DEFAULT_BOUNDS.bodyMs, 'timeouts.body');
  const timeouts = {
    connect: positive(options.timeouts?.connect ?? DEFAULT_BOUNDS.connectMs, 'timeouts.connect'),
    headers: positive(options.timeouts?.headers ?? DEFAULT_BOUNDS.headersMs, 'timeouts.headers'),
    body,
    stall: Math.min(body, positive(options.timeouts?.stall ?? DEFAULT_BOUNDS.stallMs, 'timeouts.stall')),
  };
  return {
    dispatcher: options.dispatcher ?? ownDispatcher(options, timeouts.connect),
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_RETRY.maxAttempts),
    baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    timeouts,
    maxBodyBytes: positive(options.maxBodyBytes ?? DEFAULT_BOUNDS.maxBodyBytes, 'maxBodyBytes'),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
    random: Math.random,
    budget: options.budget,
  };
}

/** The client's own: MAX_IN_FLIGHT connections, the proxy of the environment, the profile's CA. */
function ownDispatcher(options: ClientOptions, connectMs: number): Promise<Dispatcher> {
  const made = createDispatcher({
    connections: MAX_IN_FLIGHT,
    connectMs,
    ...(options.extraCa !== undefined ? { extraCa: options.extraCa } : {}),
  });
  made.catch(() => undefined); // a failure is the first request's to report; none may go unhandled
  return made;
}

function positive(n: number, name: string): number {
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`${name} must be a positive number, not ${n}`);
  return n;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: URL;
  /** The whole Authorization header value (`Token …` or `Basic …`). */
  readonly authorization: string;
  /** Strings to keep out of every error (the token, a password). */
  readonly secrets: Secrets;
  /** Serialised as JSON, with Content-Type: application/json. */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Stops the request only while it waits for the budget (NotSentError); once sent, it goes on. */
  readonly stop?: AbortSignal | undefined;
  /** Foreground (default) goes before background when the budget makes requests wait. */
  readonly priority?: Priority | undefined;
  /** The budget's lane; default: by method (laneOf). */
  readonly lane?: Lane | undefined;
}

export interface HttpReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when the body was empty. */
  readonly body: unknown;
}

/**
 * Sends the request, retrying what may be retried; resolves with a 2xx reply or throws a ClientError.
 * With a budget, each attempt waits for its lane's slot first, and a 429 (the server did nothing)
 * is waited out and sent again whatever the method, with no limit of attempts: `stop` ends it.
 */
export async function send(settings: TransportSettings, req: HttpRequest): Promise<HttpReply> {
  if (settings.budget === undefined) throw new TypeError('a transport needs a rate budget (null: unpaced, on purpose)');
  const limit = attemptsOf(settings, req.method);
  const init = { method: req.method, url: req.url.href, secrets: req.secrets };
  let mayHaveActed = false;
  let throttled = 0;
  for (let attempt = 1; ; attempt++) {
    if (req.signal?.aborted) throw new AbortError(init);
    let reply: HttpReply | undefined;
    let error: ClientError;
    const slot = settings.budget ? await takeSlot(settings.budget, req, init) : undefined;
    try {
      reply = await attemptOnce(settings, req);
      slot?.done(reply);
      if (reply.status === 429 && slot) {
        // Held by the budget until the server's word (Retry-After, the reset); then sent again.
        throttled++;
        report(settings, { ...event(req, attempt), status: 429, paced: true });
        continue;
      }
      if (reply.status >= 200 && reply.status < 300) {
        report(settings, { ...event(req, attempt), status: reply.status });
        return reply;
      }
      if (req.method === 'DELETE' && reply.status === 404 && mayHaveActed) {
        // An earlier attempt got no answer but did the delete: the record is gone, as asked.
        report(settings, { ...event(req, attempt), status: reply.status });
        return { status: 204, headers: reply.headers, body: undefined };
      }
      const location = reply.headers.location;
      error = new ApiError({ ...init, status: reply.status, body: reply.body, ...(typeof location === 'string' ? { location } : {}) });
    } catch (e) {
      slot?.done();
      error = e instanceof ClientError ? e : toClientError(e, req, settings);
    }
    const tries = attempt - throttled;
    const wait = tries < limit && isRetryable(error) ? retryDelay(settings, tries, reply, Date.now()) : undefined;
    report(settings, {
      ...event(req, attempt),
      ...(error instanceof ApiError ? { status: error.status } : {}),
      error,
      ...(wait !== undefined ? { retryInMs: wait } : {}),
    });
    if (wait === undefined) throw error;
    if ((error instanceof NetworkError && error.mayHaveReached) || (error instanceof TimeoutError && error.phase !== 'connect')) {
      mayHaveActed = true;
    }
    await abortableDelay(wait, req.signal, () => new AbortError(init));
  }
}

/** The lane of a request: reads and writes have budgets of their own. */
export function laneOf(method: HttpRequest['method']): Lane {
  return method === 'GET' ? 'read' : 'write';
}

function takeSlot(budget: RateBudget, req: HttpRequest, init: { method: string; url: string; secrets: Secrets }): Promise<Slot> {
  const signals = [req.signal, req.stop].filter((s): s is AbortSignal => s !== undefined);
  const stop = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return budget.take(req.lane ?? laneOf(req.method), req.priority ?? 'foreground', stop, () =>
    req.signal?.aborted ? new AbortError(init) : new NotSentError(init),
  );
}

async function attemptOnce(settings: TransportSettings, req: HttpRequest): Promise<HttpReply> {
  // Per attempt: a controller of its own, linked to the caller's signal for this attempt only.
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(req.signal?.reason);
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const headers: Record<string, string> = { authorization: req.authorization, accept: ACCEPT, 'user-agent': USER_AGENT };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const dispatcher = await settings.dispatcher;
    const res = await dispatcher.request({
      origin: req.url.origin,
      path: req.url.pathname + req.url.search,
      method: req.method,
      headers,
      body: body ?? null,
      signal: controller.signal,
      headersTimeout: settings.timeouts.headers,
      bodyTimeout: settings.timeouts.stall,
    });
    const host = req.url.host;
    const init = { method: req.method, url: req.url.href, secrets: req.secrets, host };
    const text = await readBounded({
      body: res.body,
      declaredLength: declaredLength(res.headers),
      bounds: { maxBytes: settings.maxBodyBytes, deadlineMs: settings.timeouts.body },
      over: (limit) => new LimitError({ ...init, limit, value: limit === 'size' ? settings.maxBodyBytes : settings.timeouts.body }),
      cancel: (reason) => controller.abort(reason),
    });
    return { status: res.statusCode, headers: res.headers, body: parseBody(text, res.statusCode, req) };
  } catch (e) {
    if (e instanceof ClientError) throw e;
    throw toClientError(e, req, settings);
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
  }
}

function declaredLength(headers: IncomingHttpHeaders): number | undefined {
  const raw = header(headers, 'content-length');
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function parseBody(text: string, status: number, req: HttpRequest): unknown {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    if (status >= 200 && status < 300) {
      throw new UnexpectedResponseError(
        { method: req.method, url: req.url.href, secrets: req.secrets, status, body: text.slice(0, 2000) },
        'the answer is not valid JSON',
      );
    }
    return text.slice(0, 2000);
  }
}

/** Maps an undici (or socket) failure to AbortError, LimitError (headers), TimeoutError or NetworkError. */
export function toClientError(
  e: unknown,
  req: Pick<HttpRequest, 'method' | 'url' | 'secrets' | 'signal'>,
  settings: Pick<TransportSettings, 'timeouts'>,
): ClientError {
  const cause = safeCause(e, req.secrets);
  const init = { method: req.method, url: req.url.href, secrets: req.secrets, cause };
  const code = errorCode(e);
  if (req.signal?.aborted || code === 'UND_ERR_ABORTED' || nameOf(e) === 'AbortError') return new AbortError(init);
  const host = req.url.host;
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return new LimitError({ ...init, limit: 'headers-time', value: settings.timeouts.headers, host });
  const timeout = code === undefined ? undefined : TIMEOUT_CODES[code];
  if (timeout) return new TimeoutError({ ...init, phase: TIMEOUT_PHASES[timeout], timeoutMs: settings.timeouts[timeout], host });
  if (e instanceof ProxyTunnelError) {
    // The proxy, not the API, failed: its status, or why it could not be reached.
    const proxy = { host: e.proxy, ...(e.status !== undefined ? { status: e.status } : {}) };
    const why = e.status !== undefined ? `PROXY_${e.status}` : (errorCode(e.cause) ?? 'UNKNOWN');
    return new NetworkError({ ...init, code: why, host, detail: e.message, proxy });
  }
  const detail = e instanceof Error ? e.message : String(e);
  const certNames = code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? namesOfCert(e) : undefined;
  return new NetworkError({ ...init, code: code ?? 'UNKNOWN', host, detail, ...(certNames ? { certNames } : {}) });
}

/** The DNS names and IP addresses of the peer certificate Node's host check attaches to its error ("DNS:a, IP Address:1.2.3.4"). */
function namesOfCert(e: unknown): string[] | undefined {
  const cert: unknown = typeof e === 'object' && e !== null && 'cert' in e ? e.cert : undefined;
  const alt: unknown = typeof cert === 'object' && cert !== null && 'subjectaltname' in cert ? cert.subjectaltname : undefined;
  if (typeof alt !== 'string' || alt === '') return undefined;
  return alt.split(/,\s*/).map((name) => name.replace(/^(DNS|IP Address):/, ''));
}

function event(req: HttpRequest, attempt: number): AttemptEvent {
  return { method: req.method, url: req.url.href, attempt };
}

function report(settings: TransportSettings, e: AttemptEvent): void {
  try {
    settings.onAttempt?.(e);
  } catch {
    // A listener's failure is not the call's failure.
  }
}

/** Waits `ms`, or rejects with `abortError()` as soon as the signal aborts. */
function abortableDelay(ms: number, signal: AbortSignal | undefined, abortError: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
