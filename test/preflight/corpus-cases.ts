// The corpus of refusals (test/preflight/corpus.test.ts): for every code of src/schema/messages.ts
// a send the emulator refuses with it, made the way a user makes one (drafts through the store's
// actions: a form, the $EDITOR round trip, an export file applied; a purge form), or the reason no
// client of ours can send it, with the check that shows so. The type demands an entry per code: a
// new refusal in the catalogue does not compile until it has a case here.
import type { MessageCode, PurgeKind, Rec } from '../../src/schema/index.js';
import type { RecordKey } from '../../src/store/index.js';

/** What a case's drafts and URLs are made from: a configuration of its own, and another one. */
export interface Ctx {
  readonly conf: number;
  /** The Default Origin of `conf`. */
  readonly origin: number;
  readonly other: {
    readonly conf: number;
    readonly origin: number;
    readonly name: string;
    readonly cname: string;
    readonly domain: string;
  };
  /** Ids of the case's `given` records, by their `as`. */
  readonly ids: Readonly<Record<string, number>>;
}

/** How a case makes its drafts: the store's own actions. */
export interface Drafting {
  create(kind: 'rule' | 'cache_setting' | 'origin', values: Rec): RecordKey;
  edit(kind: 'configuration' | 'rule' | 'cache_setting' | 'origin' | 'error_responses', id: number | undefined, fields: Rec): RecordKey;
  remove(kind: 'rule' | 'cache_setting' | 'origin', id: number): RecordKey;
}

export interface Given {
  readonly as: string;
  readonly kind: 'rule' | 'cache_setting' | 'origin';
  readonly body: (c: Ctx) => Rec;
}

export interface SendCase {
  readonly name: string;
  /** The field the refusal is under; '' for a detail (a delete's 409). */
  readonly field: string;
  readonly given?: readonly Given[];
  /** The drafts of the send, in the order the user made them. */
  readonly send: (d: Drafting, c: Ctx) => void;
}

export interface PurgeCase {
  readonly name: string;
  readonly purge: { readonly kind: PurgeKind; readonly urls: (c: Ctx) => string[] };
}

export type Case = SendCase | PurgeCase;

/** A code no client of ours can be refused with, why, and the check that shows it. */
export interface Unreachable {
  readonly unreachable: string;
  readonly proof: string;
}

export const rule = (c: Ctx, extra: Rec = {}): Rec => ({
  path: '/x',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: c.origin,
  ...extra,
});
export const cacheSetting = (extra: Rec = {}): Rec => ({
  name: 'cs',
  browser_cache_settings: false,
  cdn_cache_settings: 'honor',
  cache_by_query_string: 'ignore',
  cache_by_cookies: 'ignore',
  ...extra,
});
export const origin = (extra: Rec = {}): Rec => ({
  name: 'second',
  host_header: 'o.example.com',
  addresses: [{ address: 'o.example.com' }],
  ...extra,
});

const newRule = (name: string, field: string, extra: (c: Ctx) => Rec): SendCase => ({
  name,
  field,
  send: (d, c) => void d.create('rule', rule(c, extra(c))),
});
const newOrigin = (name: string, field: string, extra: Rec): SendCase => ({
  name,
  field,
  send: (d) => void d.create('origin', origin(extra)),
});
const newCache = (name: string, field: string, extra: Rec): SendCase => ({
  name,
  field,
  send: (d) => void d.create('cache_setting', cacheSetting(extra)),
});
const settings = (name: string, field: string, fields: (c: Ctx) => Rec): SendCase => ({
  name,
  field,
  send: (d, c) => void d.edit('configuration', c.conf, fields(c)),
});
const purge = (name: string, kind: PurgeKind, urls: (c: Ctx) => string[]): PurgeCase => ({ name, purge: { kind, urls } });

const hosts = (n: number) => Array.from({ length: n }, (_, i) => `h${i}.corpus.example`);

