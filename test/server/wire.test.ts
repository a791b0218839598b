// docs/api.md §1 (paths, ids, status codes, content type) and §2 (404, 405) over real HTTP.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, JSON_TYPE, NOT_FOUND, configBody, createConfig, expect405, expectDetail, uniq } from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

describe('paths and ids', () => {
  it('accepts a trailing slash on collections and items, for reads and writes', async () => {
    const created = await emu.call('POST', `${CFG}/`, { body: configBody() });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;

    const list = await emu.call('GET', `${CFG}/`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toContain(id);

    const one = await emu.call('GET', `${CFG}/${id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);

    const patched = await emu.call('PATCH', `${CFG}/${id}/`, { body: { active: false } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.active).toBe(false);

    const put = await emu.call('PUT', `${CFG}/${id}/`, { body: { name: created.body.name } });
    expect(put.status, put.text).toBe(200);

    for (const sub of ['origins/', 'error_responses/', 'rules_engine/', 'cache_settings/']) {
      const r = await emu.call('GET', `${CFG}/${id}/${sub}`);
      expect(r.status, `${sub}: ${r.text}`).toBe(200);
    }

    const del = await emu.call('DELETE', `${CFG}/${id}/`);
    expect(del.status).toBe(204);
  });

  it.each(['abc', '1a', '1.0', '0x10', '-1', '+1', '1e2', '99999999999999999999999999'])(
    'answers 404 Not found. for the non-decimal or unknown id %j',
    async (bad) => {
      const cfg = await createConfig(emu);
      expectDetail(await emu.call('GET', `${CFG}/${bad}`), 404, NOT_FOUND);
      expectDetail(await emu.call('PATCH', `${CFG}/${bad}`, { body: { active: false } }), 404, NOT_FOUND);
      expectDetail(await emu.call('DELETE', `${CFG}/${bad}`), 404, NOT_FOUND);
      expectDetail(await emu.call('GET', `${CFG}/${bad}/origins`), 404, NOT_FOUND);
      expectDetail(await emu.call('GET', `${CFG}/${cfg.id}/origins/${bad}`), 404, NOT_FOUND);
      expectDetail(await emu.call('GET', `${CFG}/${cfg.id}/rules_engine/${bad}`), 404, NOT_FOUND);
      expectDetail(await emu.call('GET', `${CFG}/${cfg.id}/cache_settings/${bad}`), 404, NOT_FOUND);
    },
  );

  it('answers 404 for an id that does not exist', async () => {
    expectDetail(await emu.call('GET', `${CFG}/987654321`), 404, NOT_FOUND);
    expectDetail(await emu.call('GET', `${CFG}/0`), 404, NOT_FOUND);
    expectDetail(await emu.call('GET', `${CFG}/987654321/error_responses`), 404, NOT_FOUND);
  });

  it.each([
    '/',
    '/content_delivery',
    '/content_delivery/',
    '/content_delivery/configuration',
    '/configurations',
    `${CFG}/1/unknown`,
    `${CFG}/1/error_responses/400`,
    `${CFG}/1/origins/1/extra`,
    `${CFG}/1/rules_engine/1/extra`,
  ])('answers 404 Not found. for the unknown path %s', async (path) => {
    await createConfig(emu); // so that configuration ids exist
    expectDetail(await emu.call('GET', path), 404, NOT_FOUND);
  });

  it('answers 404 for an unknown path before asking for credentials (route comes first)', async () => {
    expectDetail(await emu.call('GET', '/content_delivery/nothing_here', { token: null }), 404, NOT_FOUND);
  });

  it('answers 404 for a sub-resource of another configuration', async () => {
    const a = await createConfig(emu);
    const b = await createConfig(emu);
    const origins = await emu.call('GET', `${CFG}/${a.id}/origins`);
    const originId = origins.body[0].id as number;
    expect((await emu.call('GET', `${CFG}/${a.id}/origins/${originId}`)).status).toBe(200);
    expectDetail(await emu.call('GET', `${CFG}/${b.id}/origins/${originId}`), 404, NOT_FOUND);
  });
});
describe('405 Method not allowed', () => {
  it('offers GET and POST on the configuration collection', async () => {
    for (const m of ['PUT', 'PATCH', 'DELETE']) {
      expect405(await emu.call(m, CFG, { body: { name: uniq() } }), m, ['GET', 'POST']);
    }
  });

  it('offers GET, PUT, PATCH and DELETE on a configuration', async () => {
    const cfg = await createConfig(emu);
    expect405(await emu.call('POST', `${CFG}/${cfg.id}`, { body: configBody() }), 'POST', ['GET', 'PUT', 'PATCH', 'DELETE']);
  });

  it('decides 405 by route, even for an unknown id and without credentials', async () => {
    const r = await emu.call('POST', `${CFG}/987654321`, { body: configBody(), token: null });
    expect405(r, 'POST', ['GET', 'PUT', 'PATCH', 'DELETE']);
    expect405(await emu.call('DELETE', CFG, { token: 'no-such-token' }), 'DELETE', ['GET', 'POST']);
  });

  it('answers POST and DELETE on error_responses with Allow: GET, PUT, PATCH, OPTIONS', async () => {
    const cfg = await createConfig(emu);
    for (const m of ['POST', 'DELETE']) {
      const r = await emu.call(m, `${CFG}/${cfg.id}/error_responses`, m === 'POST' ? { body: {} } : {});
      expectDetail(r, 405, `Method "${m}" not allowed.`);
      expect(r.headers.get('allow')).toBe('GET, PUT, PATCH, OPTIONS');
    }
    // nothing changed
    const er = await emu.call('GET', `${CFG}/${cfg.id}/error_responses`);
    expect(er.status).toBe(200);
  });

  it('offers GET and POST on the origins list, and no POST on an origin', async () => {
    const cfg = await createConfig(emu);
    const list = await emu.call('GET', `${CFG}/${cfg.id}/origins`);
    const oid = list.body[0].id as number;
    for (const m of ['PUT', 'PATCH', 'DELETE']) {
      expect405(await emu.call(m, `${CFG}/${cfg.id}/origins`, m === 'DELETE' ? {} : { body: { name: 'x' } }), m, ['GET', 'POST']);
    }
    expect405(await emu.call('POST', `${CFG}/${cfg.id}/origins/${oid}`, { body: { name: 'x' } }), 'POST', [
      'GET',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    const after = await emu.call('GET', `${CFG}/${cfg.id}/origins`);
    expect(after.body).toEqual(list.body);
  });

  it('offers GET and POST on rule and cache-setting collections, and no POST on their items', async () => {
    const cfg = await createConfig(emu);
    for (const sub of ['rules_engine', 'cache_settings']) {
      for (const m of ['PUT', 'PATCH', 'DELETE']) {
        expect405(await emu.call(m, `${CFG}/${cfg.id}/${sub}`, m === 'DELETE' ? {} : { body: {} }), m, ['GET', 'POST']);
      }
      expect405(await emu.call('POST', `${CFG}/${cfg.id}/${sub}/1`, { body: {} }), 'POST', ['GET', 'PUT', 'PATCH', 'DELETE']);
    }
  });
});
describe('responses', () => {
  it('sends application/json; charset=utf-8 on successes and errors', async () => {
    const created = await emu.call('POST', CFG, { body: configBody() });
    const id = created.body.id as number;
    const replies = [
      created,
      await emu.call('GET', CFG),
      await emu.call('GET', `${CFG}/${id}`),
      await emu.call('PATCH', `${CFG}/${id}`, { body: { active: true } }),
      await emu.call('PUT', `${CFG}/${id}`, { body: { name: created.body.name } }),
      await emu.call('GET', `${CFG}/${id}/origins`),
      await emu.call('GET', `${CFG}/${id}/error_responses`),
      await emu.call('GET', `${CFG}/987654321`),
      await emu.call('GET', CFG, { token: null }),
      await emu.call('POST', `${CFG}/${id}`, { body: {} }),
      await emu.call('PATCH', `${CFG}/${id}`, { body: {} }),
    ];
    for (const r of replies) expect(r.headers.get('content-type'), `${r.status} ${r.text}`).toBe(JSON_TYPE);
  });

  it('uses 201 on create, 200 on GET/PUT/PATCH and 204 with an empty body on DELETE', async () => {
    const created = await emu.call('POST', CFG, { body: configBody() });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await emu.call('GET', `${CFG}/${id}`)).status).toBe(200);
    expect((await emu.call('GET', CFG)).status).toBe(200);
    expect((await emu.call('PUT', `${CFG}/${id}`, { body: { name: uniq() } })).status).toBe(200);
    expect((await emu.call('PATCH', `${CFG}/${id}`, { body: { active: false } })).status).toBe(200);
    const er = await emu.call('PATCH', `${CFG}/${id}/error_responses`, { body: { cache_error_404: 10 } });
    expect(er.status, er.text).toBe(200);
    const del = await emu.call('DELETE', `${CFG}/${id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectDetail(await emu.call('GET', `${CFG}/${id}`), 404, NOT_FOUND);
    expectDetail(await emu.call('DELETE', `${CFG}/${id}`), 404, NOT_FOUND);
  });
});
