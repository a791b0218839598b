// The route table (API.md §4): path pattern → methods → handler. Unknown path: 404; other method: 405.
import * as conf from './handlers/configurations.js';
import * as err from './handlers/error-responses.js';
import * as rec from './handlers/records.js';
import type { Handler } from './handlers/common.js';
import { HttpError, notFound } from './http-util.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Methods = Readonly<Partial<Record<Method, Handler>>>;

const isMethod = (m: string): m is Method => METHODS.some((known) => known === m);

interface Route {
  /** Segments after /content_delivery/configurations; ':conf' and ':id' match decimal ids. */
  readonly segments: readonly string[];
  readonly methods: Methods;
}

function crud(kind: 'rule' | 'cache_setting', name: string): Route[] {
  return [
    { segments: [':conf', name], methods: { GET: rec.listRecords(kind), POST: rec.createRecord(kind) } },
    {
      segments: [':conf', name, ':id'],
      methods: {
        GET: rec.getRecord(kind),
        PUT: rec.replaceRecord(kind, 'put'),
        PATCH: rec.replaceRecord(kind, 'patch'),
        DELETE: rec.deleteRecord(kind),
      },
    },
  ];
}

const ROUTES: readonly Route[] = [
  { segments: [], methods: { GET: conf.listConfigurations, POST: conf.createConfiguration } },
  {
    segments: [':conf'],
    methods: { GET: conf.getConfiguration, PUT: conf.putConfiguration, PATCH: conf.patchConfiguration, DELETE: conf.deleteConfiguration },
  },
  ...crud('rule', 'rules_engine'),
  ...crud('cache_setting', 'cache_settings'),
  {
    segments: [':conf', 'error_responses'],
    methods: { GET: err.getErrorResponses, PUT: err.replaceErrorResponses('put'), PATCH: err.replaceErrorResponses('patch') },
  },
  { segments: [':conf', 'origins'], methods: { GET: rec.listRecords('origin') } },
  { segments: [':conf', 'origins', ':id'], methods: { GET: rec.getRecord('origin') } },
];

const PREFIX = ['content_delivery', 'configurations'];
const ID = /^\d{1,15}$/;

export type Matched =
  | { readonly kind: 'api'; readonly handler: Handler; readonly conf: number; readonly id: number }
  | { readonly kind: 'tokens' };

function methodNotAllowed(method: string, allowed: readonly string[]): HttpError {
  const shown = method.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20);
  return new HttpError(405, { detail: `Method "${shown}" not allowed.` }, { allow: allowed.join(', ') });
}

/** Finds the handler of a request, or throws its 404 / 405. */
export function route(method: string, pathname: string): Matched {
  const parts = pathname.split('/').slice(1);
  if (parts.length > 1 && parts.at(-1) === '') parts.pop(); // a trailing slash is accepted
  if (parts.length === 1 && parts[0] === 'tokens') {
    if (method !== 'POST') throw methodNotAllowed(method, ['POST']);
    return { kind: 'tokens' };
  }
  if (parts[0] !== PREFIX[0] || parts[1] !== PREFIX[1]) throw notFound();
  const rest = parts.slice(2);
  for (const r of ROUTES) {
    if (r.segments.length !== rest.length) continue;
    const ids = { conf: 0, id: 0 };
    const ok = r.segments.every((seg, i) => {
      if (!seg.startsWith(':')) return seg === rest[i];
      if (!ID.test(rest[i]!)) return false;
      if (seg === ':conf') ids.conf = Number(rest[i]);
      else ids.id = Number(rest[i]);
      return true;
    });
    if (!ok) continue;
    const handler = isMethod(method) ? r.methods[method] : undefined;
    if (!handler) throw methodNotAllowed(method, Object.keys(r.methods));
    return { kind: 'api', handler, ...ids };
  }
  throw notFound();
}
