// docs/api.md §4.1: the configuration endpoints — shape, defaults, PUT/PATCH semantics, read-only and
// unknown fields, domain_name, the Default Origin and error responses made on create, and DELETE.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, startTestEmulator } from '../helpers/emulator.js';
import {
  CFG,
  CONFIG_FIELDS,
  DOMAIN_RE,
  EMPTY_PATCH,
  NOT_FOUND,
  REQUIRED,
  configBody,
  createConfig,
  expectDetail,
  uniq,
  uniqHost,
} from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

const unknownFields = (names: string): string => `There are some unknown fields: [${names}]`;

describe('create', () => {
  it('requires name, origin_address and origin_host_header, one key per missing field', async () => {
    const r = await emu.call('POST', CFG, { body: {} });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ name: [REQUIRED], origin_address: [REQUIRED], origin_host_header: [REQUIRED] });
  });

  it.each(['name', 'origin_address', 'origin_host_header'])('reports only %s when only it is missing', async (field) => {
    const body = configBody({ cname: [uniqHost()] });
    delete body[field];
    const before = (await emu.call('GET', CFG)).body.length as number;
    const r = await emu.call('POST', CFG, { body });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ [field]: [REQUIRED] });
    expect((await emu.call('GET', CFG)).body.length).toBe(before);
  });

  it('fills the defaults: active, http, no certificate, no cname, no raw logs', async () => {
    const body = configBody();
    const r = await emu.call('POST', CFG, { body });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      name: body.name,
      domain_name: expect.stringMatching(DOMAIN_RE),
      active: true,
      delivery_protocol: 'http',
      digital_certificate: null,
      cname_access_only: false,
      rawlogs: false,
      cname: [],
    });
  });

  it('takes every create field and returns none of the origin or cache fields', async () => {
    const host = uniqHost();
    const body = configBody({
      cname: [host],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 42,
      origin_protocol_policy: 'https',
      browser_cache_settings: true,
      browser_cache_settings_maximum_ttl: 3600,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 86400,
    });
    const r = await emu.call('POST', CFG, { body });
    expect(r.status, r.text).toBe(201);
    expect(Object.keys(r.body)).toEqual([...CONFIG_FIELDS]);
    expect(r.body).toMatchObject({
      name: body.name,
      active: true,
      delivery_protocol: 'http,https',
      digital_certificate: 42,
      cname_access_only: true,
      rawlogs: false,
      cname: [host],
    });
  });

  it('treats active and rawlogs as unknown fields on create', async () => {
    const name = uniq();
    const r = await emu.call('POST', CFG, { body: configBody({ name, active: false, rawlogs: false }) });
    expectDetail(r, 400, unknownFields("'active', 'rawlogs'"));
    const names = (await emu.call('GET', CFG)).body.map((c: { name: string }) => c.name);
    expect(names).not.toContain(name);
  });
});

describe('response shape', () => {
  it('uses the field order of docs/api.md for create, GET, PUT, PATCH and list items', async () => {
    const order = [...CONFIG_FIELDS];
    const created = await emu.call('POST', CFG, { body: configBody() });
    expect(Object.keys(created.body)).toEqual(order);
    const id = created.body.id as number;
    const got = await emu.call('GET', `${CFG}/${id}`);
    expect(Object.keys(got.body)).toEqual(order);
    expect(got.body).toEqual(created.body);
    const put = await emu.call('PUT', `${CFG}/${id}`, { body: { name: uniq(), active: false } });
    expect(put.status, put.text).toBe(200);
    expect(Object.keys(put.body)).toEqual(order);
    const patch = await emu.call('PATCH', `${CFG}/${id}`, { body: { active: true } });
    expect(patch.status, patch.text).toBe(200);
    expect(Object.keys(patch.body)).toEqual(order);
    const list = await emu.call('GET', CFG);
    expect(list.body.length).toBeGreaterThan(0);
    for (const item of list.body) expect(Object.keys(item)).toEqual(order);
    expect(list.body.find((c: { id: number }) => c.id === id)).toEqual(patch.body);
  });
});

