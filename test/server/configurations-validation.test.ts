// docs/api.md §4.1 rules and §2 type messages for configuration writes; a rejected write changes nothing.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, type TestEmulator } from '../helpers/emulator.js';
import {
  CFG,
  NOT_INTEGER,
  NOT_NULL,
  createConfig,
  expectFieldError,
  expectFieldErrors,
  patchFreshConfig,
  postConfig,
  uniq,
  uniqHost,
} from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

const notAChoice = (v: string): string => `"${v}" is not a valid choice.`;

const post = (overrides: Record<string, unknown>, on: Pick<TestEmulator, 'call'> = emu) => postConfig(on, overrides);
const patchFresh = (body: Record<string, unknown>, createWith: Record<string, unknown> = {}) => patchFreshConfig(emu, body, createWith);

describe('name', () => {
  it('is unique among configurations, on create, PUT and PATCH', async () => {
    const a = await createConfig(emu);
    expectFieldErrors(await post({ name: a.name }), ['name']);
    expectFieldErrors(await post({ name: `  ${a.name} ` }), ['name']);
    const b = await createConfig(emu);
    expectFieldErrors(await emu.call('PATCH', `${CFG}/${b.id}`, { body: { name: a.name } }), ['name']);
    expectFieldErrors(await emu.call('PUT', `${CFG}/${b.id}`, { body: { name: a.name } }), ['name']);
    expect((await emu.call('GET', `${CFG}/${b.id}`)).body).toEqual(b);
    // its own name is not taken by itself
    expect((await emu.call('PATCH', `${CFG}/${a.id}`, { body: { name: a.name } })).status).toBe(200);
    expect((await emu.call('PUT', `${CFG}/${a.id}`, { body: { name: a.name } })).status).toBe(200);
  });

  it('is trimmed and 1..250 characters', async () => {
    const base = uniq();
    const r = await post({ name: `  ${base}\t ` });
    expect(r.status, r.text).toBe(201);
    expect(r.body.name).toBe(base);
    const long = `${uniq()}-`.padEnd(250, 'n');
    expect((await post({ name: long })).status).toBe(201);
    expectFieldErrors(await post({ name: `${long}x` }), ['name']);
    expectFieldErrors(await post({ name: '' }), ['name']);
    expectFieldErrors(await post({ name: '   ' }), ['name']);
    expectFieldErrors(await post({ name: 12 }), ['name']);
    expectFieldError(await post({ name: null }), 'name', NOT_NULL);
    expectFieldErrors(await patchFresh({ name: '' }), ['name']);
  });
});

describe('origin_address and origin_host_header', () => {
  it.each(['192.0.2.1', '2001:db8::1', '::1', 'origin.example.com', 'a.b', 'my-origin.example.co.uk'])(
    'accepts the origin_address %s',
    async (address) => {
      expect((await post({ origin_address: address })).status).toBe(201);
    },
  );

  it.each([
    '',
    'localhost',
    'origin',
    'not a host.example.com',
    'http://origin.example.com',
    'origin.example.com/path',
    'origin..example.com',
    '-origin.example.com',
    'origin-.example.com',
    `${'a'.repeat(64)}.example.com`,
    'origin.example.com:8080',
  ])('rejects the origin_address %j', async (address) => {
    expectFieldErrors(await post({ origin_address: address }), ['origin_address']);
  });

  it('rejects a non-string or null origin_address', async () => {
    expectFieldErrors(await post({ origin_address: 19216801 }), ['origin_address']);
    expectFieldError(await post({ origin_address: null }), 'origin_address', NOT_NULL);
  });

  it('accepts a host header of 1..255 characters without whitespace', async () => {
    for (const h of ['h', 'origin.example.com:8080', 'x'.repeat(255), 'UPPER.example.com']) {
      const r = await post({ origin_host_header: h });
      expect(r.status, `${h}: ${r.text}`).toBe(201);
    }
  });

  it.each(['', 'a b', 'a\tb', 'a\nb', 'a\u0001b', 'a\u007fb', ' lead', 'x'.repeat(256)])('rejects the host header %j', async (h) => {
    expectFieldErrors(await post({ origin_host_header: h }), ['origin_host_header']);
  });
});

