// Pure checks of the demo data set (no emulator): every body must be valid per docs/api.md §4.
import { describe, it, expect } from 'vitest';
import { DEMO_ACCOUNT, type DemoConfiguration, type DemoProduct } from '../../src/server/seed/demo-data.js';

const MAX_TTL = 31_536_000;

const CONFIG_CREATE_FIELDS = new Set([
  'name',
  'origin_address',
  'origin_host_header',
  'cname',
  'cname_access_only',
  'delivery_protocol',
  'digital_certificate',
  'origin_protocol_policy',
  'browser_cache_settings',
  'browser_cache_settings_maximum_ttl',
  'cdn_cache_settings',
  'cdn_cache_settings_maximum_ttl',
]);
const CONFIG_PATCH_FIELDS = new Set([
  'name',
  'cname',
  'cname_access_only',
  'delivery_protocol',
  'digital_certificate',
  'rawlogs',
  'active',
]);
// Rule POST fields minus path_origin_id and cache_settings_id, which the loader fills in.
const RULE_FIELDS = new Set([
  'path',
  'regex',
  'protocol_policy',
  'behavior',
  'gzip',
  'redirect_to',
  'forward_cookies',
  'waf_rule_set_id',
  'edge_firewall_id',
]);
const CACHE_FIELDS = new Set([
  'name',
  'browser_cache_settings',
  'browser_cache_settings_maximum_ttl',
  'cdn_cache_settings',
  'cdn_cache_settings_maximum_ttl',
  'cache_by_query_string',
  'query_string_fields',
  'enable_query_string_sort',
  'cache_by_cookies',
  'cookie_names',
]);
const ERROR_FIELDS = new Set([
  'cache_error_400',
  'cache_error_403',
  'cache_error_404',
  'cache_error_405',
  'cache_error_414',
  'cache_error_416',
  'cache_error_501',
]);

const HOSTNAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+(example|test)$/;

const configs = DEMO_ACCOUNT;
const label = (c: DemoConfiguration): string => String(c.create.name);

function unknownKeys(body: Readonly<Record<string, unknown>>, allowed: Set<string>): string[] {
  return Object.keys(body).filter((k) => !allowed.has(k));
}

function isTtl(v: unknown): boolean {
  return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_TTL;
}

function isValidName(v: unknown): boolean {
  return typeof v === 'string' && v === v.trim() && v.length >= 1 && v.length <= 250;
}

function isPositiveIntOrNull(v: unknown): boolean {
  return v === null || (Number.isInteger(v) && (v as number) > 0);
}

function isUniqueNonEmptyStringList(v: unknown): boolean {
  return (
    Array.isArray(v) &&
    v.length >= 1 &&
    v.length <= 100 &&
    v.every((s) => typeof s === 'string' && s.length > 0) &&
    new Set(v).size === v.length
  );
}

/** The cache rules shared by configuration create bodies and cache settings (§4.1, §4.3). */
function cacheProblems(body: Readonly<Record<string, unknown>>, requires: DemoProduct | undefined): string[] {
  const problems: string[] = [];
  if (body.browser_cache_settings !== undefined && typeof body.browser_cache_settings !== 'boolean')
    problems.push('browser_cache_settings');
  for (const f of ['browser_cache_settings_maximum_ttl', 'cdn_cache_settings_maximum_ttl']) {
    if (body[f] !== undefined && !isTtl(body[f])) problems.push(f);
  }
  const cdn = body.cdn_cache_settings;
  if (cdn !== undefined && !['honor', 'override', 'bypass'].includes(cdn as string)) problems.push('cdn_cache_settings');
  if (cdn === 'bypass' && requires !== 'application_acceleration') problems.push('bypass without application_acceleration');
  if (
    cdn === 'override' &&
    requires !== 'application_acceleration' &&
    ((body.cdn_cache_settings_maximum_ttl as number | undefined) ?? 0) < 60
  ) {
    problems.push('override with a TTL below 60');
  }
  return problems;
}

