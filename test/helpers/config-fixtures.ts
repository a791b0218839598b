// Fixtures and assertions shared by the emulator's HTTP contract tests (docs/api.md §1–§4.1).
import { expect } from 'vitest';
import type { Reply, TestEmulator } from './emulator.js';
import { CFG, expectDetail, expectFieldErrors } from './fixtures.js';
import { storedRecord, type StoredRecord } from './json.js';

export {
  CFG,
  CONFIGURATION_FIELDS as CONFIG_FIELDS,
  ERROR_RESPONSE_FIELDS,
  JSON_TYPE,
  expectDetail,
  expectFieldErrors,
} from './fixtures.js';

export const DOMAIN_RE = /^[a-z0-9]{10}\.map\.edge\.example$/;

export const NOT_FOUND = 'Not found.';
export const FORBIDDEN = 'You do not have permission to perform this action.';
export const NO_CREDENTIALS = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid token.';
export const REQUIRED = 'This field is required.';
export const NOT_NULL = 'This field may not be null.';
export const NOT_BOOLEAN = 'Must be a valid boolean.';
export const NOT_INTEGER = 'A valid integer is required.';
export const EMPTY_PATCH = 'Send at least one field.';

let counter = 0;

/** A name (or hostname label) no other test uses. */
export function uniq(prefix = 'cfg'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/** A cname hostname no other test uses. */
export function uniqHost(prefix = 'www'): string {
  return `${uniq(prefix)}.site.test`;
}

/** A valid create body with a unique name. */
export function configBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: uniq(),
    origin_address: 'origin.example.com',
    origin_host_header: 'origin.example.com',
    ...overrides,
  };
}

/** Creates a configuration (asserting 201) and returns the response body. */
export async function createConfig(emu: Pick<TestEmulator, 'call'>, overrides: Record<string, unknown> = {}): Promise<StoredRecord> {
  const r = await emu.call('POST', CFG, { body: configBody(overrides) });
  expect(r.status, r.text).toBe(201);
  return storedRecord(r, 'create configuration');
}

/** POSTs a create body (valid unless overridden) and returns the reply, whatever it is. */
export async function postConfig(emu: Pick<TestEmulator, 'call'>, overrides: Record<string, unknown>): Promise<Reply> {
  return emu.call('POST', CFG, { body: configBody(overrides) });
}

/** PATCHes a fresh configuration; when the PATCH is rejected, asserts that the record is unchanged. */
export async function patchFreshConfig(
  emu: Pick<TestEmulator, 'call'>,
  body: Record<string, unknown>,
  createWith: Record<string, unknown> = {},
): Promise<Reply> {
  const cfg = await createConfig(emu, createWith);
  const r = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body });
  if (r.status !== 200) expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body, 'a rejected PATCH changed the record').toEqual(cfg);
  return r;
}

/** Asserts a field error whose only key is `key` with exactly the message `message`. */
export function expectFieldError(r: Reply, key: string, message: string): void {
  expectFieldErrors(r, [key]);
  expect((r.body as Record<string, string[]>)[key], r.text).toContain(message);
}

/** The methods of an `Allow` header, as a sorted list. */
export function allowed(r: Reply): string[] {
  return (r.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '')
    .sort();
}

/** Asserts a 405 with the exact detail for `method` and an `Allow` header listing `allow`. */
/** A 405 whose Allow header names `allow` and OPTIONS (every path answers OPTIONS). */
export function expect405(r: Reply, method: string, allow: readonly string[]): void {
  expectDetail(r, 405, `Method "${method}" not allowed.`);
  expect(allowed(r)).toEqual([...allow, 'OPTIONS'].sort());
}

/** `Basic` authorization header value for user:password. */
export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
