// The client's typed failures. Every string that goes into an error passes through `redact`, so no
// credential reaches a message, a stack, a cause or a serialised error (docs/architecture.md, `src/api/`).
import { reasonPhrase } from '../util/builtins.js';
import { codeOf } from '../util/errors.js';

/** The secrets of one client (token; for POST /tokens also the password and its Basic form). */
export type Secrets = string | readonly string[];

const MASK = '[redacted]';
/** Shorter "secrets" (a test token "T") would mangle every message and protect nothing. */
const MIN_SECRET_LENGTH = 4;

/** `text` with every occurrence of each secret (and its URL-encoded form) replaced. */
export function redact(text: string, secrets: Secrets): string {
  let out = text;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = out.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out;
}

/** Deeper than this an error body is cut: `[[[…` a hundred thousand deep would overflow the stack. */
const MAX_DEPTH = 64;

/** A JSON value with `redact` applied to every string in it (keys included); nesting below MAX_DEPTH becomes '…'. */
export function redactValue(value: unknown, secrets: Secrets, depth = 0): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, secrets), redactValue(v, secrets, depth + 1)]));
}

/** `METHOD /path?query` of a URL, the way messages name a request. */
export function describeRequest(method: string, url: string): string {
  try {
    const u = new URL(url);
    return `${method} ${u.pathname}${u.search}`;
  } catch {
    return `${method} ${url}`;
  }
}

interface ErrorInit {
  readonly method: string;
  readonly url: string;
  readonly secrets?: Secrets;
  readonly cause?: unknown;
}

/** The base of every failure of a call: which request, in one readable sentence. */
export class ClientError extends Error {
  override name = 'ClientError';
  readonly method: string;
  readonly url: string;

  constructor(init: ErrorInit, sentence: string) {
    const secrets = init.secrets ?? [];
    const url = redact(init.url, secrets);
    super(
      redact(`${describeRequest(init.method, url)}: ${sentence}`, secrets),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.method = init.method;
    this.url = url;
  }
}

export interface ApiErrorInit extends ErrorInit {
  readonly status: number;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** A redirect's Location header (redirects are not followed: the token goes only to baseUrl). */
  readonly location?: string;
}

/** The server answered, with a status the call cannot use. */
export class ApiError extends ClientError {
  override name = 'ApiError';
  readonly status: number;
  /** `{"detail": …}` of a request-level error (docs/api.md §2). */
  readonly detail?: string;
  /** A validation error's messages by field; a string value becomes a one-item list (§6). */
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;
  /** What was wrong with an answer the client could not use ("the answer is not a list"). */
  readonly problem?: string;
  /** Where a redirect pointed. */
  readonly location?: string;

