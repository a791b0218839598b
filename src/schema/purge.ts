// What a purge may ask for (docs/origins-and-purge.md): the body's checks (a 400 under `urls` or
// `method`) and whose hosts a purge may name (others are the 403 group of a 207). The emulator
// answers with these; the purge review's pre-flight asks them before anything is sent.
import { checkFormat } from './formats.js';
import { problem, type Problem, type Problems } from './messages.js';
import { isPlainObject } from './records.js';

export type PurgeKind = 'url' | 'cachekey' | 'wildcard';

/** The most URLs one request may carry. */
export const MAX_PURGE_URLS = 500;
const MAX_URL_LENGTH = 2048;
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

/** The problem of the `i`-th URL (0-based) of a purge of `kind`, among `all` the URLs sent, or undefined. */
export function urlProblem(kind: PurgeKind, u: unknown, i: number, all: readonly unknown[]): Problem | undefined {
  const at = i + 1;
  if (typeof u !== 'string') return problem('itemNotString', at);
  const shown = u.length > 60 ? `${u.slice(0, 57)}...` : u;
  if (u === '' || u.length > MAX_URL_LENGTH) return problem('urlLength', at, MAX_URL_LENGTH);
  if (BAD_CHARS.test(u)) return problem('urlCharacters', at, shown);
  if (purgeHost(u) === undefined) return problem('urlNoHost', at, shown);
  if (all.indexOf(u) !== i) return problem('itemListedTwice', at, u);
  // A * in a url or cachekey purge is a character of that URL (as a query may hold one), not a pattern.
  if (kind === 'wildcard' && !u.includes('*')) return problem('wildcardNeedsStar', at);
  return undefined;
}

/** A purge body read: the URLs it asks for, or why it is refused (a detail, or problems under `urls` / `method`). */
export type PurgeBody = { readonly urls: string[] } | { readonly detail: Problem } | { readonly problems: Problems };

export function readPurgeBody(kind: PurgeKind, body: unknown): PurgeBody {
  if (!isPlainObject(body)) return { detail: problem('purgeNotDict') };
  const unknown = Object.keys(body).filter((k) => k !== 'urls' && k !== 'method');
  if (unknown.length)
    return {
      detail: problem(
        'unknownFields',
        unknown.map((k) => k.slice(0, 60)),
      ),
    };
  const problems: Array<readonly [string, Problem]> = [];
  const method = body.method ?? 'delete';
  if (typeof method !== 'string' || !PURGE_METHODS.includes(method)) {
    problems.push([
      'method',
      problem('purgeMethod', String(typeof method === 'string' ? method.slice(0, 60) : JSON.stringify(method)?.slice(0, 60))),
    ]);
  }
  const urls = body.urls;
  if (urls === undefined) problems.push(['urls', problem('required')]);
  else if (!Array.isArray(urls)) problems.push(['urls', problem('urlsNotList')]);
  else if (urls.length === 0) problems.push(['urls', problem('noUrls')]);
  else if (urls.length > MAX_PURGE_URLS) problems.push(['urls', problem('tooManyUrls', MAX_PURGE_URLS)]);
  else if (kind === 'wildcard' && urls.length !== 1) problems.push(['urls', problem('wildcardOneUrl', urls.length)]);
  else
    for (const [i, u] of urls.entries()) {
      const bad = urlProblem(kind, u, i, urls);
      if (bad) problems.push(['urls', bad]);
    }
  if (problems.length || !Array.isArray(urls)) return { problems };
  // Every item is a string by now (an item that is not is a problem above).
  return { urls: urls.filter((u): u is string => typeof u === 'string') };
}

/** Who holds what a purge's host may be: the account's configurations' domain names and cnames. */
export interface AccountHosts {
  readonly domains: ReadonlySet<string>;
  /** Whether a configuration of the account has this cname (`*.example.com` included as written). */
  readonly hasCname: (cname: string) => boolean;
}

/** Whether a host is a domain name or cname (a `*.` cname covering it) of one of the account's configurations. */
export function isAccountHost(hosts: AccountHosts, host: string): boolean {
  if (hosts.hasCname(host) || hosts.domains.has(host)) return true;
  const labels = host.split('.');
  for (let i = 1; i < labels.length - 1; i++) if (hosts.hasCname(`*.${labels.slice(i).join('.')}`)) return true;
  return false;
}
