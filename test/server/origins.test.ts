// Origins (API.md §4.5): read-only; every configuration has its "Default Origin".
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import {
  CFG,
  createConfiguration,
  expectMethodNotAllowed,
  expectNotFound,
  getJson,
  type Configuration,
  type Json,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const origins = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/origins`;
const origin = (c: Pick<Configuration, 'id'>, id: number): string => `${CFG}/${c.id}/origins/${id}`;

/** The Default Origin as API.md §4.5 spells it. */
function defaultOrigin(id: number, hostHeader: string, address: string, policy: string): Json {
  return {
    id,
    name: 'Default Origin',
    origin_path: '',
    origin_type: 'single_origin',
    method: '',
    host_header: hostHeader,
    origin_protocol_policy: policy,
    addresses: [{ address, weight: null, server_role: 'primary', is_active: true }],
    connection_timeout: 60,
    timeout_between_bytes: 120,
  };
}

describe('GET origins', () => {
  it('lists a bare array holding the Default Origin, with its exact shape', async () => {
    const conf = await createConfiguration(emu, { origin_address: 'backend.example.net', origin_host_header: 'shop.example.com' });
    const r = await emu.call('GET', origins(conf));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected = defaultOrigin(conf.defaultOriginId, 'shop.example.com', 'backend.example.net', 'preserve');
    expect(r.body).toStrictEqual([expected]);
    // The recorded order, as Python clients that read fields by position see it.
    expect(r.text).toBe(JSON.stringify([expected]));
    expect(Number.isInteger(conf.defaultOriginId) && conf.defaultOriginId > 0).toBe(true);
  });

  it('reads one origin, the same record; a trailing slash is accepted', async () => {
    const conf = await createConfiguration(emu, { origin_address: '192.0.2.10', origin_host_header: 'static.example.com' });
    const expected = defaultOrigin(conf.defaultOriginId, 'static.example.com', '192.0.2.10', 'preserve');
    const r = await emu.call('GET', origin(conf, conf.defaultOriginId));
    expect(r.status).toBe(200);
    expect(r.body).toStrictEqual(expected);
    expect((await emu.call('GET', origin(conf, conf.defaultOriginId) + '/')).body).toStrictEqual(expected);
    expect((await emu.call('GET', origins(conf) + '/')).body).toStrictEqual([expected]);
  });

  it.each(['http', 'https', 'preserve'])('keeps origin_protocol_policy %s as created', async (policy) => {
    const conf = await createConfiguration(emu, { origin_address: '2001:db8::1', origin_protocol_policy: policy });
    expect(await getJson(emu, origin(conf, conf.defaultOriginId))).toStrictEqual(
      defaultOrigin(conf.defaultOriginId, 'www.example.com', '2001:db8::1', policy),
    );
  });

  it('gives every configuration its own Default Origin', async () => {
    const one = await createConfiguration(emu);
    const two = await createConfiguration(emu);
    expect(two.defaultOriginId).not.toBe(one.defaultOriginId);
    expect(await getJson(emu, origins(two))).toHaveLength(1);
  });

  it('answers 404 for an origin of another configuration, an unknown id or configuration', async () => {
    const one = await createConfiguration(emu);
    const two = await createConfiguration(emu);
    expectNotFound(await emu.call('GET', origin(two, one.defaultOriginId)));
    expectNotFound(await emu.call('GET', origin(one, 99999999)));
    expectNotFound(await emu.call('GET', `${origins(one)}/default`));
    expectNotFound(await emu.call('GET', `${CFG}/99999999/origins`));
    expectNotFound(await emu.call('GET', `${CFG}/99999999/origins/${one.defaultOriginId}`));
  });

  it('goes away with its configuration', async () => {
    const conf = await createConfiguration(emu);
    expect((await emu.call('DELETE', conf.path)).status).toBe(204);
    expectNotFound(await emu.call('GET', origins(conf)));
    expectNotFound(await emu.call('GET', origin(conf, conf.defaultOriginId)));
  });
});

describe('origins are read-only', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on the list → 405 with Allow: GET', async (method) => {
    const conf = await createConfiguration(emu);
    const r = await emu.call(method, origins(conf), method === 'DELETE' ? {} : { body: { name: 'Second Origin' } });
    expectMethodNotAllowed(r, method, 'GET');
    expect(await getJson(emu, origins(conf))).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on one origin → 405 with Allow: GET', async (method) => {
    const conf = await createConfiguration(emu);
    const before = await getJson(emu, origin(conf, conf.defaultOriginId));
    const r = await emu.call(method, origin(conf, conf.defaultOriginId), method === 'DELETE' ? {} : { body: { name: 'Renamed' } });
    expectMethodNotAllowed(r, method, 'GET');
    expect(await getJson(emu, origin(conf, conf.defaultOriginId))).toStrictEqual(before);
  });
});
