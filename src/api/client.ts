// The typed client of docs/api.md: one method per endpoint, paths from `resourcePath`, and the response
// variants of §6 (wrapped lists with `links.next`, wrapped records, extra fields kept as sent).
import { isPlainObject, type ErrorResponses, type Rec, type ResourceRecord } from '../schema/index.js';
import { UnexpectedResponseError } from './errors.js';
import { resourcePath, type PathKind } from './paths.js';
import { send, transportSettings, type HttpReply, type HttpRequest } from './transport.js';
import type { Lane } from './budget.js';
import { header } from './headers.js';
import { followingBudget, tokenBudget } from './token-budget.js';
import { pagesOf, type FetchedPage } from './pages.js';
import { purgeOutcome, purgeRequest } from './purge.js';
import type {
  ApiClient,
  CallOptions,
  ClientOptions,
  ListOptions,
  ListResult,
  PagesOptions,
  PlaceOf,
  PutAnswer,
  RecordKind,
  TokenClient,
  TokenResult,
} from './types.js';

/**
 * An answer's record as the record type of its kind. The client keeps records as the server sent
 * them (docs/api.md §6) and checks only that each is a JSON object; that its fields have the types of
 * the contract (docs/api.md §4) is the server's word, which `isRecordOf` checks for a caller that needs it.
 */
function served<R extends Rec>(record: Rec): R {
  return record as R; // cast: the contract's record type for an answer the client does not check field by field (see above)
}

type Method = HttpRequest['method'];

/** Most pages a list follows before deciding the server is looping. */
const MAX_PAGES = 10_000;

/** The largest `page_size` of docs/api.md §1. */
const MAX_PAGE_SIZE = 1000;