export const CORPUS: { readonly [C in MessageCode]: readonly Case[] | Unreachable } = {
  invalidData: { unreachable: 'a request body is always an object of the changed fields', proof: 'buildRequest' },
  unknownFields: {
    unreachable: 'a request carries only the fields its operation accepts, whatever a file or $EDITOR held',
    proof: 'buildRequest',
  },
  emptyPatch: { unreachable: 'an edit that changes nothing makes no request', proof: 'buildRequest' },
  required: [
    {
      name: 'a new rule with only a path and a behavior: its protocol policy is missing',
      field: 'protocol_policy',
      send: (d, c) => void d.create('rule', { path: '/new', behavior: 'delivery', path_origin_id: c.origin }),
    },
  ],
  notNull: [newRule('a rule whose gzip is null (an $EDITOR edit)', 'gzip', () => ({ gzip: null }))],
  readOnly: { unreachable: 'read-only (json) fields are accepted by no operation, so never sent', proof: 'schema' },
  notString: [newRule('a rule whose path is a number', 'path', () => ({ path: 5 }))],
  notBoolean: [newRule('a rule whose gzip is "yes"', 'gzip', () => ({ gzip: 'yes' }))],
  notInteger: [newOrigin('an origin with a connect timeout of 1.5 s', 'connection_timeout', { connection_timeout: 1.5 })],
  spaceAround: [newRule('a rule path ending in a space', 'path', () => ({ path: '/x ' }))],
  blank: [newCache('a cache setting named with spaces only', 'name', { name: '   ' })],
  tooShort: { unreachable: 'no text field of the schema needs more than one character', proof: 'schema' },
  tooLong: [newRule('a rule path of 1,001 characters', 'path', () => ({ path: `/${'a'.repeat(1000)}` }))],
  tooSmall: [newOrigin('an origin with a connect timeout of 0 s', 'connection_timeout', { connection_timeout: 0 })],
  tooBig: [
    {
      name: 'a 404 TTL of more than a year',
      field: 'cache_error_404',
      send: (d, c) => void d.edit('error_responses', c.conf, { cache_error_404: 31_536_001 }),
    },
  ],
  badChoice: [newRule('a rule behavior that is not one', 'behavior', () => ({ behavior: 'teleport' }))],
  notList: [settings('cnames given as one text', 'cname', () => ({ cname: 'www.corpus.example' }))],
  tooFewItems: [newOrigin('an origin with no address', 'addresses', { addresses: [] })],
  tooManyItems: [settings('51 cnames', 'cname', () => ({ cname: hosts(51) }))],
  itemNotString: [settings('a cname that is a number', 'cname', () => ({ cname: [5] }))],
  itemBlank: [settings('a blank cname', 'cname', () => ({ cname: ['www.corpus.example', ' '] }))],
  itemTooLong: [settings('a cname of 254 characters', 'cname', () => ({ cname: ['a'.repeat(254)] }))],
  listedTwice: [settings('a cname listed twice', 'cname', () => ({ cname: ['www.corpus.example', 'WWW.corpus.example'] }))],
  itemListedTwice: [
    newOrigin('a load balancer with one address twice', 'addresses', {
      origin_type: 'load_balancer',
      addresses: [{ address: 'a.example.com' }, { address: 'a.example.com' }],
    }),
    purge('a purge with one URL twice', 'url', (c) => [`${c.other.domain}/a`, `${c.other.domain}/a`]),
  ],
  itemNotObject: [newOrigin('an origin address that is a number', 'addresses', { addresses: [5] })],
  itemUnknownFields: [newOrigin('an origin address with a port key', 'addresses', { addresses: [{ address: 'a.example.com', port: 80 }] })],
  badHostname: [settings('a cname that is not a host name', 'cname', () => ({ cname: ['not a host'] }))],
  badAddress: [newOrigin('an origin address that is not a host', 'addresses', { addresses: [{ address: 'bad host!' }] })],
  badOriginPath: [newOrigin('an origin path without a leading /', 'origin_path', { origin_path: 'assets' })],
  badHeaderValue: [newOrigin('a Host header with a space inside', 'host_header', { host_header: 'o example.com' })],
  badUrl: [newRule('a redirect to an ftp URL', 'redirect_to', () => ({ behavior: 'redirect', redirect_to: 'ftp://files.example.com/' }))],
  controlCharacters: [newRule('a rule path with a control character', 'path', () => ({ path: '/a\u0001b' }))],
  badRegex: [newRule('a regex path that does not compile', 'path', () => ({ path: '(', regex: true }))],
  needsProduct: [newRule('an acceleration rule on an account without the product', 'behavior', () => ({ behavior: 'acceleration' }))],
  rawlogsProduct: [settings('raw logs on an account without the product', 'rawlogs', () => ({ rawlogs: true }))],
  overrideMinTtl: [
    newCache('override with a TTL of 30 s without the product', 'cdn_cache_settings_maximum_ttl', {
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 30,
    }),
  ],
  foreignRef: [newRule("a rule on another configuration's origin", 'path_origin_id', (c) => ({ path_origin_id: c.other.origin }))],
  configurationNameTaken: [settings('a configuration renamed to a name another one has', 'name', (c) => ({ name: c.other.name }))],
  cnameTaken: [settings('a cname another configuration has', 'cname', (c) => ({ cname: [c.other.cname] }))],
  cnameAccessNeedsCname: [
    settings('cname access only, its last cname taken off', 'cname_access_only', () => ({ cname_access_only: true, cname: [] })),
  ],
  pathNeedsSlash: [newRule('a rule path without a leading / and no regex', 'path', () => ({ path: 'static/' }))],
  pathTaken: [
    {
      name: 'a new rule with the path of a rule there (a copy onto a configuration that has it)',
      field: 'path',
      given: [{ as: 'there', kind: 'rule', body: (c) => rule(c, { path: '/taken' }) }],
      send: (d, c) => void d.create('rule', rule(c, { path: '/taken' })),
    },
    {
      name: 'two new rules of one path in one send (an apply file)',
      field: 'path',
      send: (d, c) => {
        d.create('rule', rule(c, { path: '/twice' }));
        d.create('rule', rule(c, { path: '/twice', gzip: true }));
      },
    },
    {
      name: 'an edit of a rule to the path another rule has',
      field: 'path',
      given: [
        { as: 'a', kind: 'rule', body: (c) => rule(c, { path: '/a' }) },
        { as: 'b', kind: 'rule', body: (c) => rule(c, { path: '/b' }) },
      ],
      send: (d, c) => void d.edit('rule', c.ids.b, { path: '/a' }),
    },
  ],
  redirectNeeded: [newRule('a redirect rule with no URL', 'redirect_to', () => ({ behavior: 'redirect', redirect_to: '' }))],
  redirectOnly: [newRule('a delivery rule with a redirect URL', 'redirect_to', () => ({ redirect_to: 'https://www.example.com/' }))],
  cacheNameTaken: [
    {
      name: 'a new cache setting with the name of one there',
      field: 'name',
      given: [{ as: 'there', kind: 'cache_setting', body: () => cacheSetting({ name: 'static' }) }],
      send: (d) => void d.create('cache_setting', cacheSetting({ name: 'static' })),
    },
    {
      name: 'two new cache settings of one name in one send',
      field: 'name',
      send: (d) => {
        d.create('cache_setting', cacheSetting({ name: 'twice' }));
        d.create('cache_setting', cacheSetting({ name: 'twice', enable_query_string_sort: true }));
      },
    },
  ],
  listNeeded: [
    newCache('vary by a whitelist of no query fields', 'query_string_fields', {
      cache_by_query_string: 'whitelist',
      query_string_fields: null,
    }),
  ],
  originNameTaken: [newOrigin('a second origin named "Default Origin"', 'name', { name: 'Default Origin' })],
  singleOriginOneAddress: [
    newOrigin('a single origin with two addresses', 'addresses', {
      addresses: [{ address: 'a.example.com' }, { address: 'b.example.com' }],
    }),
  ],
  needsActivePrimary: [
    newOrigin('an origin with a backup address only', 'addresses', { addresses: [{ address: 'a.example.com', server_role: 'backup' }] }),
  ],
  methodOnlyLoadBalancer: [newOrigin('a single origin with a balancing method', 'method', { method: 'round_robin' })],
  defaultOriginKept: [{ name: 'the Default Origin deleted', field: '', send: (d, c) => void d.remove('origin', c.origin) }],
  inUse: [
    {
      name: 'a cache setting deleted while a rule uses it',
      field: '',
      given: [
        { as: 'cs', kind: 'cache_setting', body: () => cacheSetting({ name: 'used' }) },
        { as: 'rule', kind: 'rule', body: (c) => rule(c, { path: '/uses', cache_settings_id: c.ids.cs }) },
      ],
      send: (d, c) => void d.remove('cache_setting', c.ids.cs!),
    },
    {
      name: 'a cache setting deleted in the send that makes a rule using it',
      field: '',
      given: [{ as: 'cs', kind: 'cache_setting', body: () => cacheSetting({ name: 'soon used' }) }],
      send: (d, c) => {
        d.create('rule', rule(c, { path: '/new-user', cache_settings_id: c.ids.cs }));
        d.remove('cache_setting', c.ids.cs!);
      },
    },
    {
      name: 'an origin deleted while a rule is on it',
      field: '',
      given: [
        { as: 'origin', kind: 'origin', body: () => origin({ name: 'replica' }) },
        { as: 'rule', kind: 'rule', body: (c) => rule(c, { path: '/on-replica', path_origin_id: c.ids.origin }) },
      ],
      send: (d, c) => void d.remove('origin', c.ids.origin!),
    },
  ],
  purgeNotDict: { unreachable: 'a purge request is always {"urls": [...], "method": "delete"}', proof: 'purgeRequest' },
  purgeMethod: { unreachable: 'a purge request always asks for "delete"', proof: 'purgeRequest' },
  urlsNotList: { unreachable: 'a purge request always sends its URLs as a list', proof: 'purgeRequest' },
  noUrls: { unreachable: 'a purge of no URL makes no request', proof: 'purgeRequests' },
  tooManyUrls: { unreachable: 'a purge of more than 500 URLs is split into requests of 500', proof: 'purgeBatches' },
  wildcardOneUrl: { unreachable: 'a wildcard purge sends one URL a request', proof: 'purgeBatches' },
  urlLength: [purge('a URL of 2,049 characters', 'url', (c) => [`${c.other.domain}/${'a'.repeat(2048)}`])],
  urlCharacters: [purge('a URL with a space inside', 'cachekey', (c) => [`${c.other.domain}/a b`])],
  urlNoHost: [purge('a URL with no host', 'url', () => ['/images/logo.png'])],
  wildcardNeedsStar: [purge('a wildcard purge without *', 'wildcard', (c) => [`${c.other.domain}/images/`])],
  foreignHost: [purge("a URL of a host that is not the account's", 'url', (c) => [`${c.other.domain}/ok`, 'www.someone-else.example/x'])],
};

/** Sends that must pass: each is one the phases of a send (deletes of rules first, of what rules use last) make right. */
export const FINE: readonly SendCase[] = [
  {
    name: 'a rule deleted and a new rule of its path in one send',
    field: '',
    given: [{ as: 'old', kind: 'rule', body: (c) => rule(c, { path: '/same' }) }],
    send: (d, c) => {
      d.create('rule', rule(c, { path: '/same', gzip: true }));
      d.remove('rule', c.ids.old!);
    },
  },
  {
    name: 'a rule moved off a cache setting and the cache setting deleted in one send',
    field: '',
    given: [
      { as: 'cs', kind: 'cache_setting', body: () => cacheSetting({ name: 'retired' }) },
      { as: 'rule', kind: 'rule', body: (c) => rule(c, { path: '/moving', cache_settings_id: c.ids.cs }) },
    ],
    send: (d, c) => {
      d.remove('cache_setting', c.ids.cs!);
      d.edit('rule', c.ids.rule, { cache_settings_id: null });
    },
  },
];
