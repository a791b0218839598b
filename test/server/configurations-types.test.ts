// docs/api.md §2 type messages and §4.1 product rules for configuration writes; a rejected or losing
// concurrent write changes nothing.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, type TestEmulator } from '../helpers/emulator.js';
import {
  CFG,
  NOT_BOOLEAN,
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

const post = (overrides: Record<string, unknown>, on: Pick<TestEmulator, 'call'> = emu) => postConfig(on, overrides);
const patchFresh = (body: Record<string, unknown>, createWith: Record<string, unknown> = {}) => patchFreshConfig(emu, body, createWith);

describe('type messages', () => {
  it.each(['cname_access_only', 'browser_cache_settings'])('says Must be a valid boolean. for %s on create', async (f) => {
    expectFieldError(await post({ [f]: 'maybe' }), f, NOT_BOOLEAN);
    expectFieldError(await post({ [f]: 2 }), f, NOT_BOOLEAN);
  });

  it.each(['active', 'rawlogs', 'cname_access_only'])('says Must be a valid boolean. for %s on PATCH', async (f) => {
    expectFieldError(await patchFresh({ [f]: 'maybe' }), f, NOT_BOOLEAN);
  });

  it.each(['name', 'delivery_protocol', 'cname_access_only', 'active', 'rawlogs'])(
    'says This field may not be null. for %s on PATCH',
    async (f) => {
      expectFieldError(await patchFresh({ [f]: null }), f, NOT_NULL);
    },
  );

  it.each(['browser_cache_settings_maximum_ttl', 'cdn_cache_settings_maximum_ttl'])('keeps %s an integer in 0..31536000', async (f) => {
    expect((await post({ [f]: 0 })).status).toBe(201);
    expect((await post({ [f]: 31536000 })).status).toBe(201);
    expectFieldErrors(await post({ [f]: -1 }), [f]);
    expectFieldErrors(await post({ [f]: 31536001 }), [f]);
    expectFieldError(await post({ [f]: 1.5 }), f, NOT_INTEGER);
    expectFieldError(await post({ [f]: 'soon' }), f, NOT_INTEGER);
  });

  it('reports type errors before cross-field rules', async () => {
    expectFieldErrors(await post({ cdn_cache_settings: 'bypass', browser_cache_settings: 'maybe' }), ['browser_cache_settings']);
    expectFieldErrors(await post({ cname_access_only: true, digital_certificate: 'abc' }), ['digital_certificate']);
    expectFieldErrors(await patchFresh({ rawlogs: true, active: 'maybe' }), ['active']);
  });

  it('reports every bad field at once, one key each', async () => {
    const r = await post({ name: '', origin_address: 'localhost', origin_host_header: 'a b', delivery_protocol: 'ftp' });
    expectFieldErrors(r, ['name', 'origin_address', 'origin_host_header', 'delivery_protocol']);
  });
});

describe('products', () => {
  const withAcceleration = emulatorFixture(['--products', 'application_acceleration']);
  const withRawLogs = emulatorFixture(['--products', 'raw_logs']);

  it('needs application_acceleration for cdn_cache_settings bypass', async () => {
    expectFieldErrors(await post({ cdn_cache_settings: 'bypass' }), ['cdn_cache_settings']);
    expectFieldErrors(await post({ cdn_cache_settings: 'bypass' }, withRawLogs), ['cdn_cache_settings']);
    expect((await post({ cdn_cache_settings: 'bypass' }, withAcceleration)).status).toBe(201);
  });

  it('needs an override TTL of at least 60 unless application_acceleration is on', async () => {
    expectFieldErrors(await post({ cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 59 }), [
      'cdn_cache_settings_maximum_ttl',
    ]);
    expectFieldErrors(await post({ cdn_cache_settings: 'override' }), ['cdn_cache_settings_maximum_ttl']);
    expect((await post({ cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 60 })).status).toBe(201);
    // the TTL is only checked with override
    expect((await post({ cdn_cache_settings: 'honor', cdn_cache_settings_maximum_ttl: 5 })).status).toBe(201);
    const low = { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 0 };
    expect((await post(low, withAcceleration)).status).toBe(201);
    expectFieldErrors(await post(low, withRawLogs), ['cdn_cache_settings_maximum_ttl']);
  });

  it('needs raw_logs for rawlogs: true', async () => {
    expectFieldErrors(await patchFresh({ rawlogs: true }), ['rawlogs']);
    expect((await patchFresh({ rawlogs: false })).status).toBe(200);
    const a = await createConfig(withAcceleration);
    expectFieldErrors(await withAcceleration.call('PATCH', `${CFG}/${a.id}`, { body: { rawlogs: true } }), ['rawlogs']);
    const cfg = await createConfig(emu);
    expectFieldErrors(await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { name: cfg.name, rawlogs: true } }), ['rawlogs']);
    const r = await createConfig(withRawLogs);
    const on = await withRawLogs.call('PATCH', `${CFG}/${r.id}`, { body: { rawlogs: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body.rawlogs).toBe(true);
    const put = await withRawLogs.call('PUT', `${CFG}/${r.id}`, { body: { name: r.name, rawlogs: true } });
    expect(put.body.rawlogs).toBe(true);
  });
});

describe('a rejected write changes nothing', () => {
  it('leaves the record as it was after a rejected PATCH or PUT', async () => {
    const cfg = await createConfig(emu, { cname: [uniqHost()] });
    const path = `${CFG}/${cfg.id}`;
    expectFieldErrors(await emu.call('PATCH', path, { body: { name: uniq(), digital_certificate: 0 } }), ['digital_certificate']);
    expectFieldErrors(await emu.call('PUT', path, { body: { name: uniq(), active: false, cname: ['bad host.example.com'] } }), ['cname']);
    expectFieldErrors(await emu.call('PATCH', path, { body: { active: false, cname: [], cname_access_only: true } }), [
      'cname_access_only',
    ]);
    expect((await emu.call('GET', path)).body).toEqual(cfg);
  });

  it('creates nothing on a rejected POST', async () => {
    const before = (await emu.call('GET', CFG)).body as Array<{ name: string }>;
    const name = uniq();
    const host = uniqHost();
    expectFieldErrors(await post({ name, cname: [host], digital_certificate: -1 }), ['digital_certificate']);
    const after = (await emu.call('GET', CFG)).body as Array<{ name: string }>;
    expect(after).toEqual(before);
    // neither the name nor the cname was reserved
    expect((await post({ name, cname: [host] })).status).toBe(201);
  });
});

describe('concurrent writes', () => {
  it('lets exactly one of several parallel creates take a name or a cname', async () => {
    const name = uniq();
    const byName = await Promise.all(Array.from({ length: 8 }, () => post({ name })));
    expect(byName.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of byName.filter((x) => x.status === 400)) expectFieldErrors(r, ['name']);

    const host = uniqHost();
    const byCname = await Promise.all(Array.from({ length: 8 }, () => post({ cname: [host] })));
    expect(byCname.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of byCname.filter((x) => x.status === 400)) expectFieldErrors(r, ['cname']);
  });

  it('lets exactly one of several parallel PATCHes take a cname', async () => {
    const host = uniqHost();
    const configs = await Promise.all(Array.from({ length: 6 }, () => createConfig(emu)));
    const replies = await Promise.all(configs.map((c) => emu.call('PATCH', `${CFG}/${c.id}`, { body: { cname: [host] } })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const holders = (await emu.call('GET', CFG)).body.filter((c: { cname: string[] }) => c.cname.includes(host));
    expect(holders).toHaveLength(1);
  });

  it('gives parallel creates distinct, increasing ids', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => post({})));
    const ids = replies.map((r) => r.body.id as number);
    expect(new Set(ids).size).toBe(10);
    for (const id of ids) expect(id).toBeGreaterThan(0);
    const list = (await emu.call('GET', CFG)).body.map((c: { id: number }) => c.id) as number[];
    expect(list).toEqual([...list].sort((a, b) => a - b));
  });
});
