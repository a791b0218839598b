// Record types derived from the schema (checked by tsc: `npm test` typechecks tests), and the guards
// that turn an untyped value into a typed record.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  extraFields,
  isRecordOf,
  isStoredRecord,
  misfits,
  schemaFor,
  storedRecord,
  validateRecord,
  type CacheSetting,
  type Configuration,
  type ErrorResponses,
  type Origin,
  type Rule,
  type StoredRecord,
} from '../../src/schema/index.js';

/** A record type without its extras' index signature and without readonly, to compare field by field. */
type Fields<T> = { -readonly [K in keyof T as string extends K ? never : K]: T[K] };

const PRODUCTS = { products: new Set(['application_acceleration', 'raw_logs'] as const) };

describe('record types follow the field specs', () => {
  it('types each field: string, boolean, number (| null when nullable), enum choices, lists', () => {
    expectTypeOf<Fields<Configuration>>().toEqualTypeOf<{
      id: number;
      name: string;
      domain_name: string;
      active: boolean;
      delivery_protocol: 'http' | 'http,https';
      digital_certificate: number | null;
      cname_access_only: boolean;
      rawlogs: boolean;
      cname: string[];
    }>();
    expectTypeOf<Fields<Rule>>().toEqualTypeOf<{
      id: number;
      path: string;
      regex: boolean;
      protocol_policy: 'http' | 'http,https' | 'redirect_to_https';
      behavior: 'delivery' | 'redirect' | 'access_denied' | 'acceleration' | 'image_optimization';
      path_origin_id: number;
      gzip: boolean;
      redirect_to: string;
      forward_cookies: 'all' | 'none';
      waf_rule_set_id: number | null;
      edge_firewall_id: number | null;
      cache_settings_id: number | null;
    }>();
    expectTypeOf<Fields<CacheSetting>>().toEqualTypeOf<{
      id: number;
      name: string;
      browser_cache_settings: boolean;
      browser_cache_settings_maximum_ttl: number;
      cdn_cache_settings: 'honor' | 'override' | 'bypass';
      cdn_cache_settings_maximum_ttl: number;
      cache_by_query_string: 'ignore' | 'whitelist' | 'blacklist' | 'all';
      query_string_fields: string[] | null;
      enable_query_string_sort: boolean;
      cache_by_cookies: 'ignore' | 'whitelist' | 'blacklist' | 'all';
      cookie_names: string[] | null;
    }>();
    expectTypeOf<keyof Fields<ErrorResponses>>().toEqualTypeOf<
      | 'cache_error_400'
      | 'cache_error_403'
      | 'cache_error_404'
      | 'cache_error_405'
      | 'cache_error_414'
      | 'cache_error_416'
      | 'cache_error_501'
    >();
    expectTypeOf<Fields<Origin>['addresses']>().toEqualTypeOf<
      Array<{
        readonly address: string;
        readonly weight: number | null;
        readonly server_role: 'primary' | 'backup';
        readonly is_active: boolean;
      }>
    >();
    expectTypeOf<Fields<Origin>['method']>().toEqualTypeOf<'' | 'round_robin' | 'least_connections' | 'ip_hash'>();
    expectTypeOf<Fields<Origin>['connection_timeout']>().toEqualTypeOf<number>();
  });

  it('keeps extras as unknown, and write-once fields only in the stored record', () => {
    expectTypeOf<Configuration['future_flag']>().toEqualTypeOf<unknown>();
    expectTypeOf<StoredRecord<'configuration'>['origin_address']>().toEqualTypeOf<string>();
    expectTypeOf<Fields<Configuration>>().not.toHaveProperty('origin_address');
    expectTypeOf(schemaFor('rule').kind).toEqualTypeOf<'rule'>();
  });
});

const RULE = {
  id: 3,
  path: '/',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: 1,
  gzip: true,
  redirect_to: '',
  forward_cookies: 'all',
  waf_rule_set_id: null,
  edge_firewall_id: null,
  cache_settings_id: null,
};

const without = (rec: object, field: string) => Object.fromEntries(Object.entries(rec).filter(([k]) => k !== field));

describe('isRecordOf', () => {
  it('accepts a complete record with extra fields, and narrows it', () => {
    const rec: unknown = { ...RULE, shield: { region: 'eu' } };
    expect(isRecordOf('rule', rec)).toBe(true);
    if (isRecordOf('rule', rec)) expectTypeOf(rec.behavior).toEqualTypeOf<Rule['behavior']>();
  });

  it('refuses a missing field, a wrong type, a choice outside the enum, null where not nullable', () => {
    expect(isRecordOf('rule', without(RULE, 'gzip'))).toBe(false);
    expect(isRecordOf('rule', { ...RULE, path_origin_id: '1' })).toBe(false);
    expect(isRecordOf('rule', { ...RULE, behavior: 'teleport' })).toBe(false);
    expect(isRecordOf('rule', { ...RULE, path: null })).toBe(false);
    expect(isRecordOf('rule', { ...RULE, waf_rule_set_id: null })).toBe(true);
    expect(isRecordOf('rule', [RULE])).toBe(false);
    expect(isRecordOf('cache_setting', { id: 1, name: 'n', query_string_fields: [1] })).toBe(false);
  });

  it('reads only response fields; the stored record needs every field', () => {
    const conf = {
      id: 1,
      name: 'a',
      domain_name: 'x.map.cdn.test',
      active: true,
      delivery_protocol: 'http',
      digital_certificate: null,
      cname_access_only: false,
      rawlogs: false,
      cname: [],
    };
    expect(isRecordOf('configuration', conf)).toBe(true);
    expect(isStoredRecord('configuration', conf)).toBe(false);
    expect(misfits('configuration', conf)).toEqual([
      'origin_address',
      'origin_host_header',
      'origin_protocol_policy',
      'browser_cache_settings',
      'browser_cache_settings_maximum_ttl',
      'cdn_cache_settings',
      'cdn_cache_settings_maximum_ttl',
    ]);
    expect(() => storedRecord('configuration', conf)).toThrow(/incomplete configuration record \(origin_address, /);
  });
});

describe('extraFields', () => {
  it('names the fields the schema does not describe, in the order the server sent them; a write-once field is no extra', () => {
    expect(extraFields('rule', { shield: 1, ...RULE, legacy: null })).toEqual(['shield', 'legacy']);
    expect(extraFields('rule', RULE)).toEqual([]);
    expect(extraFields('configuration', { id: 1, origin_address: 'o.example', tier: 'gold' })).toEqual(['tier']);
  });
});

describe('validateRecord', () => {
  it('carries the typed stored record, with what the server assigns added on create', () => {
    let next = 41;
    const body = without(RULE, 'id');
    const result = validateRecord('rule', 'create', body, undefined, PRODUCTS, () => ({ id: ++next }));
    expect(result.ok && result.record).toEqual({ ...RULE, id: 42 });
    const refused = validateRecord('rule', 'create', { path: '/' }, undefined, PRODUCTS, () => ({ id: ++next }));
    expect(refused.ok).toBe(false);
    expect(next).toBe(42); // a refused write uses up no id
  });

  it('merges a patch into the stored record', () => {
    const stored = storedRecord('rule', RULE);
    const result = validateRecord('rule', 'patch', { gzip: false }, stored, PRODUCTS);
    expect(result.ok && result.record).toEqual({ ...RULE, gzip: false });
    if (result.ok) expectTypeOf(result.record).toEqualTypeOf<StoredRecord<'rule'>>();
  });
});
