// POST /purge/url, /purge/cachekey, /purge/wildcard (API.md §4.6, docs/origins-and-purge.md): each
// URL's host must be a domain name or cname of one of the account's configurations; all accepted →
// 201, some refused → 207 with a group per status. Every purge is kept (log and data file).
import { checkFormat, isPlainObject } from '../../schema/index.js';
import { badRequest } from '../http-util.js';
import type { PurgeEntry } from '../state.js';
import type { Store } from '../store.js';
import type { Handler } from './common.js';

type PurgeKind = PurgeEntry['kind'];

export const MAX_PURGE_URLS = 500;
const MAX_URL_LENGTH = 2048;
const ACCEPTED = 'Purge request successfully created';
const REFUSED = 'Unauthorized domain for your account';
/** The methods a purge may ask for: the real service records only "delete" (the cached objects are removed). */
const PURGE_METHODS = ['delete'];

// eslint-disable-next-line no-control-regex
const BAD_CHARS = /[\s\u0000-\u001f\u007f]/;

/** The host of a purge URL (`www.a.com/foo.jpg` or `https://www.a.com:8080/foo.jpg`), lower-case; undefined when it has none. */
export function purgeHost(url: string): string | undefined {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authority = /^[^/?#]*/.exec(rest)![0];
  const host = authority.replace(/:\d{1,5}$/, '').toLowerCase();
  return checkFormat('hostname', host) === undefined ? host : undefined;
}

/** The problems of the body, under its fields, or the URLs and method it asks for. */
function readBody(kind: PurgeKind, body: unknown): { urls: string[] } {
  if (!isPlainObject(body)) throw badRequest({ detail: 'Invalid data. Expected a dictionary with "urls".' });
  const unknown = Object.keys(body).filter((k) => k !== 'urls' && k !== 'method');
  if (unknown.length) throw badRequest({ detail: `There are some unknown fields: [${unknown.map((k) => `'${k.slice(0, 60)}'`).join(', ')}]` });
  const errors: Record<string, string[]> = {};
  const method = body.method ?? 'delete';
  if (typeof method !== 'string' || !PURGE_METHODS.includes(method)) {
    errors.method = [`"${String(typeof method === 'string' ? method.slice(0, 60) : JSON.stringify(method)?.slice(0, 60))}" is not a valid choice (delete).`];
  }
  const urls = body.urls;
  if (urls === undefined) errors.urls = ['This field is required.'];
  else if (!Array.isArray(urls)) errors.urls = ['Expected a list of URLs.'];
  else if (urls.length === 0) errors.urls = ['Send at least one URL.'];
  else if (urls.length > MAX_PURGE_URLS) errors.urls = [`Ensure this field has no more than ${MAX_PURGE_URLS} URLs (send more requests).`];
  else if (kind === 'wildcard' && urls.length !== 1) errors.urls = [`A wildcard purge takes one URL with * (${urls.length} sent).`];
  else {
    const problems = urls.flatMap((u, i) => urlProblem(kind, u, i, urls));
    if (problems.length) errors.urls = problems;
  }
  if (Object.keys(errors).length || !Array.isArray(urls)) throw badRequest(errors);
  // Every item is a string by now (an item that is not is a problem above).
  return { urls: urls.filter((u): u is string => typeof u === 'string') };
}

function urlProblem(kind: PurgeKind, u: unknown, i: number, all: readonly unknown[]): string[] {
  const at = `Item ${i + 1}`;
  if (typeof u !== 'string') return [`${at}: not a valid string.`];
  const shown = u.length > 60 ? `${u.slice(0, 57)}...` : u;
  if (u === '' || u.length > MAX_URL_LENGTH) return [`${at}: a URL of 1 to ${MAX_URL_LENGTH} characters is required.`];
  if (BAD_CHARS.test(u)) return [`${at}: "${shown}" may not contain white space or control characters.`];
  if (purgeHost(u) === undefined) return [`${at}: "${shown}" does not start with a host name (e.g. www.example.com/path).`];
  if (all.indexOf(u) !== i) return [`${at}: "${shown}" is listed twice.`];
  // A * in a url or cachekey purge is a character of that URL (as a query may hold one), not a pattern.
  if (kind === 'wildcard' && !u.includes('*')) return [`${at}: a wildcard purge needs a * in its URL (e.g. www.example.com/images/*).`];
  return [];
}

/** Whether a host is a domain name or cname (a `*.` cname covering it) of one of the account's configurations. */
function isAccountHost(store: Store, domains: ReadonlySet<unknown>, host: string): boolean {
  const { holders } = store.state;
  if (holders.has(`cname:${host}`) || domains.has(host)) return true;
  const labels = host.split('.');
  for (let i = 1; i < labels.length - 1; i++) if (holders.has(`cname:*.${labels.slice(i).join('.')}`)) return true;
  return false;
}

export function purge(kind: PurgeKind): Handler {
  return async ({ store, body }) => {
    const { urls } = readBody(kind, await body());
    // The domain names once a request, not a scan of every configuration per URL.
    const domains = new Set([...store.state.configurations.values()].map((e) => e.record.domain_name));
    const refused = urls.filter((u) => !isAccountHost(store, domains, purgeHost(u)!));
    await store.commit([{ t: 'purge', v: { at: new Date().toISOString(), kind, urls, refused } }]);
    if (refused.length === 0) return { status: 201, body: { detail: ACCEPTED } };
    const out = new Set(refused);
    const taken = urls.filter((u) => !out.has(u));
    const groups = [
      ...(taken.length ? [{ status: 'HTTP/1.1 201 CREATED', urls: taken, details: ACCEPTED }] : []),
      { status: 'HTTP/1.1 403 FORBIDDEN', urls: refused, details: REFUSED },
    ];
    return { status: 207, body: groups };
  };
}
