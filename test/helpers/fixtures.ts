// Shared fixtures for end-to-end tests of the emulator: record factories and reply assertions.
// Everything goes through real HTTP (a TestEmulator's `call`); nothing here knows the emulator's code.
import { expect } from 'vitest';
import type { CallOptions, Reply } from './emulator.js';
import { isJsonObject, isStoredRecord, storedRecord, type Json, type StoredRecord } from './json.js';

export type { Json, StoredRecord };

/** The base path of every configuration resource. */
export const CFG = '/content_delivery/configurations';

/** The Content-Type of every answer (docs/api.md §1). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Anything with the `call` of a TestEmulator (an in-process or a child emulator). */
export interface Caller {
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
}

// Field orders of docs/api.md §4.
export const CONFIGURATION_FIELDS = [
  'id',
  'name',
  'domain_name',
  'active',
  'delivery_protocol',
  'digital_certificate',
  'cname_access_only',
  'rawlogs',
  'cname',
] as const;

export const RULE_FIELDS = [
  'id',
  'path',
  'regex',
  'protocol_policy',
  'behavior',
  'path_origin_id',
  'gzip',
  'redirect_to',
  'forward_cookies',
  'waf_rule_set_id',
  'edge_firewall_id',
  'cache_settings_id',
] as const;

export const RULE_REQUIRED = ['path', 'regex', 'protocol_policy', 'behavior', 'path_origin_id'] as const;

export const RULE_DEFAULTS = {
  gzip: false,
  redirect_to: '',
  forward_cookies: 'all',
  waf_rule_set_id: null,
  edge_firewall_id: null,
  cache_settings_id: null,
} as const;

export const CACHE_SETTING_FIELDS = [
  'id',
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
] as const;

export const CACHE_SETTING_REQUIRED = [
  'name',
  'browser_cache_settings',
  'cdn_cache_settings',
  'cache_by_query_string',
  'cache_by_cookies',
] as const;

export const CACHE_SETTING_DEFAULTS = {
  browser_cache_settings_maximum_ttl: 0,
  cdn_cache_settings_maximum_ttl: 0,
  query_string_fields: null,
  enable_query_string_sort: false,
  cookie_names: null,
} as const;

export const ERROR_RESPONSE_FIELDS = [
  'cache_error_400',
  'cache_error_403',
  'cache_error_404',
  'cache_error_405',
  'cache_error_414',
  'cache_error_416',
  'cache_error_501',
] as const;

/** The largest TTL the API accepts (one year in seconds). */
export const MAX_TTL = 31_536_000;