  constructor(init: ApiErrorInit, problem?: string) {
    const secrets = init.secrets ?? [];
    const body = redactValue(init.body, secrets);
    const { detail, fieldErrors } = parseErrorBody(body);
    const summary = problem ?? detail ?? summariseFields(fieldErrors);
    const reason = reasonPhrase(init.status) ?? 'Unknown Status';
    super(init, `${init.status} ${reason}${summary ? ` — ${summary}` : ''}`);
    this.status = init.status;
    if (detail !== undefined) this.detail = detail;
    if (problem !== undefined) this.problem = redact(problem, secrets);
    if (init.location !== undefined) this.location = redact(init.location, secrets);
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

/** The server answered with a success status but a body the client cannot use. */
export class UnexpectedResponseError extends ApiError {
  override name = 'UnexpectedResponseError';
}

/** Which network failure a code names; `reached` says whether the request may have been delivered. */
const NETWORK_CODES: Record<string, { readonly phrase: string; readonly reached: boolean }> = {
  ECONNREFUSED: { phrase: 'connection refused', reached: false },
  ENOTFOUND: { phrase: 'host not found', reached: false },
  EAI_AGAIN: { phrase: 'name lookup failed', reached: false },
  EHOSTUNREACH: { phrase: 'host unreachable', reached: false },
  ENETUNREACH: { phrase: 'network unreachable', reached: false },
  ECONNRESET: { phrase: 'connection reset', reached: true },
  EPIPE: { phrase: 'connection broken', reached: true },
  ETIMEDOUT: { phrase: 'connection timed out', reached: true },
  UND_ERR_SOCKET: { phrase: 'connection closed by the other side', reached: true },
  UND_ERR_CLOSED: { phrase: 'client closed', reached: false },
  UND_ERR_DESTROYED: { phrase: 'client destroyed', reached: false },
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: { phrase: 'answer cut short', reached: true },
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: { phrase: 'request cut short', reached: true },
};

/** A proxy between the client and the API, and the status it refused the tunnel with (none: it could not be reached). */
export interface ProxyFailure {
  /** host:port of the proxy. */
  readonly host: string;
  readonly status?: number;
}

/** Statuses of a proxy's refusal that another try may not meet: the proxy could not reach the API just then. */
const PROXY_RETRY_STATUSES = new Set([502, 503, 504]);

/** No usable answer came: the connection failed or broke. */
export class NetworkError extends ClientError {
  override name = 'NetworkError';
  /** ECONNREFUSED, UND_ERR_SOCKET, … ('UNKNOWN' for a failure without a code; PROXY_407 and such for a proxy's refusal). */
  readonly code: string;
  /** Whether the failure is a known network condition worth another attempt. */
  readonly retryable: boolean;
  /** Whether the server may have received (and acted on) the request. */
  readonly mayHaveReached: boolean;
  /** Set when the proxy (HTTPS_PROXY, HTTP_PROXY) failed, not the API: the request never got past it. */
  readonly proxy?: ProxyFailure;
  /** The names a certificate that is not for the host is for (ERR_TLS_CERT_ALTNAME_INVALID). */
  readonly certNames?: readonly string[];

  /** `sentence` replaces the one made from the code (LimitError says which bound it went over). */
  constructor(
    init: ErrorInit & {
      readonly code: string;
      readonly host: string;
      readonly detail?: string;
      readonly sentence?: string;
      readonly proxy?: ProxyFailure;
      readonly certNames?: readonly string[];
    },
  ) {
    const known = NETWORK_CODES[init.code];
    const what = known?.phrase ?? init.detail ?? init.code;
    const proxy = init.proxy;
    const sentence =
      init.sentence ??
      (proxy
        ? `cannot reach ${init.host} through the proxy ${proxy.host} (${proxy.status === undefined ? what : `it answered ${proxy.status}`})`
        : known && !known.reached
          ? `cannot reach ${init.host} (${what})`
          : `no answer from ${init.host} (${what})`);
    super(init, sentence);
    this.code = init.code;
    if (init.certNames) this.certNames = init.certNames;
    if (proxy) {
      this.proxy = proxy;
      this.retryable =
        proxy.status === undefined
          ? known !== undefined || init.code === 'UND_ERR_CONNECT_TIMEOUT'
          : PROXY_RETRY_STATUSES.has(proxy.status);
      this.mayHaveReached = false;
    } else {
      this.retryable = known !== undefined;
      this.mayHaveReached = known?.reached ?? true;
    }
  }
}

/** Which bound an answer went over: its size, the wait for its headers, the time its whole body took. */
export type LimitKind = 'size' | 'headers-time' | 'body-time';

const LIMIT_CODES: Record<LimitKind, string> = { size: 'LIMIT_SIZE', 'headers-time': 'LIMIT_HEADERS_TIME', 'body-time': 'LIMIT_BODY_TIME' };

/**
 * An answer went over one of the client's bounds (--max-body, --headers-timeout, --body-timeout)
 * and was abandoned, its connection closed. A NetworkError: no usable answer came, and the server
 * may have acted on the request (a write is reconciled, not sent again). Never retried: the same
 * request would go over the same bound again.
 */
export class LimitError extends NetworkError {
  override name = 'LimitError';
  readonly limit: LimitKind;
  /** The bound that was passed: bytes for 'size', milliseconds for the times. */
  readonly value: number;

  constructor(init: ErrorInit & { readonly limit: LimitKind; readonly value: number; readonly host: string }) {
    const sentence =
      init.limit === 'size'
        ? `the answer is larger than ${formatBytes(init.value)} (--max-body)`
        : init.limit === 'headers-time'
          ? `no answer from ${init.host} within ${seconds(init.value)} (--headers-timeout)`
          : `the answer from ${init.host} took longer than ${seconds(init.value)} to arrive (--body-timeout)`;
    super({ ...init, code: LIMIT_CODES[init.limit], sentence });
    this.limit = init.limit;
    this.value = init.value;
  }
}

/** A byte count the way --max-body takes it: 32 MiB, 64 MB, 512 KiB, or bytes when no unit divides it. */
export function formatBytes(bytes: number): string {
  const units: Array<[string, number]> = [
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
    ['GB', 1e9],
    ['MB', 1e6],
    ['kB', 1e3],
  ];
  for (const [unit, size] of units) if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  return `${bytes} bytes`;
}

/** Milliseconds as messages say them: `2.5 s`. */
export const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

export type TimeoutPhase = 'connect' | 'headers' | 'body';

/** An attempt took longer than its timeout. */
export class TimeoutError extends ClientError {
  override name = 'TimeoutError';
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number;

  constructor(init: ErrorInit & { readonly phase: TimeoutPhase; readonly timeoutMs: number; readonly host: string }) {
    const secs = seconds(init.timeoutMs);
    const sentence =
      init.phase === 'connect'
        ? `cannot reach ${init.host} (no connection within ${secs})`
        : init.phase === 'headers'
          ? `no answer from ${init.host} within ${secs}`
          : `the answer from ${init.host} stalled for ${secs}`;
    super(init, sentence);
    this.phase = init.phase;
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's signal cancelled the call (during an attempt or a wait between attempts). */
export class AbortError extends ClientError {
  override name = 'AbortError';

  constructor(init: ErrorInit, sentence = 'cancelled') {
    super(init, sentence);
  }
}

/** Stopped while it waited for the rate-limit budget: never sent (the server knows nothing of it). */
export class NotSentError extends AbortError {
  override name = 'NotSentError';

  constructor(init: ErrorInit) {
    super(init, 'stopped before it was sent');
  }
}

/** A copy of an underlying error with credentials removed, to serve as a `cause`. */
export function safeCause(error: unknown, secrets: Secrets): Error {
  const e = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redact(e.message, secrets));
  copy.name = e.name;
  if (e.stack) copy.stack = redact(e.stack, secrets);
  const code = errorCode(e);
  if (code) Object.assign(copy, { code });
  return copy;
}

/** The `code` of an error, looking inside an AggregateError (happy-eyeballs connects). */
export function errorCode(error: unknown): string | undefined {
  const code = codeOf(error);
  if (code !== undefined) return code;
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

function parseErrorBody(body: unknown): { detail?: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { fieldErrors };
  let detail: string | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail' && typeof value === 'string') detail = value;
    else {
      const messages = flattenMessages(value);
      if (messages.length) fieldErrors[key] = messages;
    }
  }
  return detail === undefined ? { fieldErrors } : { detail, fieldErrors };
}

/** A field's messages: a string, a list of strings, or (for list items) nested lists and maps. */
function flattenMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flattenMessages);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => flattenMessages(v).map((m) => `${k}: ${m}`));
  }
  return value === null || value === undefined ? [] : [String(value)];
}

function summariseFields(fieldErrors: Record<string, string[]>): string | undefined {
  const parts = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  // Messages are sentences ("name: This field may not be blank."); others get a separator.
  return parts.length ? parts.reduce((all, part) => `${all}${/[.!?]$/.test(all) ? ' ' : '; '}${part}`) : undefined;
}