export function createApiClient(options: ClientOptions): TokenClient {
  const base = parseBaseUrl(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const baseUrl = base.origin + prefix;
  // The token's budget, shared by every client of the process on it (src/api/token-budget.ts), and
  // moved with the token on a new login; unless the options give one (null: none, on purpose).
  const following = options.budget === undefined ? followingBudget(tokenBudget(baseUrl, options.token)) : undefined;
  const budget = following ?? options.budget ?? null;
  const settings = transportSettings({ ...options, budget });
  // Every token this client has sent stays a secret (a request queued before a new login still
  // names the old one); the array is shared by reference, so errors made later redact the new one.
  const secrets: string[] = [options.token];
  let token = options.token;

  const urlOf = (path: string, query?: Record<string, number | undefined>): URL => {
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };

  const call = (method: Method, url: URL, opts: CallOptions | undefined, body?: unknown, lane?: Lane): Promise<HttpReply> =>
    send(settings, {
      method,
      url,
      signal: opts?.signal,
      stop: opts?.stop,
      priority: opts?.priority,
      lane,
      // Read as each attempt is sent, not as the call is made: a request that waited for the rate
      // limit (or between retries) across a new login goes out with the new token.
      get authorization() {
        return `Token ${token}`;
      },
      secrets,
      ...(body === undefined ? {} : { body }),
    });

  const unexpected = (method: Method, url: URL, reply: HttpReply, problem: string): UnexpectedResponseError =>
    new UnexpectedResponseError({ method, url: url.href, secrets, status: reply.status, body: reply.body }, problem);

  /** A single record, bare or wrapped as `{"results": {...}}`. */
  const recordOf = (method: Method, url: URL, reply: HttpReply): Rec => {
    const body = reply.body;
    if (isPlainObject(body) && isPlainObject(body.results) && Object.keys(body).every((k) => WRAPPER_KEYS.has(k))) {
      return body.results;
    }
    if (isPlainObject(body)) return body;
    throw unexpected(method, url, reply, 'the answer is not a record');
  };

  /** One record's call; `R` is the record type of the kind asked for. */
  const one = async <R extends Rec>(
    method: Method,
    kind: PathKind,
    conf: number | undefined,
    id: number | undefined,
    opts?: CallOptions,
    body?: Rec,
  ): Promise<R> => {
    const url = urlOf(resourcePath(kind, conf, id));
    return served<R>(recordOf(method, url, await call(method, url, opts, body)));
  };

  /**
   * One GET of a list. `seen` holds the pages of one reading: a `links.next` to another origin (the
   * token goes only where baseUrl points) or back to a page already read is refused, not followed.
   */
  const fetchList = async <R extends Rec>(url: URL, opts: CallOptions, seen: Set<string>): Promise<FetchedPage<R>> => {
    seen.add(url.href);
    const reply = await call('GET', url, opts);
    const page = pageOf(reply.body);
    if (!page) throw unexpected('GET', url, reply, 'the answer is not a list (nor {"results": [...]})');
    const records = page.items;
    const bad = records.findIndex((r) => !isPlainObject(r) || !Number.isSafeInteger(r.id) || Number(r.id) <= 0);
    if (bad >= 0) {
      const r = records[bad];
      const what = !isPlainObject(r)
        ? 'is not a record'
        : r.id === undefined
          ? 'has no id'
          : `has the id ${JSON.stringify(r.id).slice(0, 20)}, not a positive integer`;
      throw unexpected('GET', url, reply, `item ${bad + 1} ${what}`);
    }
    const total = totalOf(reply, page.count);
    // cast: the contract's record type for records the client does not check field by field (see `served`)
    const items = records as R[];
    if (page.next === undefined) return { items, ...(total === undefined ? {} : { total }) };
    const next = new URL(page.next, url);
    if (next.origin !== base.origin) throw unexpected('GET', url, reply, `the next page is on another origin (${next.origin})`);
    if (seen.has(next.href) || seen.size >= MAX_PAGES) throw unexpected('GET', url, reply, 'the pages link back to themselves');
    return { items, next, ...(total === undefined ? {} : { total }) };
  };

  const list: ApiClient['list'] = async <K extends RecordKind>(
    place: PlaceOf<K>,
    opts: ListOptions = {},
  ): Promise<ListResult<ResourceRecord<K>>> => {
    const onePage = opts.page !== undefined || opts.pageSize !== undefined;
    const seen = new Set<string>();
    const items: Array<ResourceRecord<K>> = [];
    let total: number | undefined;
    for (let url: URL | undefined = urlOf(resourcePath(place.kind, place.conf), { page: opts.page, page_size: opts.pageSize }); url;) {
      const page: FetchedPage<ResourceRecord<K>> = await fetchList(url, opts, seen);
      for (const r of page.items) items.push(r); // one by one: a spread of a long page overflows the stack
      total ??= page.total;
      url = onePage ? undefined : page.next;
    }
    return { items, total: total ?? items.length };
  };

  const listPages: ApiClient['listPages'] = <K extends RecordKind>(place: PlaceOf<K>, opts: PagesOptions = {}) => {
    const pageSize = opts.pageSize ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
      throw new RangeError(`a page holds 1..${MAX_PAGE_SIZE} records, not ${pageSize}`);
    const seen = new Set<string>();
    return pagesOf<ResourceRecord<K>>({
      fetch: (url, signal) => fetchList(url, { ...opts, signal }, seen),
      pageUrl: (n) => urlOf(resourcePath(place.kind, place.conf), { page: n, page_size: pageSize }),
      pageSize,
      ahead: Math.max(1, opts.ahead ?? 4),
      maxPages: MAX_PAGES,
      paging: { client: options, kind: place.kind },
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  };

  return {
    baseUrl,
    ...(budget ? { budget } : {}),
    list,
    listPages,
    get: (place, id, opts) => one('GET', place.kind, place.conf, id, opts),
    create: (place, body, opts) => one('POST', place.kind, place.conf, undefined, opts, body),
    put: <K extends RecordKind>(place: PlaceOf<K>, id: number, body: Rec, opts?: CallOptions) =>
      one<PutAnswer<K>>('PUT', place.kind, place.conf, id, opts, body),
    patch: (place, id, body, opts) => one('PATCH', place.kind, place.conf, id, opts, body),

    async delete(place, id, opts): Promise<void> {
      const url = urlOf(resourcePath(place.kind, place.conf, id));
      const reply = await call('DELETE', url, opts);
      // 204 as docs/api.md says; 200 (with or without a body) and 202 as other servers answer.
      if (reply.status !== 204 && reply.status !== 200 && reply.status !== 202) {
        throw unexpected('DELETE', url, reply, `expected 204, got ${reply.status}`);
      }
    },

    getErrorResponses: (conf, opts) => one<ErrorResponses>('GET', 'error_responses', conf, undefined, opts),
    putErrorResponses: (conf, body, opts) => one<ErrorResponses>('PUT', 'error_responses', conf, undefined, opts, body),
    patchErrorResponses: (conf, body, opts) => one<ErrorResponses>('PATCH', 'error_responses', conf, undefined, opts, body),

    async purge(kind, urls, opts) {
      const request = purgeRequest(kind, urls);
      const url = urlOf(request.path);
      const reply = await call('POST', url, opts, request.body, 'purge');
      const outcome = purgeOutcome(reply.status, reply.body, urls);
      if (typeof outcome === 'string') throw unexpected('POST', url, reply, outcome);
      return outcome;
    },

    setToken(next: string): void {
      if (!secrets.includes(next)) secrets.push(next);
      token = next;
      following?.follow(tokenBudget(baseUrl, next));
    },

    async createToken(user: string, password: string, opts?: CallOptions): Promise<TokenResult> {
      const url = urlOf('/tokens');
      const basic = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
      const loginSecrets = [password, basic, `${user}:${password}`, ...secrets];
      // Not through the budget: logging in is not the token's to count.
      const reply = await send(
        { ...settings, budget: null },
        { method: 'POST', url, authorization: `Basic ${basic}`, secrets: loginSecrets, signal: opts?.signal },
      );
      const rec = isPlainObject(reply.body) && isPlainObject(reply.body.results) ? reply.body.results : reply.body;
      if (!isPlainObject(rec) || typeof rec.token !== 'string') {
        throw new UnexpectedResponseError(
          { method: 'POST', url: url.href, secrets: loginSecrets, status: reply.status, body: undefined },
          'the answer carries no token',
        );
      }
      // The dates are only shown (as given when they do not parse): kept as text, whatever came.
      return { token: rec.token, created_at: String(rec.created_at), expires_at: String(rec.expires_at) };
    },
  };
}

/** Keys a `{"results": {...}}` record wrapper may carry beside `results`. */
const WRAPPER_KEYS = new Set(['results', 'links', 'meta']);

interface Page {
  readonly items: unknown[];
  readonly next?: string;
  readonly count?: number;
}

/** A bare array, or `{"results": [...], "links": {"next": URL|null}}` (also a top-level `next`). */
function pageOf(body: unknown): Page | undefined {
  if (Array.isArray(body)) return { items: body };
  if (!isPlainObject(body) || !Array.isArray(body.results)) return undefined;
  const links = isPlainObject(body.links) ? body.links : {};
  const next = typeof links.next === 'string' ? links.next : typeof body.next === 'string' ? body.next : undefined;
  const count = typeof body.count === 'number' ? body.count : undefined;
  return { items: body.results, ...(next ? { next } : {}), ...(count !== undefined ? { count } : {}) };
}

function totalOf(reply: HttpReply, count: number | undefined): number | undefined {
  const raw = header(reply.headers, 'x-total-count');
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : count;
}

function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`the API address "${text}" is not a URL (e.g. http://127.0.0.1:4010)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`the API address must start with http:// or https://`);
  if (url.username || url.password) throw new TypeError('the API address must not carry credentials: give a token instead');
  if (url.search || url.hash) throw new TypeError('the API address must not carry a query or fragment');
  return url;
}