let counter = 0;
/** A name unique within this test process (configuration names must be unique per emulator). */
export function uniqueName(prefix = 'test'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** A rule path unique within this test process. */
export function uniquePath(prefix = '/p'): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

function must(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${reply.status}: ${reply.text}`);
  }
}

export interface Configuration {
  readonly id: number;
  /** `${CFG}/${id}` */
  readonly path: string;
  /** The create response. */
  readonly record: StoredRecord;
  /** The id of the configuration's "Default Origin" (from GET …/origins). */
  readonly defaultOriginId: number;
}

/** The origin create body recorded from the real service (issue 24). */
export const RECORDED_ORIGIN = {
  name: 'Dummy origin',
  origin_type: 'single_origin',
  host_header: 'www.example.com',
  origin_protocol_policy: 'http',
  addresses: [{ address: 'www.myorigin.com', server_role: 'primary' }],
  connection_timeout: 60,
  timeout_between_bytes: 120,
};

/** The create body used by createConfiguration (before overrides). */
export function configurationBody(overrides: Json = {}): Json {
  return {
    name: uniqueName('cfg'),
    origin_address: 'origin.example.com',
    origin_host_header: 'www.example.com',
    ...overrides,
  };
}

/**
 * POSTs a configuration (unique name, valid origin fields, then `overrides`; an override set to
 * `undefined` leaves that field out) and looks up its Default Origin. Throws unless both succeed.
 */
export async function createConfiguration(emu: Caller, overrides: Json = {}): Promise<Configuration> {
  const created = await emu.call('POST', CFG, { body: configurationBody(overrides) });
  must(created, 201, 'create configuration');
  const record = storedRecord(created, 'create configuration');
  const id = record.id;
  const list = await getList(emu, `${CFG}/${id}/origins`);
  const def = list.find((o) => o.name === 'Default Origin') ?? list[0];
  if (!def) throw new Error(`configuration ${id} has no origin`);
  return { id, path: `${CFG}/${id}`, record, defaultOriginId: def.id };
}

/** The create body used by createCacheSetting (before overrides). */
export function cacheSettingBody(overrides: Json = {}): Json {
  return {
    name: uniqueName('cache'),
    browser_cache_settings: false,
    cdn_cache_settings: 'honor',
    cache_by_query_string: 'ignore',
    cache_by_cookies: 'ignore',
    ...overrides,
  };
}

/** POSTs a cache setting into configuration `confId`; returns the create response. */
export async function createCacheSetting(emu: Caller, confId: number, overrides: Json = {}): Promise<StoredRecord> {
  const created = await emu.call('POST', `${CFG}/${confId}/cache_settings`, { body: cacheSettingBody(overrides) });
  must(created, 201, 'create cache setting');
  return storedRecord(created, 'create cache setting');
}

/** The create body used by createRule (before overrides). */
export function ruleBody(conf: Pick<Configuration, 'defaultOriginId'>, overrides: Json = {}): Json {
  return {
    path: uniquePath('/rule'),
    regex: false,
    protocol_policy: 'http',
    behavior: 'delivery',
    path_origin_id: conf.defaultOriginId,
    ...overrides,
  };
}

/** POSTs a rule (a delivery rule on the Default Origin unless overridden); returns the create response. */
export async function createRule(
  emu: Caller,
  conf: Pick<Configuration, 'id' | 'defaultOriginId'>,
  overrides: Json = {},
): Promise<StoredRecord> {
  const created = await emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody(conf, overrides) });
  must(created, 201, 'create rule');
  return storedRecord(created, 'create rule');
}

/** GETs a path and returns its body, failing unless the answer is 200. */
export async function getJson(emu: Caller, path: string): Promise<unknown> {
  const r = await emu.call('GET', path);
  must(r, 200, `GET ${path}`);
  return r.body;
}

/** GETs a path and returns its JSON object, failing unless the answer is a 200 with an object. */
export async function getObject(emu: Caller, path: string): Promise<Json> {
  const body = await getJson(emu, path);
  if (!isJsonObject(body)) throw new Error(`GET ${path}: expected an object, got: ${JSON.stringify(body)}`);
  return body;
}

/** GETs a list path and returns its records, failing unless the answer is a 200 with a list of records. */
export async function getList(emu: Caller, path: string): Promise<StoredRecord[]> {
  const body = await getJson(emu, path);
  if (!Array.isArray(body) || !body.every(isStoredRecord))
    throw new Error(`GET ${path}: expected a list of records, got: ${JSON.stringify(body)}`);
  return body;
}

// ---- assertions -------------------------------------------------------------------------------

/** Asserts a 4xx/5xx `{"detail": …}` answer. */
export function expectDetail(reply: Reply, status: number, detail: string): void {
  expect({ status: reply.status, body: reply.body }, reply.text).toEqual({ status, body: { detail } });
  expect(reply.headers.get('content-type')).toBe(JSON_TYPE);
}

/**
 * Asserts a 400 validation answer whose field map has exactly `keys` (any order), each value a
 * non-empty array of non-empty strings. Returns the field map.
 */
export function expectFieldErrors(reply: Reply, keys: readonly string[]): Json {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.headers.get('content-type')).toBe(JSON_TYPE);
  expect(reply.body, reply.text).toBeTypeOf('object');
  expect(Array.isArray(reply.body), reply.text).toBe(false);
  expect(Object.keys(reply.body).sort(), reply.text).toEqual([...keys].sort());
  for (const k of keys) expectMessages(reply.body[k], reply.text);
  return reply.body;
}

/**
 * Asserts a 400 validation answer whose field map has at least one key, all of them among
 * `allowed` (for cross-field problems where docs/api.md leaves the field open).
 */
export function expectFieldErrorsAmong(reply: Reply, allowed: readonly string[]): Json {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.body, reply.text).toBeTypeOf('object');
  const keys = Object.keys(reply.body);
  expect(keys.length, reply.text).toBeGreaterThan(0);
  for (const k of keys) {
    expect(allowed, reply.text).toContain(k);
    expectMessages(reply.body[k], reply.text);
  }
  return reply.body;
}

function expectMessages(value: unknown, context: string): void {
  expect(Array.isArray(value), context).toBe(true);
  const list = value as unknown[];
  expect(list.length, context).toBeGreaterThan(0);
  for (const m of list) {
    expect(typeof m, context).toBe('string');
    expect((m as string).length, context).toBeGreaterThan(0);
  }
}

/** Asserts a 400 whose field map is exactly `{ [field]: [message] }`. */
export function expectFieldError(reply: Reply, field: string, message: string): void {
  expect({ status: reply.status, body: reply.body }).toEqual({ status: 400, body: { [field]: [message] } });
}

/** Asserts a 405 with the API's detail and, when given, the exact Allow header. */
export function expectMethodNotAllowed(reply: Reply, method: string, allow?: string): void {
  expectDetail(reply, 405, `Method "${method}" not allowed.`);
  const header = reply.headers.get('allow');
  expect(header).not.toBeNull();
  if (allow !== undefined) expect(header).toBe(allow);
}

/** The methods of an Allow header, upper-case, in the order given. */
export function allowedMethods(reply: Reply): string[] {
  return (reply.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== '');
}

/** Asserts a 404 `{"detail": "Not found."}`. */
export function expectNotFound(reply: Reply): void {
  expectDetail(reply, 404, 'Not found.');
}

/** A copy of `obj` without `keys`. */
export function omit(obj: Json, ...keys: string[]): Json {
  const copy: Json = { ...obj };
  for (const k of keys) delete copy[k];
  return copy;
}