describe('cname', () => {
  it('stores hostnames lower-case and allows a leading *.', async () => {
    const label = uniq('site');
    const r = await post({ cname: [`WWW.${label}.Example.COM`, `*.${label}.example.net`] });
    expect(r.status, r.text).toBe(201);
    expect(r.body.cname).toEqual([`www.${label}.example.com`, `*.${label}.example.net`]);
    expect((await emu.call('GET', `${CFG}/${r.body.id}`)).body.cname).toEqual(r.body.cname);
  });

  it.each([
    ['an invalid hostname', ['not a host.example.com']],
    ['a URL', ['http://www.example.com']],
    ['an empty string', ['']],
    ['a bare wildcard', ['*']],
    ['a wildcard in the middle', ['www.*.example.com']],
    ['a non-string', [42]],
    ['a string instead of a list', 'www.example.com'],
  ])('rejects %s', async (_label, cname) => {
    expectFieldErrors(await post({ cname }), ['cname']);
  });

  it('rejects null with the may-not-be-null message', async () => {
    expectFieldError(await post({ cname: null }), 'cname', NOT_NULL);
  });

  it('rejects duplicates, also after lower-casing', async () => {
    const h = uniqHost();
    expectFieldErrors(await post({ cname: [h, h] }), ['cname']);
    expectFieldErrors(await post({ cname: [h, h.toUpperCase()] }), ['cname']);
  });

  it('allows at most 50', async () => {
    const label = uniq('many');
    const hosts = Array.from({ length: 51 }, (_, i) => `h${i}.${label}.test`);
    expectFieldErrors(await post({ cname: hosts }), ['cname']);
    const ok = await post({ cname: hosts.slice(0, 50) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.cname).toHaveLength(50);
    expectFieldErrors(await emu.call('PATCH', `${CFG}/${ok.body.id}`, { body: { cname: hosts } }), ['cname']);
  });

  it('belongs to one configuration only, and the error names the holder', async () => {
    const host = uniqHost();
    const holder = await createConfig(emu, { cname: [host] });
    const mentionsHolder = (msgs: string[]): boolean =>
      msgs.some((m) => m.includes(String(holder.name)) || new RegExp(`\\b${holder.id}\\b`).test(m));

    const onCreate = await post({ cname: [uniqHost(), host.toUpperCase()] });
    expectFieldErrors(onCreate, ['cname']);
    expect(mentionsHolder(onCreate.body.cname), onCreate.text).toBe(true);

    const other = await createConfig(emu);
    const onPatch = await emu.call('PATCH', `${CFG}/${other.id}`, { body: { cname: [host] } });
    expectFieldErrors(onPatch, ['cname']);
    expect(mentionsHolder(onPatch.body.cname), onPatch.text).toBe(true);
    expectFieldErrors(await emu.call('PUT', `${CFG}/${other.id}`, { body: { name: other.name, cname: [host] } }), ['cname']);
    expect((await emu.call('GET', `${CFG}/${other.id}`)).body).toEqual(other);

    // the holder may keep it; once it lets go, another may take it
    const keep = await emu.call('PATCH', `${CFG}/${holder.id}`, { body: { cname: [host, uniqHost()] } });
    expect(keep.status, keep.text).toBe(200);
    expect((await emu.call('PATCH', `${CFG}/${holder.id}`, { body: { cname: [] } })).status).toBe(200);
    const taken = await emu.call('PATCH', `${CFG}/${other.id}`, { body: { cname: [host] } });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.cname).toEqual([host]);
  });
});

describe('cname_access_only', () => {
  it('needs at least one cname, checked on the merged record', async () => {
    expectFieldErrors(await post({ cname_access_only: true }), ['cname_access_only']);
    expectFieldErrors(await post({ cname_access_only: true, cname: [] }), ['cname_access_only']);
    expectFieldErrors(await patchFresh({ cname_access_only: true }), ['cname_access_only']);
    const withCname = { cname: [uniqHost()], cname_access_only: true };
    expectFieldErrors(await patchFresh({ cname: [] }, withCname), ['cname_access_only']);
    const cfg = await createConfig(emu, { cname: [uniqHost()], cname_access_only: true });
    // PUT defaults cname to [] and cname_access_only to false: consistent
    expect((await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { name: cfg.name } })).status).toBe(200);
    expectFieldErrors(await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { name: cfg.name, cname_access_only: true } }), [
      'cname_access_only',
    ]);
    const ok = await patchFresh({ cname: [uniqHost()], cname_access_only: true });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('digital_certificate and choices', () => {
  it('takes null or a positive integer', async () => {
    expect((await post({ digital_certificate: null })).body.digital_certificate).toBeNull();
    expect((await post({ digital_certificate: 1 })).body.digital_certificate).toBe(1);
    expectFieldErrors(await post({ digital_certificate: 0 }), ['digital_certificate']);
    expectFieldErrors(await post({ digital_certificate: -3 }), ['digital_certificate']);
    expectFieldError(await post({ digital_certificate: 1.5 }), 'digital_certificate', NOT_INTEGER);
    expectFieldError(await post({ digital_certificate: 'abc' }), 'digital_certificate', NOT_INTEGER);
    expectFieldError(await patchFresh({ digital_certificate: 'abc' }), 'digital_certificate', NOT_INTEGER);
  });

  it('names an invalid choice', async () => {
    expectFieldError(await post({ delivery_protocol: 'ftp' }), 'delivery_protocol', notAChoice('ftp'));
    expectFieldError(await post({ delivery_protocol: 'https' }), 'delivery_protocol', notAChoice('https'));
    expectFieldError(await post({ origin_protocol_policy: 'ftp' }), 'origin_protocol_policy', notAChoice('ftp'));
    expectFieldError(await post({ cdn_cache_settings: 'ftp' }), 'cdn_cache_settings', notAChoice('ftp'));
    expectFieldError(await patchFresh({ delivery_protocol: 'ftp' }), 'delivery_protocol', notAChoice('ftp'));
    for (const p of ['preserve', 'http', 'https']) expect((await post({ origin_protocol_policy: p })).status).toBe(201);
    for (const p of ['http', 'http,https']) expect((await post({ delivery_protocol: p })).status).toBe(201);
  });
});
