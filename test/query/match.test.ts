// Matching a query (docs/ux.md §10) over records as the API returns them: bare words as find
// anywhere, fields by type, a rule's references by the name of the record in its own
// configuration, `kind:` and `in:` globs; a list not read yet matches nothing yet.
import { describe, expect, it } from 'vitest';
import { matchQuery, parseQuery, type ChildQueryKind, type Query, type QueryData } from '../../src/query/index.js';
import type { Rec } from '../../src/schema/index.js';
import { CACHE_SETTING_DEFAULTS, RECORDED_ORIGIN, RULE_DEFAULTS, cacheSettingBody, ruleBody } from '../helpers/fixtures.js';

const conf = (id: number, name: string, cname: string[] = []): Rec => ({
  id,
  name,
  domain_name: `${name}.cdn.example.net`,
  active: true,
  delivery_protocol: 'http',
  digital_certificate: null,
  cname_access_only: false,
  rawlogs: false,
  cname,
});
const origin = (id: number, name: string, address: string): Rec => ({
  id,
  ...RECORDED_ORIGIN,
  name,
  method: '',
  origin_path: '',
  addresses: [{ address, weight: null, server_role: 'primary', is_active: true }],
});
const cache = (id: number, name: string, extra: Rec = {}): Rec => ({
  id,
  ...CACHE_SETTING_DEFAULTS,
  ...cacheSettingBody({ name }),
  ...extra,
});
const rule = (id: number, originId: number, extra: Rec): Rec => ({
  id,
  ...RULE_DEFAULTS,
  ...ruleBody({ defaultOriginId: originId }),
  ...extra,
});

// Two configurations with a cache setting named `html no-cache` each (other ids), a third without one.
const CONFS = [conf(1, 'acme-www', ['www.acme.com']), conf(2, 'acme-shop'), conf(3, 'blog')];
const LISTS: Record<string, Rec[]> = {
  'origin:1': [origin(11, 'Default Origin', 'origin.acme.com'), origin(12, 'backup', '10.0.0.2')],
  'cache_setting:1': [cache(21, 'html no-cache', { cdn_cache_settings: 'bypass' }), cache(22, 'static 1d')],
  'rule:1': [
    rule(31, 11, { path: '/static/', gzip: true, cache_settings_id: 22 }),
    rule(32, 12, { path: '/old', behavior: 'redirect', redirect_to: 'https://old.acme.com/' }),
    rule(33, 11, { path: '/', gzip: false, cache_settings_id: 21 }),
  ],
  'origin:2': [origin(13, 'Default Origin', 'shop.acme.com')],
  'cache_setting:2': [cache(23, 'static 1d'), cache(24, 'html no-cache')],
  'rule:2': [
    rule(34, 13, { path: '/static/', gzip: false, cache_settings_id: 24 }),
    rule(35, 13, { path: '/a b', behavior: 'redirect', redirect_to: 'https://new.acme.com/', protocol_policy: 'http,https' }),
  ],
  // The blog's cache settings are not read yet.
  'origin:3': [origin(14, 'Default Origin', 'blog.example.org')],
  'rule:3': [rule(36, 14, { path: '/static/', gzip: false, cache_settings_id: 25 })],
};
const DATA: QueryData = { configurations: CONFS, records: (kind: ChildQueryKind, c: number) => LISTS[`${kind}:${c}`] };

function query(text: string): Query {
  const p = parseQuery(text);
  if (!p.ok) throw new Error(p.error);
  return p.query;
}
/** What `text` matches, as `kind conf:id`. */
const found = (text: string, data: QueryData = DATA) => matchQuery(query(text), data).matches.map((m) => `${m.kind} ${m.conf}:${m.id}`);