describe('domain_name', () => {
  it('is <10 [a-z0-9]>.map.edge.example and fixed across PUT and PATCH', async () => {
    const cfg = await createConfig(emu);
    expect(cfg.domain_name).toMatch(DOMAIN_RE);
    const put = await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { name: uniq() } });
    expect(put.body.domain_name).toBe(cfg.domain_name);
    const patch = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { name: uniq(), cname: [uniqHost()] } });
    expect(patch.body.domain_name).toBe(cfg.domain_name);
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body.domain_name).toBe(cfg.domain_name);
  });

  it('follows --delivery-domain', async () => {
    const other = await startTestEmulator(['--delivery-domain', 'cdn.test']);
    try {
      const cfg = await createConfig(other);
      expect(cfg.domain_name).toMatch(/^[a-z0-9]{10}\.map\.cdn\.test$/);
    } finally {
      await other.close();
    }
  });

  it('ignores id and domain_name in write bodies', async () => {
    const created = await emu.call('POST', CFG, {
      body: configBody({ id: 424242, domain_name: 'chosen.map.edge.example' }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.id).not.toBe(424242);
    expect(created.body.domain_name).toMatch(DOMAIN_RE);
    expect(created.body.domain_name).not.toBe('chosen.map.edge.example');
    const id = created.body.id as number;
    const patch = await emu.call('PATCH', `${CFG}/${id}`, {
      body: { id: id + 1000, domain_name: 'other.example', active: false },
    });
    expect(patch.status, patch.text).toBe(200);
    expect(patch.body).toMatchObject({ id, domain_name: created.body.domain_name, active: false });
    const put = await emu.call('PUT', `${CFG}/${id}`, {
      body: { id: id + 1000, domain_name: 'other.example', name: created.body.name },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ id, domain_name: created.body.domain_name });
    expectDetail(await emu.call('GET', `${CFG}/${id + 1000}`), 404, NOT_FOUND);
  });
});

describe('PUT and PATCH', () => {
  async function richConfig(): Promise<Record<string, unknown>> {
    const cfg = await createConfig(emu, {
      cname: [uniqHost()],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 9,
    });
    const off = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { active: false } });
    expect(off.status, off.text).toBe(200);
    return off.body as Record<string, unknown>;
  }

  it('PUT resets every unsent field to its default and keeps id and domain_name', async () => {
    const cfg = await richConfig();
    const name = uniq();
    const put = await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { name } });
    expect(put.status, put.text).toBe(200);
    const expected = {
      id: cfg.id,
      name,
      domain_name: cfg.domain_name,
      active: true,
      delivery_protocol: 'http',
      digital_certificate: null,
      cname_access_only: false,
      rawlogs: false,
      cname: [],
    };
    expect(put.body).toEqual(expected);
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(expected);
  });

  it('PUT sets every field it is given', async () => {
    const cfg = await createConfig(emu);
    const body = {
      name: uniq(),
      cname: [uniqHost()],
      cname_access_only: true,
      delivery_protocol: 'http,https',
      digital_certificate: 3,
      rawlogs: false,
      active: false,
    };
    const put = await emu.call('PUT', `${CFG}/${cfg.id}`, { body });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ id: cfg.id, domain_name: cfg.domain_name, ...body });
  });

  it('PUT requires name', async () => {
    const cfg = await createConfig(emu);
    const r = await emu.call('PUT', `${CFG}/${cfg.id}`, { body: { active: false, cname: [uniqHost()] } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ name: [REQUIRED] });
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });

  it('PATCH changes only the fields sent', async () => {
    const cfg = await richConfig();
    const name = uniq();
    const patch = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { name } });
    expect(patch.status, patch.text).toBe(200);
    expect(patch.body).toEqual({ ...cfg, name });
    const patch2 = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { digital_certificate: null, active: true } });
    expect(patch2.body).toEqual({ ...cfg, name, digital_certificate: null, active: true });
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(patch2.body);
  });

  it('PATCH with {} is 400 Send at least one field.', async () => {
    const cfg = await createConfig(emu);
    expectDetail(await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: {} }), 400, EMPTY_PATCH);
  });

  it('reports unknown fields before validating the others', async () => {
    const cfg = await createConfig(emu);
    const path = `${CFG}/${cfg.id}`;
    expectDetail(await emu.call('PATCH', path, { body: { origin_address: '192.0.2.1' } }), 400, unknownFields("'origin_address'"));
    expectDetail(await emu.call('PATCH', path, { body: { x: 1, y: 2 } }), 400, unknownFields("'x', 'y'"));
    expectDetail(await emu.call('PATCH', path, { body: { x: 1, active: 'maybe' } }), 400, unknownFields("'x'"));
    expectDetail(
      await emu.call('PUT', path, { body: { name: uniq(), cdn_cache_settings: 'honor', origin_host_header: 'h.example' } }),
      400,
      unknownFields("'cdn_cache_settings', 'origin_host_header'"),
    );
    expectDetail(await emu.call('POST', CFG, { body: { x: 1, y: 2 } }), 400, unknownFields("'x', 'y'"));
    expectDetail(await emu.call('POST', CFG, { body: configBody({ x: 1 }) }), 400, unknownFields("'x'"));
    expect((await emu.call('GET', path)).body).toEqual(cfg);
  });
});
