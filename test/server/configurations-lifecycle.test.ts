// docs/api.md §4.1: what creating a configuration makes (the Default Origin of §4.5, the error responses
// of §4.4) and what deleting one removes.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, ERROR_RESPONSE_FIELDS, NOT_FOUND, configBody, createConfig, expectDetail, uniqHost } from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

describe('records made with a configuration', () => {
  it('creates the Default Origin from the origin fields', async () => {
    const cfg = await createConfig(emu, {
      origin_address: '192.0.2.10',
      origin_host_header: 'www.origin.test',
      origin_protocol_policy: 'https',
    });
    const list = await emu.call('GET', `${CFG}/${cfg.id}/origins`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const origin = list.body[0];
    const expected = {
      id: expect.any(Number),
      name: 'Default Origin',
      origin_type: 'single_origin',
      method: '',
      host_header: 'www.origin.test',
      origin_protocol_policy: 'https',
      addresses: [{ address: '192.0.2.10', weight: null, server_role: 'primary', is_active: true }],
      origin_path: '',
      connection_timeout: 60,
      timeout_between_bytes: 120,
    };
    expect(origin).toEqual(expected);
    expect(Object.keys(origin).sort()).toEqual(Object.keys(expected).sort());
    expect(origin.id).toBeGreaterThan(0);
    const one = await emu.call('GET', `${CFG}/${cfg.id}/origins/${origin.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(origin);
  });

  it('defaults the Default Origin protocol policy to preserve', async () => {
    const cfg = await createConfig(emu);
    const list = await emu.call('GET', `${CFG}/${cfg.id}/origins`);
    expect(list.body[0].origin_protocol_policy).toBe('preserve');
    expect(list.body[0].addresses[0].address).toBe('origin.example.com');
    expect(list.body[0].host_header).toBe('origin.example.com');
  });

  it('creates error responses, all seven at 0', async () => {
    const cfg = await createConfig(emu);
    const r = await emu.call('GET', `${CFG}/${cfg.id}/error_responses`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ERROR_RESPONSE_FIELDS]);
    for (const f of ERROR_RESPONSE_FIELDS) expect(r.body[f], f).toBe(0);
  });

  it('creates an empty rules engine and no cache settings', async () => {
    const cfg = await createConfig(emu);
    expect((await emu.call('GET', `${CFG}/${cfg.id}/rules_engine`)).body).toEqual([]);
    expect((await emu.call('GET', `${CFG}/${cfg.id}/cache_settings`)).body).toEqual([]);
  });
});

describe('DELETE', () => {
  it('removes the configuration with its rules, cache settings, error responses and origins', async () => {
    const host = uniqHost();
    const cfg = await createConfig(emu, { cname: [host] });
    const base = `${CFG}/${cfg.id}`;
    const originId = (await emu.call('GET', `${base}/origins`)).body[0].id as number;
    const cs = await emu.call('POST', `${base}/cache_settings`, {
      body: {
        name: 'static',
        browser_cache_settings: false,
        cdn_cache_settings: 'honor',
        cache_by_query_string: 'ignore',
        cache_by_cookies: 'ignore',
      },
    });
    expect(cs.status, cs.text).toBe(201);
    const rule = await emu.call('POST', `${base}/rules_engine`, {
      body: {
        path: '/static',
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: originId,
        cache_settings_id: cs.body.id,
      },
    });
    expect(rule.status, rule.text).toBe(201);

    const del = await emu.call('DELETE', base);
    expect(del.status, del.text).toBe(204);
    expect(del.text).toBe('');

    for (const path of [
      base,
      `${base}/rules_engine`,
      `${base}/rules_engine/${rule.body.id}`,
      `${base}/cache_settings`,
      `${base}/cache_settings/${cs.body.id}`,
      `${base}/error_responses`,
      `${base}/origins`,
      `${base}/origins/${originId}`,
    ]) {
      expectDetail(await emu.call('GET', path), 404, NOT_FOUND);
    }
    const ids = (await emu.call('GET', CFG)).body.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(cfg.id);
    expectDetail(await emu.call('DELETE', base), 404, NOT_FOUND);
    expectDetail(await emu.call('PATCH', base, { body: { active: false } }), 404, NOT_FOUND);

    // its name and cname are free again
    const again = await emu.call('POST', CFG, { body: configBody({ name: cfg.name, cname: [host] }) });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBeGreaterThan(cfg.id);
  });

  it('leaves the other configurations alone', async () => {
    const keep = await createConfig(emu);
    const drop = await createConfig(emu);
    expect((await emu.call('DELETE', `${CFG}/${drop.id}`)).status).toBe(204);
    expect((await emu.call('GET', `${CFG}/${keep.id}`)).body).toEqual(keep);
    expect((await emu.call('GET', `${CFG}/${keep.id}/origins`)).body).toHaveLength(1);
  });
});
