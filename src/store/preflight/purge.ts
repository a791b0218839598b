// The pre-flight of a purge (docs/preflight.md): each URL as the API will read it in its request (a
// URL it refuses with a 400, docs/origins-and-purge.md), and each URL whose host is not a domain name
// or cname of the account's configurations (the 403 group of a 207), from the configurations as read.
import { purgeRequests } from '../slices/purge.js';
import { isAccountHost, purgeHost, urlProblem, type AccountHosts, type PurgeKind } from '../../schema/index.js';
import { isFresh } from '../keep/fresh.js';
import { readWords } from './needs.js';
import type { Finding, PreflightState } from './types.js';

/** A finding about one URL (or, without `url`, the purge as a whole). */
export interface PurgeFinding extends Finding {
  readonly url?: string;
}

/** The hosts a purge may name: the domain names and cnames of the configurations as read; undefined when they were not. */
export function accountHosts(state: PreflightState): AccountHosts | undefined {
  if (!isFresh(state, 'configurations')) return undefined;
  const domains = new Set<string>();
  const cnames = new Set<string>();
  for (const key of state.lists.configurations!.keys) {
    const r = state.records[key];
    if (typeof r?.domain_name === 'string') domains.add(r.domain_name.toLowerCase());
    if (Array.isArray(r?.cname)) for (const c of r.cname) if (typeof c === 'string') cnames.add(c.toLowerCase());
  }
  return { domains, hasCname: (c) => cnames.has(c) };
}

export function purgePreflight(state: PreflightState, kind: PurgeKind, urls: readonly string[]): PurgeFinding[] {
  const out: PurgeFinding[] = [];
  // Each URL as the API reads it in its request (the body itself is always one the API takes:
  // `{"urls": [at most 500], "method": "delete"}`, a wildcard one URL a request).
  for (const request of purgeRequests(kind, urls)) {
    const sent = request.body.urls;
    sent.forEach((url, i) => {
      const p = urlProblem(kind, url, i, sent);
      if (p) out.push({ severity: 'refused', field: 'urls', code: p.code, message: p.text, url });
    });
  }
  const hosts = accountHosts(state);
  if (!hosts) {
    const failed = state.requests.configurations;
    const why = failed?.status === 'error' && failed.message ? `: ${failed.message}` : '';
    if (failed?.status !== 'loading')
      out.push({
        severity: 'warning',
        field: 'urls',
        code: 'not_read',
        message: `Not checked against ${readWords('configurations')}, which could not be read${why}: a URL whose host is not the account's is refused (403).`,
      });
    return out;
  }
  for (const url of urls.map((u) => u.trim()).filter((u) => u !== '')) {
    const host = purgeHost(url);
    if (host === undefined || isAccountHost(hosts, host) || out.some((f) => f.url === url)) continue;
    out.push({
      severity: 'refused',
      field: 'urls',
      code: 'foreignHost',
      url,
      message: `${host} is not a domain name or cname of the account's configurations: the API refuses this URL (403 Unauthorized domain for your account).`,
    });
  }
  return out;
}
