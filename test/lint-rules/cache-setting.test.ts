// A cache setting's findings: an override of 0 s caches nothing; a whitelist or blacklist of no
// names; a cache setting no rule of the configuration uses (only when the rules were read).
import { describe, expect, it } from 'vitest';
import { lintRecord, type LintScope } from '../../src/lint/index.js';

const setting = {
  id: 12,
  name: 'static 7d',
  browser_cache_settings: false,
  browser_cache_settings_maximum_ttl: 0,
  cdn_cache_settings: 'override',
  cdn_cache_settings_maximum_ttl: 604800,
  cache_by_query_string: 'ignore',
  query_string_fields: null,
  enable_query_string_sort: false,
  cache_by_cookies: 'ignore',
  cookie_names: null,
};
const lint = (changes: Record<string, unknown>, scope: LintScope = {}) => lintRecord('cache_setting', { ...setting, ...changes }, scope);
const codes = (changes: Record<string, unknown>, scope: LintScope = {}) => lint(changes, scope).map((f) => f.code);

describe('override_zero_ttl', () => {
  it('override with a maximum TTL of 0', () => {
    expect(lint({ cdn_cache_settings_maximum_ttl: 0 })).toEqual([
      {
        code: 'override_zero_ttl',
        kind: 'cache_setting',
        id: 12,
        field: 'cdn_cache_settings_maximum_ttl',
        message: 'cdn_cache_settings "override" with cdn_cache_settings_maximum_ttl 0 caches nothing: every request goes to the origin.',
      },
    ]);
  });

  it('stays quiet with a TTL, with honor or bypass, and on a TTL that is not the number 0', () => {
    expect(codes({ cdn_cache_settings_maximum_ttl: 60 })).toEqual([]);
    expect(codes({ cdn_cache_settings: 'honor', cdn_cache_settings_maximum_ttl: 0 })).toEqual([]);
    expect(codes({ cdn_cache_settings: 'bypass', cdn_cache_settings_maximum_ttl: 0 })).toEqual([]);
    expect(codes({ cdn_cache_settings_maximum_ttl: '0' })).toEqual([]);
  });
});

describe('empty_vary_list', () => {
  it('a whitelist or blacklist with its list null, empty or left out, under the list', () => {
    expect(lint({ cache_by_query_string: 'whitelist', query_string_fields: [] })).toEqual([
      {
        code: 'empty_vary_list',
        kind: 'cache_setting',
        id: 12,
        field: 'query_string_fields',
        message:
          'cache_by_query_string is "whitelist" but query_string_fields names no query string field: the cache ignores every query string field, so answers that differ by one are served from one cached copy.',
      },
    ]);
    expect(lint({ cache_by_cookies: 'blacklist', cookie_names: null })).toEqual([
      expect.objectContaining({
        field: 'cookie_names',
        message:
          'cache_by_cookies is "blacklist" but cookie_names names no cookie: the cache varies by every cookie, so few answers are served from it.',
      }),
    ]);
    const { cookie_names: _, ...without } = setting;
    expect(lintRecord('cache_setting', { ...without, cache_by_cookies: 'whitelist' }, {}).map((f) => f.field)).toEqual(['cookie_names']);
    expect(
      codes({ cache_by_query_string: 'blacklist', query_string_fields: [''], cache_by_cookies: 'whitelist', cookie_names: [] }),
    ).toEqual(['empty_vary_list', 'empty_vary_list']);
  });

  it('stays quiet with names, and with ignore or all whatever the list holds', () => {
    expect(codes({ cache_by_query_string: 'whitelist', query_string_fields: ['page'] })).toEqual([]);
    expect(codes({ cache_by_cookies: 'blacklist', cookie_names: ['session'] })).toEqual([]);
    expect(codes({ cache_by_query_string: 'all', query_string_fields: [] })).toEqual([]);
    expect(codes({ cache_by_cookies: 'ignore', cookie_names: null })).toEqual([]);
  });
});

describe('unused_cache_setting', () => {
  const rules = (...ids: unknown[]) => ids.map((cache_settings_id, i) => ({ id: 100 + i, path: `/r${i}/`, cache_settings_id }));
  it('no rule of the configuration uses it', () => {
    expect(lint({}, { rules: rules(null, 13) })).toEqual([
      {
        code: 'unused_cache_setting',
        kind: 'cache_setting',
        id: 12,
        field: 'id',
        message: 'cache setting "static 7d" (12) is used by no rule (cache_settings_id): it has no effect.',
      },
    ]);
    expect(codes({}, { rules: [] })).toEqual(['unused_cache_setting']);
    expect(codes({}, { rules: rules('12') })).toEqual(['unused_cache_setting']); // a text is no reference
  });

  it('stays quiet when a rule uses it, when the rules were not read, and for a cache setting not made yet', () => {
    expect(codes({}, { rules: rules(null, 12) })).toEqual([]);
    expect(codes({}, {})).toEqual([]);
    expect(codes({ id: undefined }, { rules: [] })).toEqual([]);
  });
});
