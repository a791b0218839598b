// The pure diff engine: changed fields, the exact request, three-way compare and rebase.
import { describe, expect, it } from 'vitest';
import { buildRequest, changedFields, formatChange, formatRequest, jsonEqual, rebase, threeWay } from '../../src/diff/index.js';

const rule = {
  id: 45,
  path: '/images/',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: 3,
  gzip: false,
  redirect_to: '',
  forward_cookies: 'all',
  waf_rule_set_id: null,
  edge_firewall_id: null,
  cache_settings_id: null,
};
const target = { kind: 'rule', conf: 7, id: 45, op: 'update' } as const;

describe('diff', () => {
  it('a PATCH carries the changed fields only, in the exact request line', () => {
    const req = buildRequest(target, rule, { ...rule, gzip: true });
    expect(req).toEqual({ method: 'PATCH', path: '/content_delivery/configurations/7/rules_engine/45', body: { gzip: true } });
    expect(formatRequest(req!)).toBe('PATCH /content_delivery/configurations/7/rules_engine/45 {"gzip": true}');
  });

  it('nothing changed: no request', () => {
    expect(buildRequest(target, rule, { ...rule, cname: undefined })).toBeUndefined();
    expect(buildRequest(target, rule, structuredClone(rule))).toBeUndefined();
  });

  it('lists compare by value and unknown extra fields are never sent', () => {
    const conf = { id: 7, name: 'a', cname: ['x.example'], active: true, extra_from_server: 1 };
    const req = buildRequest({ kind: 'configuration', id: 7, op: 'update' }, conf, {
      ...conf,
      cname: ['x.example'],
      extra_from_server: 2,
      name: 'b',
    });
    expect(req?.body).toEqual({ name: 'b' });
  });

  it('a new record is a POST of its create fields; a delete is a DELETE', () => {
    const req = buildRequest({ kind: 'cache_setting', conf: 7, op: 'create' }, undefined, {
      name: 'html',
      browser_cache_settings: false,
      id: 99,
    });
    expect(req).toEqual({
      method: 'POST',
      path: '/content_delivery/configurations/7/cache_settings',
      body: { name: 'html', browser_cache_settings: false },
    });
    expect(buildRequest({ kind: 'rule', conf: 7, id: 45, op: 'delete' }, rule, rule)).toEqual({
      method: 'DELETE',
      path: '/content_delivery/configurations/7/rules_engine/45',
    });
  });

  it('error responses PATCH only the changed codes, on the configuration path', () => {
    const base = {
      cache_error_400: 0,
      cache_error_403: 0,
      cache_error_404: 0,
      cache_error_405: 0,
      cache_error_414: 0,
      cache_error_416: 0,
      cache_error_501: 0,
    };
    const req = buildRequest({ kind: 'error_responses', conf: 7, op: 'update' }, base, {
      ...base,
      cache_error_404: 60,
      cache_error_501: 5,
    });
    expect(req).toEqual({
      method: 'PATCH',
      path: '/content_delivery/configurations/7/error_responses',
      body: { cache_error_404: 60, cache_error_501: 5 },
    });
  });

  it('shows old → new per field', () => {
    const [c] = changedFields(target, rule, { ...rule, cache_settings_id: 12 });
    expect(formatChange(c!)).toBe('cache_settings_id: none → 12');
  });

  it('three-way: fields they changed, clashing where I changed them too', () => {
    const mine = { ...rule, gzip: true, path: '/img/' };
    const theirs = { ...rule, gzip: false, path: '/pictures/', behavior: 'access_denied' };
    const fields = threeWay('rule', rule, theirs, mine);
    expect(fields.map((f) => [f.field, f.clash])).toEqual([
      ['path', true],
      ['behavior', false],
    ]);
    expect(fields[0]).toMatchObject({ base: '/images/', theirs: '/pictures/', mine: '/img/' });
  });

  it('rebase keeps their changes and my choices', () => {
    const mine = { ...rule, gzip: true, path: '/img/' };
    const theirs = { ...rule, path: '/pictures/', behavior: 'access_denied' };
    expect(rebase('rule', rule, theirs, mine, { path: 'theirs' })).toMatchObject({
      gzip: true,
      path: '/pictures/',
      behavior: 'access_denied',
    });
    expect(rebase('rule', rule, theirs, mine)).toMatchObject({ path: '/img/' });
  });
});

describe('jsonEqual', () => {
  it('compares JSON values deeply: lists by order, objects by keys whatever their order', () => {
    expect(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ 0: 1 }, [1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual([], [])).toBe(true);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual({ a: { b: [2] } }, { a: { b: [3] } })).toBe(false);
  });
});
