// The route table (docs/api.md §4, §4.6): path pattern → methods → handler. Unknown path: 404; other
// method: 405. Every route also answers OPTIONS, and its methods are the Allow header of every
// answer on it (docs/origins-and-purge.md).
import * as conf from './handlers/configurations.js';
import * as err from './handlers/error-responses.js';
import * as rec from './handlers/records.js';
import { purge } from './handlers/purge.js';
import type { Handler } from './handlers/common.js';
import { HttpError } from './http-util.js';
import type { RateLane } from './rate-limit.js';
import type { SubKind } from './state.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Methods = Readonly<Partial<Record<Method, Handler>>>;

const isMethod = (m: string): m is Method => METHODS.some((known) => known === m);

interface Route {
  /** Segments after /content_delivery/configurations; ':conf' and ':id' match decimal ids. */
  readonly segments: readonly string[];
  readonly methods: Methods;
  /** What OPTIONS calls the resource (as the real service's browsable names). */
  readonly name: string;
}

function crud(kind: SubKind, segment: string, title: string): Route[] {
  return [
    { segments: [':conf', segment], name: `${title} List`, methods: { GET: rec.listRecords(kind), POST: rec.createRecord(kind) } },
    {
      segments: [':conf', segment, ':id'],
      name: `${title} Detail`,
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
  { segments: [], name: 'Configuration List', methods: { GET: conf.listConfigurations, POST: conf.createConfiguration } },
  {
    segments: [':conf'],
    name: 'Configuration Detail',
    methods: { GET: conf.getConfiguration, PUT: conf.putConfiguration, PATCH: conf.patchConfiguration, DELETE: conf.deleteConfiguration },
  },
  ...crud('rule', 'rules_engine', 'Rules Engine'),
  ...crud('cache_setting', 'cache_settings', 'Cache Settings'),
  {
    segments: [':conf', 'error_responses'],
    name: 'Error Responses',
    methods: { GET: err.getErrorResponses, PUT: err.replaceErrorResponses('put'), PATCH: err.replaceErrorResponses('patch') },
  },
  ...crud('origin', 'origins', 'Origins'),
];

const PURGE_ROUTES: Readonly<Record<string, Route>> = {
  url: { segments: [], name: 'Purge URL', methods: { POST: purge('url') } },
  cachekey: { segments: [], name: 'Purge Cache Key', methods: { POST: purge('cachekey') } },
  wildcard: { segments: [], name: 'Purge Wildcard', methods: { POST: purge('wildcard') } },
};

const PREFIX = ['content_delivery', 'configurations'];
const ID = /^\d{1,15}$/;

export type Matched =
  | {
      readonly kind: 'api';
      readonly handler: Handler;
      readonly conf: number;
      readonly id: number;
      readonly allow: string;
      readonly lane: RateLane;
    }
  | { readonly kind: 'tokens'; readonly allow: string }
  /** OPTIONS on a known path: its methods and name. */
  | { readonly kind: 'options'; readonly allow: string; readonly name: string };

/** The Allow header of a route: its methods, then OPTIONS. */
function allowOf(methods: readonly string[]): string {
  return [...methods, 'OPTIONS'].join(', ');
}

function methodNotAllowed(method: string, allow: string): HttpError {
  const shown = method.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20);
  return new HttpError(405, { detail: `Method "${shown}" not allowed.` }, { allow });
}

/** The route of a path and the ids in it, or undefined. */
function find(parts: readonly string[]): { route: Route; conf: number; id: number; purge: boolean } | undefined {
  if (parts.length === 2 && parts[0] === 'purge') {
    const route = Object.hasOwn(PURGE_ROUTES, parts[1]!) ? PURGE_ROUTES[parts[1]!] : undefined;
    return route && { route, conf: 0, id: 0, purge: true };
  }
  if (parts[0] !== PREFIX[0] || parts[1] !== PREFIX[1]) return undefined;
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
    if (ok) return { route: r, ...ids, purge: false };
  }
  return undefined;
}

/** A known path: its Allow header (on every answer on it), and the handler of a method on it or its 405. */
export interface Located {
  readonly allow: string;
  match(method: string): Matched;
}

/** The route of a path, or undefined (a 404). */
export function locate(pathname: string): Located | undefined {
  const parts = pathname.split('/').slice(1);
  if (parts.length > 1 && parts.at(-1) === '') parts.pop(); // a trailing slash is accepted
  if (parts.length === 1 && parts[0] === 'tokens') {
    const allow = allowOf(['POST']);
    return {
      allow,
      match(method) {
        if (method === 'OPTIONS') return { kind: 'options', allow, name: 'Tokens' };
        if (method !== 'POST') throw methodNotAllowed(method, allow);
        return { kind: 'tokens', allow };
      },
    };
  }
  const found = find(parts);
  if (!found) return undefined;
  const { route: r, conf, id } = found;
  const allow = allowOf(Object.keys(r.methods));
  return {
    allow,
    match(method) {
      if (method === 'OPTIONS') return { kind: 'options', allow, name: r.name };
      const handler = isMethod(method) ? r.methods[method] : undefined;
      if (!handler) throw methodNotAllowed(method, allow);
      const lane: RateLane = found.purge ? 'purge' : method === 'GET' ? 'read' : 'write';
      return { kind: 'api', handler, conf, id, allow, lane };
    },
  };
}
