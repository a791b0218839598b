// POST /purge/url, /purge/cachekey, /purge/wildcard (docs/api.md §4.6, docs/origins-and-purge.md): each
// URL's host must be a domain name or cname of one of the account's configurations; all accepted →
// 201, some refused → 207 with a group per status. Every purge is kept (log and data file).
import { fieldErrorsOf, isAccountHost, problem, purgeHost, readPurgeBody } from '../../schema/index.js';
import { badRequest } from '../http-util.js';
import type { PurgeEntry } from '../state.js';
import type { Handler } from './common.js';

type PurgeKind = PurgeEntry['kind'];

const ACCEPTED = 'Purge request successfully created';

/** The URLs the body asks for, or the 400 that refuses it. */
function readBody(kind: PurgeKind, body: unknown): { urls: string[] } {
  const read = readPurgeBody(kind, body);
  if ('detail' in read) throw badRequest({ detail: read.detail.text });
  if ('problems' in read) throw badRequest(fieldErrorsOf(read.problems));
  return read;
}

export function purge(kind: PurgeKind): Handler {
  return async ({ store, body }) => {
    const { urls } = readBody(kind, await body());
    // The domain names once a request, not a scan of every configuration per URL.
    const domains = new Set([...store.state.configurations.values()].map((e) => e.record.domain_name));
    const hosts = { domains, hasCname: (cname: string) => store.state.holders.has(`cname:${cname}`) };
    const refused = urls.filter((u) => !isAccountHost(hosts, purgeHost(u)!));
    await store.commit([{ t: 'purge', v: { at: new Date().toISOString(), kind, urls, refused } }]);
    if (refused.length === 0) return { status: 201, body: { detail: ACCEPTED } };
    const out = new Set(refused);
    const taken = urls.filter((u) => !out.has(u));
    const groups = [
      ...(taken.length ? [{ status: 'HTTP/1.1 201 CREATED', urls: taken, details: ACCEPTED }] : []),
      { status: 'HTTP/1.1 403 FORBIDDEN', urls: refused, details: problem('foreignHost').text },
    ];
    return { status: 207, body: groups };
  };
}
