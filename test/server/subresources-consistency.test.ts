// Sub-resources (rules, cache settings, error responses, origins): wire conventions of docs/api.md §1,
// the parsing of ids in their paths, and concurrent writes.
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorFixture, startTestEmulator, tempDir } from '../helpers/emulator.js';
import {
  CFG,
  cacheSettingBody,
  createCacheSetting,
  createConfiguration,
  createRule,
  expectNotFound,
  getJson,
  getList,
  getObject,
  RULE_DEFAULTS,
  ruleBody,
  uniqueName,
  type Configuration,
  type Json,
  type StoredRecord,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

describe('concurrent writes keep the rules of §4 true', () => {
  it('of parallel creates with one cache setting name, exactly one succeeds', async () => {
    const conf = await createConfiguration(emu);
    const name = uniqueName('race');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => emu.call('POST', `${CFG}/${conf.id}/cache_settings`, { body: cacheSettingBody({ name }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    expect(await getJson(emu, `${CFG}/${conf.id}/cache_settings`)).toHaveLength(1);
  });

  it('of parallel creates with one path and regex, exactly one succeeds', async () => {
    const conf = await createConfiguration(emu);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody(conf, { path: '/race' }) })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    expect(await getJson(emu, `${CFG}/${conf.id}/rules_engine`)).toHaveLength(1);
  });

  it('a cache setting deleted while rules are created never leaves a rule pointing at nothing', async () => {
    const conf = await createConfiguration(emu);
    for (let round = 0; round < 5; round++) {
      const cs = await createCacheSetting(emu, conf.id);
      const [del, ...creates] = await Promise.all([
        emu.call('DELETE', `${CFG}/${conf.id}/cache_settings/${cs.id}`),
        ...Array.from({ length: 3 }, () =>
          emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody(conf, { cache_settings_id: cs.id }) }),
        ),
      ]);
      const created = creates.filter((r) => r.status === 201).length;
      if (del!.status === 204) {
        for (const r of creates) if (r.status !== 201) expect(Object.keys(r.body)).toEqual(['cache_settings_id']);
        const rules = await getList(emu, `${CFG}/${conf.id}/rules_engine`);
        expect(rules.filter((r) => r.cache_settings_id === cs.id)).toEqual([]);
        expect(created).toBe(0);
      } else {
        expect(del!.status).toBe(409);
        expect(created).toBeGreaterThan(0);
        expect((await emu.call('GET', `${CFG}/${conf.id}/cache_settings/${cs.id}`)).status).toBe(200);
      }
    }
  });

  it('ids stay increasing and unique under parallel creates', async () => {
    const conf = await createConfiguration(emu);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody(conf) })),
    );
    const ids = replies.map((r) => r.body.id as number);
    expect(new Set(ids).size).toBe(10);
    const list = await getList(emu, `${CFG}/${conf.id}/rules_engine`);
    expect(list.map((r) => r.id)).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('wire conventions (docs/api.md §1) on sub-resources', () => {
  it('needs a JSON object body with Content-Type application/json, at most 1 MiB', async () => {
    const conf = await createConfiguration(emu);
    const path = `${CFG}/${conf.id}/rules_engine`;
    const json = JSON.stringify(ruleBody(conf));
    const r415 = await emu.call('POST', path, { raw: json, headers: { 'content-type': 'text/plain' } });
    expect(r415.status).toBe(415);
    expect(typeof r415.body?.detail).toBe('string');
    const bad = await emu.call('POST', path, { raw: '{"path":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toBeTypeOf('object');
    expect((await emu.call('POST', path, { body: [ruleBody(conf)] })).status).toBe(400);
    expect((await emu.call('PATCH', `${CFG}/${conf.id}/error_responses`, { body: 'cache_error_400' })).status).toBe(400);
    const huge = await emu.call('POST', `${CFG}/${conf.id}/cache_settings`, {
      body: cacheSettingBody({ cache_by_cookies: 'whitelist', cookie_names: ['c'.repeat(1024 * 1024)] }),
    });
    expect(huge.status).toBe(413);
    expect(typeof huge.body?.detail).toBe('string');
    expect(await getJson(emu, path)).toEqual([]);
    expect(await getJson(emu, `${CFG}/${conf.id}/cache_settings`)).toEqual([]);
  });

  it('accepts a charset parameter on the Content-Type and a trailing slash on writes', async () => {
    const conf = await createConfiguration(emu);
    const created = await emu.call('POST', `${CFG}/${conf.id}/rules_engine/`, {
      raw: JSON.stringify(ruleBody(conf)),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(created.status, created.text).toBe(201);
    const patched = await emu.call('PATCH', `${CFG}/${conf.id}/rules_engine/${created.body.id}/`, { body: { gzip: true } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.gzip).toBe(true);
    const cs = await emu.call('POST', `${CFG}/${conf.id}/cache_settings/`, { body: cacheSettingBody() });
    expect(cs.status, cs.text).toBe(201);
    expect((await emu.call('PATCH', `${CFG}/${conf.id}/error_responses/`, { body: { cache_error_400: 1 } })).status).toBe(200);
    expect((await emu.call('DELETE', `${CFG}/${conf.id}/cache_settings/${cs.body.id}/`)).status).toBe(204);
  });

  it('pages the cache setting and origin lists like every list', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    const b = await createCacheSetting(emu, conf.id);
    const page = await emu.call('GET', `${CFG}/${conf.id}/cache_settings?page=2&page_size=1`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual([b]);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect((await emu.call('GET', `${CFG}/${conf.id}/cache_settings?page=1&page_size=1`)).body).toEqual([a]);
    const origins = await emu.call('GET', `${CFG}/${conf.id}/origins?page=1&page_size=5`);
    expect(origins.body).toHaveLength(1);
    expect(origins.headers.get('x-total-count')).toBe('1');
    expect((await emu.call('GET', `${CFG}/${conf.id}/origins?page=2&page_size=5`)).body).toEqual([]);
  });
});

describe('ids in paths are decimal integers; anything else is 404', () => {
  it('does not read hex, exponent, signed or fractional forms of a real id', async () => {
    const conf = await createConfiguration(emu);
    const rule = await createRule(emu, conf);
    const cs = await createCacheSetting(emu, conf.id);
    const forms = (id: number): string[] => [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, `${id}abc`, `%20${id}`];
    for (const f of forms(rule.id)) expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/rules_engine/${f}`));
    for (const f of forms(cs.id)) expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/cache_settings/${f}`));
    for (const f of forms(conf.defaultOriginId)) expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/origins/${f}`));
    for (const f of forms(conf.id)) expectNotFound(await emu.call('GET', `${CFG}/${f}/rules_engine`));
    expectNotFound(await emu.call('GET', `${CFG}/-${conf.id}/error_responses`));
  });

  it('sub-resources go away with their configuration', async () => {
    const conf = await createConfiguration(emu);
    const rule = await createRule(emu, conf);
    const cs = await createCacheSetting(emu, conf.id);
    expect((await emu.call('DELETE', conf.path)).status).toBe(204);
    expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/rules_engine`));
    expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/rules_engine/${rule.id}`));
    expectNotFound(await emu.call('GET', `${CFG}/${conf.id}/cache_settings/${cs.id}`));
    expectNotFound(await emu.call('POST', `${CFG}/${conf.id}/rules_engine`, { body: ruleBody(conf) }));
  });
});

describe('with --data, sub-resources survive a restart', () => {
  it('keeps the complete rule after a PUT, cache settings and error responses', async () => {
    const dir = tempDir();
    const file = join(dir, 'state.json');
    const first = await startTestEmulator(['--data', file]);
    let conf: Configuration, rule: StoredRecord, cs: StoredRecord, expected: Json;
    try {
      conf = await createConfiguration(first);
      cs = await createCacheSetting(first, conf.id, { cache_by_cookies: 'whitelist', cookie_names: ['sid'] });
      rule = await createRule(first, conf, { gzip: true, cache_settings_id: cs.id, forward_cookies: 'none' });
      const sent = { path: '/put', regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: conf.defaultOriginId };
      const put = await first.call('PUT', `${CFG}/${conf.id}/rules_engine/${rule.id}`, { body: sent });
      expect(put.status, put.text).toBe(200);
      expected = { id: rule.id, ...sent, ...RULE_DEFAULTS };
      expect((await first.call('PATCH', `${CFG}/${conf.id}/error_responses`, { body: { cache_error_414: 9 } })).status).toBe(200);
    } finally {
      await first.close();
    }
    const second = await startTestEmulator(['--data', file]);
    try {
      expect(await getJson(second, `${CFG}/${conf.id}/rules_engine/${rule.id}`)).toEqual(expected);
      expect(await getList(second, `${CFG}/${conf.id}/cache_settings`)).toEqual([cs]);
      expect((await getObject(second, `${CFG}/${conf.id}/error_responses`)).cache_error_414).toBe(9);
      expect((await getList(second, `${CFG}/${conf.id}/origins`))[0]?.id).toBe(conf.defaultOriginId);
      // ids are never reused, across restarts too
      const next = await createRule(second, conf);
      expect(next.id).toBeGreaterThan(rule.id);
    } finally {
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