describe('matching a query', () => {
  it('bare words as find anywhere: a configuration by name, domain or CNAME, a rule by path or behaviour, an origin by address', () => {
    expect(found('acme')).toEqual(['configuration 1:1', 'configuration 2:2', 'origin 1:11', 'origin 2:13']);
    expect(found('www.acme')).toEqual(['configuration 1:1']); // its CNAME
    expect(found('/static')).toEqual(['rule 1:31', 'rule 2:34', 'rule 3:36']);
    expect(found('redirect')).toEqual(['rule 1:32', 'rule 2:35']);
    expect(found('10.0.0')).toEqual(['origin 1:12']);
    expect(found('STATIC blog')).toEqual([]); // every word: no rule's path or behaviour holds "blog"
    expect(found('"/a b"')).toEqual(['rule 2:35']);
    expect(found('2')).toEqual(['configuration 2:2', 'origin 1:12']); // an id; an address
  });

  it('fields by their type: booleans, choices and numbers exactly, text by substring or (:=) exactly', () => {
    expect(found('gzip:false')).toEqual(['rule 1:32', 'rule 1:33', 'rule 2:34', 'rule 2:35', 'rule 3:36']);
    expect(found('gzip:false path:/static')).toEqual(['rule 2:34', 'rule 3:36']);
    expect(found('protocol_policy:http')).toEqual(['rule 1:31', 'rule 1:32', 'rule 1:33', 'rule 2:34', 'rule 3:36']);
    expect(found('protocol_policy:http,https')).toEqual(['rule 2:35']);
    expect(found('redirect_to:OLD.acme')).toEqual(['rule 1:32']);
    expect(found('path:=/')).toEqual(['rule 1:33']);
    expect(found('path:/')).toHaveLength(6);
    expect(found('path:="/a b"')).toEqual(['rule 2:35']);
    expect(found('cdn_cache_settings:bypass')).toEqual(['cache_setting 1:21']);
    expect(found('name:static')).toEqual(['cache_setting 1:22', 'cache_setting 2:23']);
    expect(found('name:acme kind:configuration')).toEqual(['configuration 1:1', 'configuration 2:2']);
    expect(found('cname:none')).toEqual(['configuration 2:2', 'configuration 3:3']);
    expect(found('address:10.0')).toEqual(['origin 1:12']);
    expect(found('id:34')).toEqual(['rule 2:34']);
    expect(found('path_origin_id:13')).toEqual(['rule 2:34', 'rule 2:35']);
  });

  it('cache:NAME and origin:NAME by the name of the record in the rule’s own configuration', () => {
    // `html no-cache` is 21 in acme-www and 24 in acme-shop; the blog's cache settings are not read.
    expect(found('cache:"html no-cache"')).toEqual(['rule 1:33', 'rule 2:34']);
    expect(found('cache:static')).toEqual(['rule 1:31']);
    expect(found('cache:=html')).toEqual([]);
    expect(found('cache:none')).toEqual(['rule 1:32', 'rule 2:35']);
    expect(found('origin:backup')).toEqual(['rule 1:32']);
    expect(found('origin:"default origin" gzip:true')).toEqual(['rule 1:31']);
  });

  it('in:GLOB keeps configurations whose name matches; kind: keeps those kinds', () => {
    expect(found('behavior:redirect in:acme*')).toEqual(['rule 1:32', 'rule 2:35']);
    expect(found('gzip:false in:acme-???')).toEqual(['rule 1:32', 'rule 1:33']);
    expect(found('gzip:false in:ACME-SHOP')).toEqual(['rule 2:34', 'rule 2:35']);
    expect(found('in:blog kind:rule,origin')).toEqual(['rule 3:36', 'origin 3:14']);
    expect(found('in:3 kind:configuration')).toEqual(['configuration 3:3']); // or its id
    expect(found('in:a.c* kind:configuration')).toEqual([]); // a `.` is itself
    expect(found('kind:cache static')).toEqual(['cache_setting 1:22', 'cache_setting 2:23']);
  });

  it('labels each match, counts what it looked through and stops at a limit', () => {
    const r = matchQuery(query('gzip:false'), DATA, { limit: 2 });
    expect(r.matches).toEqual([
      { conf: 1, confName: 'acme-www', kind: 'rule', id: 32, label: '/old', detail: 'redirect' },
      { conf: 1, confName: 'acme-www', kind: 'rule', id: 33, label: '/', detail: 'delivery' },
    ]);
    expect(r.cut).toBe(true);
    expect(r.looked).toBe(6);
    const o = matchQuery(query('kind:origin 10.0'), DATA);
    expect(o.matches).toEqual([{ conf: 1, confName: 'acme-www', kind: 'origin', id: 12, label: 'backup', detail: '10.0.0.2' }]);
    expect(o.cut).toBe(false);
  });
});
