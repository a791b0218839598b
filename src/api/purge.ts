// Purge (docs/api.md §4.6, docs/origins-and-purge.md): the request a purge sends and what its answer
// means. A 201 accepts every URL; a 207 lists groups, each with the status of its URLs as a
// status line ("HTTP/1.1 403 FORBIDDEN").
import { bodyBytes, isPlainObject, MAX_BODY_BYTES, MAX_PURGE_URLS, type PurgeKind } from '../schema/index.js';

export type { PurgeKind };
export const PURGE_KINDS: readonly PurgeKind[] = ['url', 'cachekey', 'wildcard'];

/** The URLs of one status in a purge's answer. */
export interface PurgeGroup {
  /** The status the service gives these URLs: 201 accepted, 403 not a host of the account, … */
  readonly status: number;
  /** As the service wrote it: "HTTP/1.1 201 CREATED". */
  readonly statusLine: string;
  readonly urls: readonly string[];
  readonly details: string;
}

export interface PurgeOutcome {
  /** 201: every URL accepted; 207: see each group. */
  readonly httpStatus: 201 | 207;
  readonly groups: readonly PurgeGroup[];
}

/** What a purge sends: the review shows it, the client sends it. */
export interface PurgeRequest {
  readonly method: 'POST';
  readonly path: string;
  readonly body: { readonly urls: readonly string[]; readonly method: 'delete' };
}

export const PURGE_ACCEPTED = 'Purge request successfully created';

/** The most URLs one url/cachekey request carries (the API's bound, docs/origins-and-purge.md). */
export const URLS_PER_REQUEST = MAX_PURGE_URLS;

/**
 * The URLs of each request: a wildcard purge one URL a request, the others at most
 * URLS_PER_REQUEST and at most MAX_BODY_BYTES of body (long URLs, or URLs whose characters take
 * several bytes, fill a request before 500 do).
 */
export function purgeBatches(kind: PurgeKind, urls: readonly string[]): string[][] {
  if (kind === 'wildcard') return urls.map((u) => [u]);
  const out: string[][] = [];
  const empty = bodyBytes(purgeRequest(kind, []).body);
  let batch: string[] = [];
  let bytes = empty;
  for (const u of urls) {
    // A URL in the list: its JSON string and the comma before it.
    const more = bodyBytes(u) + (batch.length ? 1 : 0);
    if (batch.length && (batch.length === URLS_PER_REQUEST || bytes + more > MAX_BODY_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = empty;
    }
    bytes += bodyBytes(u) + (batch.length ? 1 : 0);
    batch.push(u);
  }
  if (batch.length) out.push(batch);
  return out;
}

export function purgeRequest(kind: PurgeKind, urls: readonly string[]): PurgeRequest {
  return { method: 'POST', path: `/purge/${kind}`, body: { urls: [...urls], method: 'delete' } };
}

/** The answer of a purge as its outcome; a string saying what is wrong with an answer that is not one. */
export function purgeOutcome(status: number, body: unknown, urls: readonly string[]): PurgeOutcome | string {
  if (status !== 207) {
    // 201 as recorded; 200 and 202 as other servers may answer: all accepted.
    const details = isPlainObject(body) && typeof body.detail === 'string' ? body.detail : PURGE_ACCEPTED;
    return { httpStatus: 201, groups: [{ status: 201, statusLine: 'HTTP/1.1 201 CREATED', urls: [...urls], details }] };
  }
  const list = Array.isArray(body) ? body : isPlainObject(body) && Array.isArray(body.results) ? body.results : undefined;
  if (!list) return 'the 207 answer is not a list of groups';
  const groups: PurgeGroup[] = [];
  for (const [i, g] of list.entries()) {
    const group = groupOf(g);
    if (typeof group === 'string') return `group ${i + 1} ${group}`;
    groups.push(group);
  }
  return { httpStatus: 207, groups };
}

function groupOf(g: unknown): PurgeGroup | string {
  if (!isPlainObject(g)) return 'is not an object';
  const line = typeof g.status === 'string' ? g.status : typeof g.status === 'number' ? String(g.status) : undefined;
  const code = line === undefined ? undefined : /(?:^|\s)([1-5]\d\d)(?:\s|$)/.exec(line)?.[1];
  if (line === undefined || code === undefined) return 'has no status';
  if (!Array.isArray(g.urls) || !g.urls.every((u): u is string => typeof u === 'string')) return 'has no list of urls';
  const details = typeof g.details === 'string' ? g.details : typeof g.detail === 'string' ? g.detail : '';
  return { status: Number(code), statusLine: line, urls: g.urls, details };
}