describe('demo account', () => {
  it('has about a dozen configurations, one of them inactive', () => {
    expect(configs.length).toBeGreaterThanOrEqual(10);
    expect(configs.length).toBeLessThanOrEqual(15);
    expect(configs.filter((c) => c.patch?.active === false)).toHaveLength(1);
  });

  it('has unique, valid configuration names', () => {
    const names = configs.map(label);
    for (const c of configs) expect(isValidName(c.create.name), label(c)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has valid configuration create bodies that need no product', () => {
    for (const c of configs) {
      const b = c.create;
      const where = label(c);
      expect(unknownKeys(b, CONFIG_CREATE_FIELDS), where).toEqual([]);
      expect(typeof b.origin_address === 'string' && b.origin_address.length > 0, where).toBe(true);
      const host = b.origin_host_header;
      expect(typeof host === 'string' && host.length >= 1 && host.length <= 255 && !/[\s\p{Cc}]/u.test(host), where).toBe(true);
      if (b.delivery_protocol !== undefined) expect(['http', 'http,https'], where).toContain(b.delivery_protocol);
      if (b.origin_protocol_policy !== undefined) expect(['preserve', 'http', 'https'], where).toContain(b.origin_protocol_policy);
      if (b.digital_certificate !== undefined) expect(isPositiveIntOrNull(b.digital_certificate), where).toBe(true);
      if (b.cname_access_only !== undefined) expect(typeof b.cname_access_only, where).toBe('boolean');
      if (b.cname_access_only === true) expect((b.cname as unknown[] | undefined)?.length ?? 0, where).toBeGreaterThan(0);
      expect(cacheProblems(b, undefined), where).toEqual([]);
    }
  });

  it('has valid origin addresses (IP or hostname of two labels or more)', () => {
    const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
    const ipv6 = /^[0-9a-f:]+$/i;
    const hostname = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
    for (const c of configs) {
      const a = String(c.create.origin_address);
      expect(ipv4.test(a) || (a.includes(':') && ipv6.test(a)) || hostname.test(a), label(c)).toBe(true);
    }
  });

  it('has lower-case cnames under reserved TLDs, unique across the account', () => {
    const seen = new Map<string, string>();
    for (const c of configs) {
      const cnames = (c.create.cname ?? []) as string[];
      expect(Array.isArray(cnames), label(c)).toBe(true);
      expect(cnames.length, label(c)).toBeLessThanOrEqual(50);
      for (const name of cnames) {
        expect(name, label(c)).toBe(name.toLowerCase());
        expect(HOSTNAME.test(name), `${label(c)}: ${name}`).toBe(true);
        expect(seen.get(name), `${name} is in "${seen.get(name)}" and "${label(c)}"`).toBeUndefined();
        seen.set(name, label(c));
      }
    }
  });

  it('patches only PUT/PATCH fields, gating rawlogs behind raw_logs', () => {
    for (const c of configs) {
      if (c.patch === undefined) {
        expect(c.patchRequires, label(c)).toBeUndefined();
        continue;
      }
      expect(Object.keys(c.patch).length, label(c)).toBeGreaterThan(0);
      expect(unknownKeys(c.patch, CONFIG_PATCH_FIELDS), label(c)).toEqual([]);
      if (c.patch.rawlogs === true) expect(c.patchRequires, label(c)).toBe('raw_logs');
    }
  });

  it('has unique, valid cache settings per configuration', () => {
    for (const c of configs) {
      const names = c.cacheSettings.map((s) => s.body.name);
      expect(new Set(names).size, label(c)).toBe(names.length);
      for (const s of c.cacheSettings) {
        const b = s.body;
        const where = `${label(c)} / ${String(b.name)}`;
        expect(isValidName(b.name), where).toBe(true);
        expect(unknownKeys(b, CACHE_FIELDS), where).toEqual([]);
        expect(typeof b.browser_cache_settings, where).toBe('boolean');
        expect(['honor', 'override', 'bypass'], where).toContain(b.cdn_cache_settings);
        expect(['ignore', 'whitelist', 'blacklist', 'all'], where).toContain(b.cache_by_query_string);
        expect(['ignore', 'whitelist', 'blacklist', 'all'], where).toContain(b.cache_by_cookies);
        if (b.cache_by_query_string === 'whitelist' || b.cache_by_query_string === 'blacklist') {
          expect(isUniqueNonEmptyStringList(b.query_string_fields), where).toBe(true);
        }
        if (b.cache_by_cookies === 'whitelist' || b.cache_by_cookies === 'blacklist') {
          expect(isUniqueNonEmptyStringList(b.cookie_names), where).toBe(true);
        }
        if (b.enable_query_string_sort !== undefined) expect(typeof b.enable_query_string_sort, where).toBe('boolean');
        expect(cacheProblems(b, s.requires), where).toEqual([]);
      }
    }
  });

  it('references only existing cache settings, with matching product gates', () => {
    for (const c of configs) {
      const byName = new Map(c.cacheSettings.map((s) => [s.body.name as string, s]));
      for (const r of c.rules) {
        if (r.cacheSetting === undefined) continue;
        const where = `${label(c)} ${String(r.body.path)}`;
        const setting = byName.get(r.cacheSetting);
        expect(setting, `${where} -> ${r.cacheSetting}`).toBeDefined();
        // A rule that uses a product-gated setting must be skipped whenever that setting is.
        if (setting?.requires !== undefined) expect(r.requires, where).toBe(setting.requires);
      }
    }
  });

  it('puts the rules that need a product last in their configuration (without it the others keep their places)', () => {
    for (const c of configs) {
      const gated = c.rules.map((r) => r.requires !== undefined);
      expect(gated, label(c)).toEqual([...gated].sort((a, b) => Number(a) - Number(b)));
    }
  });

  it('has valid rule bodies', () => {
    for (const c of configs) {
      for (const r of c.rules) {
        const b = r.body;
        const where = `${label(c)} ${String(b.path)}`;
        expect(unknownKeys(b, RULE_FIELDS), where).toEqual([]);
        expect(typeof b.path === 'string' && b.path.length >= 1 && b.path.length <= 1000, where).toBe(true);
        expect(typeof b.regex, where).toBe('boolean');
        expect(['http', 'http,https', 'redirect_to_https'], where).toContain(b.protocol_policy);
        expect(['delivery', 'redirect', 'access_denied', 'acceleration', 'image_optimization'], where).toContain(b.behavior);
        if (b.gzip !== undefined) expect(typeof b.gzip, where).toBe('boolean');
        if (b.forward_cookies !== undefined) expect(['all', 'none'], where).toContain(b.forward_cookies);
        for (const f of ['waf_rule_set_id', 'edge_firewall_id']) {
          if (b[f] !== undefined) expect(isPositiveIntOrNull(b[f]), `${where} ${f}`).toBe(true);
        }
        if (b.behavior === 'acceleration') expect(r.requires, where).toBe('application_acceleration');
      }
    }
  });

  it('has non-regex paths starting with / and regex paths that compile', () => {
    for (const c of configs) {
      for (const r of c.rules) {
        const path = String(r.body.path);
        if (r.body.regex === true) expect(() => new RegExp(path), `${label(c)} ${path}`).not.toThrow();
        else expect(path.startsWith('/'), `${label(c)} ${path}`).toBe(true);
      }
    }
  });

  it('has no two rules with the same path and regex in a configuration', () => {
    for (const c of configs) {
      const keys = c.rules.map((r) => `${String(r.body.regex)}:${String(r.body.path)}`);
      expect(new Set(keys).size, label(c)).toBe(keys.length);
    }
  });

  it('gives redirect rules an absolute http(s) URL and no other rule a redirect_to', () => {
    for (const c of configs) {
      for (const r of c.rules) {
        const where = `${label(c)} ${String(r.body.path)}`;
        if (r.body.behavior === 'redirect') {
          const to = r.body.redirect_to;
          expect(typeof to, where).toBe('string');
          const url = new URL(to as string);
          expect(['http:', 'https:'], where).toContain(url.protocol);
        } else {
          expect(r.body.redirect_to === undefined || r.body.redirect_to === '', where).toBe(true);
        }
      }
    }
  });

  it('has valid error-response TTLs', () => {
    for (const c of configs) {
      if (c.errorResponses === undefined) continue;
      expect(Object.keys(c.errorResponses).length, label(c)).toBeGreaterThan(0);
      expect(unknownKeys(c.errorResponses, ERROR_FIELDS), label(c)).toEqual([]);
      for (const v of Object.values(c.errorResponses)) expect(isTtl(v), label(c)).toBe(true);
    }
  });

  it('covers the features the demo is meant to show', () => {
    const rules = configs.flatMap((c) => c.rules);
    const behaviors = new Set(rules.map((r) => r.body.behavior));
    expect([...behaviors].sort()).toEqual(['acceleration', 'access_denied', 'delivery', 'image_optimization', 'redirect']);
    expect(rules.some((r) => r.body.regex === true)).toBe(true);
    expect(
      configs.filter((c) => c.create.delivery_protocol === 'http,https' && typeof c.create.digital_certificate === 'number').length,
    ).toBeGreaterThanOrEqual(2);
    expect(configs.filter((c) => c.create.cname_access_only === true).length).toBeGreaterThanOrEqual(2);
    const settings = configs.flatMap((c) => c.cacheSettings.map((s) => s.body));
    expect(settings.some((s) => s.cache_by_query_string === 'whitelist')).toBe(true);
    expect(settings.some((s) => s.cache_by_cookies === 'whitelist' || s.cache_by_cookies === 'blacklist')).toBe(true);
  });
});
