// Origins (docs/api.md §4.5, docs/origins-and-purge.md): full CRUD in the recorded shape; every
// configuration has its "Default Origin", which cannot be deleted.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, startTestEmulator } from '../helpers/emulator.js';
import { demoId, demoOriginId } from '../helpers/seed-ids.js';
import {
  CFG,
  RECORDED_ORIGIN,
  allowedMethods,
  createConfiguration,
  createRule,
  expectDetail,
  expectFieldError,
  expectMethodNotAllowed,
  expectNotFound,
  getJson,
  ruleBody,
  type Configuration,
  type Json,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const origins = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/origins`;
const origin = (c: Pick<Configuration, 'id'>, id: number): string => `${CFG}/${c.id}/origins/${id}`;

/** The Default Origin as docs/api.md §4.5 spells it. */
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

const RECORDED = RECORDED_ORIGIN;

describe('origins: create, replace, change, delete', () => {
  it('POST the recorded body → 201, the record in the recorded field order with "method": ""', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('POST', origins(conf), { body: RECORDED });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const id = r.body.id as number;
    expect(id).toBeGreaterThan(conf.defaultOriginId);
    const expected = {
      id,
      name: 'Dummy origin',
      origin_path: '',
      origin_type: 'single_origin',
      method: '',
      host_header: 'www.example.com',
      origin_protocol_policy: 'http',
      addresses: [{ address: 'www.myorigin.com', weight: null, server_role: 'primary', is_active: true }],
      connection_timeout: 60,
      timeout_between_bytes: 120,
    };
    expect(r.text).toBe(JSON.stringify(expected));
    expect(await getJson(emu, origin(conf, id))).toStrictEqual(expected);
    expect(((await getJson(emu, origins(conf))) as Json[]).map((o) => o.id)).toEqual([conf.defaultOriginId, id]);
  });

  it('PUT replaces (unsent optional fields back to their defaults), PATCH changes what is sent', async () => {
    const conf = await createConfiguration(emu);
    const made = await emu.call('POST', origins(conf), { body: { ...RECORDED, origin_path: '/v1' } });
    const put = await emu.call('PUT', origin(conf, made.body.id), {
      body: {
        name: 'Pool',
        origin_type: 'load_balancer',
        host_header: 'pool.example.com',
        addresses: [
          { address: '192.0.2.1', weight: 3 },
          { address: '192.0.2.2', weight: 7 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toStrictEqual({
      id: made.body.id,
      name: 'Pool',
      origin_path: '',
      origin_type: 'load_balancer',
      method: 'round_robin',
      host_header: 'pool.example.com',
      origin_protocol_policy: 'preserve',
      addresses: [
        { address: '192.0.2.1', weight: 3, server_role: 'primary', is_active: true },
        { address: '192.0.2.2', weight: 7, server_role: 'primary', is_active: true },
      ],
      connection_timeout: 60,
      timeout_between_bytes: 120,
    });
    const patch = await emu.call('PATCH', origin(conf, made.body.id), { body: { method: 'ip_hash', connection_timeout: 5 } });
    expect(patch.status).toBe(200);
    expect(patch.body).toStrictEqual({ ...put.body, method: 'ip_hash', connection_timeout: 5 });
    expect(await getJson(emu, origin(conf, made.body.id))).toStrictEqual(patch.body);
  });

  it('refuses bad origins with the field errors, storing nothing', async () => {
    const conf = await createConfiguration(emu);
    const dup = await emu.call('POST', origins(conf), { body: { ...RECORDED, name: 'Default Origin' } });
    expectFieldError(dup, 'name', `Origin ${conf.defaultOriginId} already has this name.`);
    const bad = await emu.call('POST', origins(conf), {
      body: { ...RECORDED, origin_type: 'round_robin', addresses: [{ address: 'localhost', weight: 11, server_role: 'leader' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toStrictEqual({
      origin_type: ['"round_robin" is not a valid choice.'],
      addresses: [
        'Item 1: address: "localhost" is not a valid IP address or host name.',
        'Item 1: weight: Ensure this value is less than or equal to 10.',
        'Item 1: server_role: "leader" is not a valid choice.',
      ],
    });
    const two = await emu.call('POST', origins(conf), {
      body: { ...RECORDED, addresses: [{ address: 'a.example' }, { address: 'b.example' }] },
    });
    expectFieldError(two, 'addresses', 'A single_origin has one address (2 sent): make it a load_balancer for more.');
    const unknown = await emu.call('POST', origins(conf), { body: { ...RECORDED, hmac: true } });
    expectDetail(unknown, 400, "There are some unknown fields: ['hmac']");
    expect(await getJson(emu, origins(conf))).toHaveLength(1);
  });

  it('a rule can point at a new origin; deleting an origin rules use → 409 naming them, nothing removed', async () => {
    const conf = await createConfiguration(emu);
    const made = await emu.call('POST', origins(conf), { body: RECORDED });
    const one = await createRule(emu, { id: conf.id, defaultOriginId: made.body.id });
    const two = await createRule(emu, { id: conf.id, defaultOriginId: made.body.id });
    expect(one.path_origin_id).toBe(made.body.id);
    expectDetail(
      await emu.call('DELETE', origin(conf, made.body.id)),
      409,
      `Origin ${made.body.id} is used by rules ${one.id}, ${two.id}.`,
    );
    expect(await getJson(emu, origins(conf))).toHaveLength(2);
    expect(
      (await emu.call('PATCH', `${CFG}/${conf.id}/rules_engine/${one.id}`, { body: { path_origin_id: conf.defaultOriginId } })).status,
    ).toBe(200);
    expect((await emu.call('DELETE', `${CFG}/${conf.id}/rules_engine/${two.id}`)).status).toBe(204);
    const gone = await emu.call('DELETE', origin(conf, made.body.id));
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expectNotFound(await emu.call('GET', origin(conf, made.body.id)));
    // A rule cannot point at the deleted origin.
    const stale = await emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody({ defaultOriginId: made.body.id }) });
    expectFieldError(stale, 'path_origin_id', `Origin ${made.body.id} does not belong to this configuration.`);
  });

  it('the Default Origin can be edited but not deleted (409 saying why)', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('DELETE', origin(conf, conf.defaultOriginId));
    expectDetail(
      r,
      409,
      `Origin ${conf.defaultOriginId} is the configuration's Default Origin, made with it: it cannot be deleted (delete the configuration to remove it).`,
    );
    const patched = await emu.call('PATCH', origin(conf, conf.defaultOriginId), { body: { origin_path: '/site' } });
    expect(patched.status).toBe(200);
    expect(patched.body.origin_path).toBe('/site');
    expect(await getJson(emu, origins(conf))).toHaveLength(1);
  });

  it('origins of another configuration are 404 for writes too', async () => {
    const one = await createConfiguration(emu);
    const two = await createConfiguration(emu);
    expectNotFound(await emu.call('PATCH', origin(two, one.defaultOriginId), { body: { name: 'x' } }));
    expectNotFound(await emu.call('DELETE', origin(two, one.defaultOriginId)));
  });

  it('offers GET and POST on the list, GET, PUT, PATCH and DELETE on one origin', async () => {
    const conf = await createConfiguration(emu);
    expectMethodNotAllowed(await emu.call('DELETE', origins(conf)), 'DELETE');
    expect(allowedMethods(await emu.call('PUT', origins(conf), { body: {} }))).toEqual(['GET', 'POST', 'OPTIONS']);
    expect(allowedMethods(await emu.call('POST', origin(conf, conf.defaultOriginId), { body: {} }))).toEqual([
      'GET',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
    ]);
  });
});

describe('the demo seed', () => {
  it('gives some configurations a second origin, made after every Default Origin', async () => {
    const demo = await startTestEmulator(['--seed', 'demo']);
    try {
      const shop = (await demo.call('GET', `${CFG}/${demoId(1)}/origins`)).body as Json[];
      expect(shop.map((o) => [o.id, o.name, o.origin_type, o.method])).toEqual([
        [demoOriginId(1), 'Default Origin', 'single_origin', ''],
        [expect.any(Number), 'shop api backends', 'load_balancer', 'least_connections'],
      ]);
      expect((await demo.call('GET', `${CFG}/${demoId(2)}/origins`)).body).toHaveLength(1);
      expect(((await demo.call('GET', `${CFG}/${demoId(8)}/origins`)).body as Json[]).map((o) => o.name)).toEqual([
        'Default Origin',
        'media replica (eu)',
      ]);
    } finally {
      await demo.close();
    }
  });
});
