// Cache settings (docs/api.md §4.3): endpoints, defaults, field order, PUT/PATCH semantics, validation, 409 on delete.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import {
  CACHE_SETTING_DEFAULTS,
  CACHE_SETTING_FIELDS,
  CACHE_SETTING_REQUIRED,
  CFG,
  MAX_TTL,
  allowedMethods,
  cacheSettingBody,
  createCacheSetting,
  createConfiguration,
  createRule,
  expectDetail,
  expectFieldError,
  expectFieldErrors,
  expectMethodNotAllowed,
  expectNotFound,
  getJson,
  getList,
  omit,
  uniqueName,
  type Configuration,
  type Json,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const settings = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/cache_settings`;
const setting = (c: Pick<Configuration, 'id'>, id: number): string => `${CFG}/${c.id}/cache_settings/${id}`;

async function post(conf: Configuration, overrides: Json) {
  return emu.call('POST', settings(conf), { body: cacheSettingBody(overrides) });
}

async function expectSettings(conf: Configuration, expected: Json[]): Promise<void> {
  expect(await getJson(emu, settings(conf))).toEqual(expected);
}

const FULL = {
  browser_cache_settings: true,
  browser_cache_settings_maximum_ttl: 3600,
  cdn_cache_settings: 'override',
  cdn_cache_settings_maximum_ttl: 600,
  cache_by_query_string: 'whitelist',
  query_string_fields: ['page', 'lang'],
  enable_query_string_sort: true,
  cache_by_cookies: 'blacklist',
  cookie_names: ['session'],
};

describe('POST cache_settings', () => {
  it('creates with 201, every field in order, null/false/null and 0 TTLs when not supplied', async () => {
    const conf = await createConfiguration(emu);
    const body = cacheSettingBody();
    const r = await emu.call('POST', settings(conf), { body });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body)).toEqual([...CACHE_SETTING_FIELDS]);
    expect(r.body).toEqual({ id: expect.any(Number), ...body, ...CACHE_SETTING_DEFAULTS });
  });

  it('stores every optional field that is sent', async () => {
    const conf = await createConfiguration(emu);
    const body = cacheSettingBody(FULL);
    const r = await emu.call('POST', settings(conf), { body });
    expect(r.status, r.text).toBe(201);
    expect(Object.keys(r.body)).toEqual([...CACHE_SETTING_FIELDS]);
    expect(r.body).toEqual({ id: r.body.id, ...body });
    expect(await getJson(emu, setting(conf, r.body.id))).toEqual(r.body);
  });

  it.each(CACHE_SETTING_REQUIRED)('requires %s', async (field) => {
    const conf = await createConfiguration(emu);
    expectFieldError(await emu.call('POST', settings(conf), { body: omit(cacheSettingBody(), field) }), field, 'This field is required.');
    await expectSettings(conf, []);
  });

  it('reports every missing required field, one key each', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('POST', settings(conf), { body: {} });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(Object.fromEntries(CACHE_SETTING_REQUIRED.map((f) => [f, ['This field is required.']])));
  });

  it('trims the name; 1..250 characters', async () => {
    const conf = await createConfiguration(emu);
    const padded = uniqueName('padded');
    const r = await post(conf, { name: `  ${padded}  ` });
    expect(r.status, r.text).toBe(201);
    expect(r.body.name).toBe(padded);
    for (const name of ['', '   ', 'n'.repeat(251)]) expectFieldErrors(await post(conf, { name }), ['name']);
    expect((await post(conf, { name: 'n'.repeat(250) })).status).toBe(201);
  });

  it('rejects unknown fields with the unknown-fields detail, before field validation', async () => {
    const conf = await createConfiguration(emu);
    expectDetail(await post(conf, { ttl: 5 }), 400, "There are some unknown fields: ['ttl']");
    expectDetail(await emu.call('POST', settings(conf), { body: { ttl: 5 } }), 400, "There are some unknown fields: ['ttl']");
    await expectSettings(conf, []);
  });

  it('ignores a read-only id in the body', async () => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { id: 987654 });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).not.toBe(987654);
  });

  it('answers 404 for an unknown configuration', async () => {
    expectNotFound(await emu.call('POST', `${CFG}/99999999/cache_settings`, { body: cacheSettingBody() }));
    expectNotFound(await emu.call('GET', `${CFG}/99999999/cache_settings`));
  });
});

describe('GET cache_settings', () => {
  it('lists a bare array of this configuration ordered by id, items in field order', async () => {
    const conf = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    await expectSettings(conf, []);
    const a = await createCacheSetting(emu, conf.id, FULL);
    await createCacheSetting(emu, other.id);
    const b = await createCacheSetting(emu, conf.id);
    const list = await getList(emu, settings(conf));
    expect(list).toEqual([a, b]);
    for (const item of list) expect(Object.keys(item)).toEqual([...CACHE_SETTING_FIELDS]);
  });

  it('reads one, in field order; a trailing slash is accepted; unknown ids are 404', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    const r = await emu.call('GET', setting(conf, a.id));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...CACHE_SETTING_FIELDS]);
    expect(r.body).toEqual(a);
    expect((await emu.call('GET', setting(conf, a.id) + '/')).body).toEqual(a);
    expectNotFound(await emu.call('GET', setting(conf, 99999999)));
    expectNotFound(await emu.call('GET', `${settings(conf)}/x1`));
  });

  it('answers 404 for a cache setting reached through another configuration, and that changes nothing', async () => {
    const owner = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    const a = await createCacheSetting(emu, owner.id);
    expectNotFound(await emu.call('GET', setting(other, a.id)));
    expectNotFound(await emu.call('PUT', setting(other, a.id), { body: cacheSettingBody() }));
    expectNotFound(await emu.call('PATCH', setting(other, a.id), { body: { name: 'stolen' } }));
    expectNotFound(await emu.call('DELETE', setting(other, a.id)));
    expect(await getJson(emu, setting(owner, a.id))).toEqual(a);
  });
});

describe('PUT cache_settings/:id', () => {
  it('replaces the record, resets unsent optional fields to defaults and returns every field', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id, FULL);
    const body = cacheSettingBody({ id: a.id + 500 });
    const r = await emu.call('PUT', setting(conf, a.id), { body });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...CACHE_SETTING_FIELDS]);
    expect(r.body).toEqual({ ...omit(body, 'id'), id: a.id, ...CACHE_SETTING_DEFAULTS });
    expect(await getJson(emu, setting(conf, a.id))).toEqual(r.body);
  });

  it.each(CACHE_SETTING_REQUIRED)('requires %s, and a rejected PUT changes nothing', async (field) => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id, FULL);
    const r = await emu.call('PUT', setting(conf, a.id), { body: omit(cacheSettingBody(), field) });
    expectFieldError(r, field, 'This field is required.');
    expect(await getJson(emu, setting(conf, a.id))).toEqual(a);
  });
});

describe('PATCH cache_settings/:id', () => {
  it('changes the sent fields, keeps the others and returns every field in order', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id, FULL);
    const name = uniqueName('renamed');
    const r = await emu.call('PATCH', setting(conf, a.id), { body: { name, cdn_cache_settings_maximum_ttl: 120 } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...CACHE_SETTING_FIELDS]);
    expect(r.body).toEqual({ ...a, name, cdn_cache_settings_maximum_ttl: 120 });
    expect(await getJson(emu, setting(conf, a.id))).toEqual(r.body);
  });

  it('answers 400 to an empty body and to unknown fields, changing nothing', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    expectDetail(await emu.call('PATCH', setting(conf, a.id), { body: {} }), 400, 'Send at least one field.');
    expectDetail(
      await emu.call('PATCH', setting(conf, a.id), { body: { name: 'x', ttl: 1 } }),
      400,
      "There are some unknown fields: ['ttl']",
    );
    expect(await getJson(emu, setting(conf, a.id))).toEqual(a);
  });
});

describe('type messages', () => {
  const cases: Array<[string, unknown, string]> = [
    ['browser_cache_settings', 'maybe', 'Must be a valid boolean.'],
    ['enable_query_string_sort', 'maybe', 'Must be a valid boolean.'],
    ['browser_cache_settings_maximum_ttl', 'abc', 'A valid integer is required.'],
    ['cdn_cache_settings_maximum_ttl', 'abc', 'A valid integer is required.'],
    ['cdn_cache_settings', 'sometimes', '"sometimes" is not a valid choice.'],
    ['cache_by_query_string', 'some', '"some" is not a valid choice.'],
    ['cache_by_cookies', 'ftp', '"ftp" is not a valid choice.'],
    ['name', null, 'This field may not be null.'],
    ['browser_cache_settings', null, 'This field may not be null.'],
    ['cdn_cache_settings_maximum_ttl', null, 'This field may not be null.'],
  ];
  it.each(cases)('%s = %j → the type message on create and PATCH', async (field, value, message) => {
    const conf = await createConfiguration(emu);
    expectFieldError(await post(conf, { [field]: value }), field, message);
    const a = await createCacheSetting(emu, conf.id);
    expectFieldError(await emu.call('PATCH', setting(conf, a.id), { body: { [field]: value } }), field, message);
    await expectSettings(conf, [a]);
  });
});

describe('order of reports', () => {
  it('reports type errors before cross-field rules', async () => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { cdn_cache_settings: 'bypass', cache_by_query_string: 'whitelist', browser_cache_settings: 'maybe' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ browser_cache_settings: ['Must be a valid boolean.'] });
    await expectSettings(conf, []);
  });
});

describe('name unique within a configuration', () => {
  it('rejects a duplicate name under name; another configuration may use it', async () => {
    const conf = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    const name = uniqueName('shared');
    const a = await createCacheSetting(emu, conf.id, { name });
    expectFieldErrors(await post(conf, { name }), ['name']);
    expectFieldErrors(await post(conf, { name: ` ${name} ` }), ['name']);
    await expectSettings(conf, [a]);
    expect((await emu.call('POST', settings(other), { body: cacheSettingBody({ name }) })).status).toBe(201);
  });

  it('applies to PATCH and PUT, but a record never conflicts with itself', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    const b = await createCacheSetting(emu, conf.id);
    expectFieldErrors(await emu.call('PATCH', setting(conf, b.id), { body: { name: a.name } }), ['name']);
    expectFieldErrors(await emu.call('PUT', setting(conf, b.id), { body: cacheSettingBody({ name: a.name }) }), ['name']);
    await expectSettings(conf, [a, b]);
    expect((await emu.call('PUT', setting(conf, a.id), { body: cacheSettingBody({ name: a.name }) })).status).toBe(200);
    expect((await emu.call('PATCH', setting(conf, a.id), { body: { name: a.name } })).status).toBe(200);
  });
});

describe('query string fields and cookie names', () => {
  const pairs: Array<[string, string]> = [
    ['cache_by_query_string', 'query_string_fields'],
    ['cache_by_cookies', 'cookie_names'],
  ];
  it.each(pairs)('%s whitelist/blacklist needs a non-empty %s', async (mode, list) => {
    const conf = await createConfiguration(emu);
    for (const choice of ['whitelist', 'blacklist']) {
      for (const value of [undefined, null, []]) expectFieldErrors(await post(conf, { [mode]: choice, [list]: value }), [list]);
    }
    await expectSettings(conf, []);
    const a = await createCacheSetting(emu, conf.id, { [mode]: 'whitelist', [list]: ['x'] });
    expect(a[list]).toEqual(['x']);
    // PATCH is validated on the merged record
    const b = await createCacheSetting(emu, conf.id);
    expectFieldErrors(await emu.call('PATCH', setting(conf, b.id), { body: { [mode]: 'blacklist' } }), [list]);
    expectFieldErrors(await emu.call('PATCH', setting(conf, a.id), { body: { [list]: [] } }), [list]);
    await expectSettings(conf, [a, b]);
  });

  it.each(pairs)('with %s, %s holds unique non-empty strings, at most 100', async (mode, list) => {
    const conf = await createConfiguration(emu);
    const hundred = Array.from({ length: 100 }, (_, i) => `f${i}`);
    for (const value of [['a', 'a'], [''], ['a', ''], [...hundred, 'f100'], [1], [null], 'a', { a: 1 }]) {
      expectFieldErrors(await post(conf, { [mode]: 'whitelist', [list]: value }), [list]);
    }
    await expectSettings(conf, []);
    const r = await post(conf, { [mode]: 'blacklist', [list]: hundred });
    expect(r.status, r.text).toBe(201);
    expect(r.body[list]).toEqual(hundred);
  });
});

describe('list items: docs/api.md bounds the list, not the length of its strings', () => {
  it.each([
    ['cache_by_query_string', 'query_string_fields'],
    ['cache_by_cookies', 'cookie_names'],
  ])('with %s whitelist, %s accepts a 300-character name', async (mode, list) => {
    const conf = await createConfiguration(emu);
    const names = ['x'.repeat(300), 'a', 'A'];
    const r = await post(conf, { [mode]: 'whitelist', [list]: names });
    expect(r.status, r.text).toBe(201);
    expect(r.body[list]).toEqual(names);
  });
});

describe('TTLs', () => {
  it.each(['browser_cache_settings_maximum_ttl', 'cdn_cache_settings_maximum_ttl'])('%s is an integer 0..31536000', async (field) => {
    const conf = await createConfiguration(emu);
    // the mode in which the TTL is used
    const mode = field === 'cdn_cache_settings_maximum_ttl' ? { cdn_cache_settings: 'override' } : { browser_cache_settings: true };
    for (const bad of [MAX_TTL + 1, -1, 1.5]) {
      expectFieldErrors(await post(conf, { ...mode, [field]: bad }), [field]);
    }
    await expectSettings(conf, []);
    const max = await post(conf, { ...mode, [field]: MAX_TTL });
    expect(max.status, max.text).toBe(201);
    expect(max.body[field]).toBe(MAX_TTL);
    const zero = await post(conf, { [field]: 0 });
    expect(zero.status, zero.text).toBe(201);
    expectFieldErrors(await emu.call('PATCH', setting(conf, max.body.id), { body: { [field]: MAX_TTL + 1 } }), [field]);
  });

  it('override below 60 is rejected under cdn_cache_settings_maximum_ttl without the product', async () => {
    const conf = await createConfiguration(emu);
    for (const ttl of [59, 0, undefined]) {
      expectFieldErrors(await post(conf, { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: ttl }), [
        'cdn_cache_settings_maximum_ttl',
      ]);
    }
    await expectSettings(conf, []);
    const ok = await post(conf, { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 60 });
    expect(ok.status, ok.text).toBe(201);
    const honor = await post(conf, { cdn_cache_settings: 'honor', cdn_cache_settings_maximum_ttl: 30 });
    expect(honor.status, honor.text).toBe(201);
    // merged record: switching to override keeps the stored 30
    expectFieldErrors(await emu.call('PATCH', setting(conf, honor.body.id), { body: { cdn_cache_settings: 'override' } }), [
      'cdn_cache_settings_maximum_ttl',
    ]);
    expectFieldErrors(await emu.call('PATCH', setting(conf, ok.body.id), { body: { cdn_cache_settings_maximum_ttl: 59 } }), [
      'cdn_cache_settings_maximum_ttl',
    ]);
    await expectSettings(conf, [ok.body, honor.body]);
  });

  it('bypass needs the product, reported under cdn_cache_settings', async () => {
    const conf = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { cdn_cache_settings: 'bypass' }), ['cdn_cache_settings']);
    const a = await createCacheSetting(emu, conf.id);
    expectFieldErrors(await emu.call('PATCH', setting(conf, a.id), { body: { cdn_cache_settings: 'bypass' } }), ['cdn_cache_settings']);
    await expectSettings(conf, [a]);
  });

  describe('with --products application_acceleration', () => {
    const pro = emulatorFixture(['--products', 'application_acceleration']);

    it('accepts bypass and an override below 60', async () => {
      const conf = await createConfiguration(pro);
      const bypass = await createCacheSetting(pro, conf.id, { cdn_cache_settings: 'bypass' });
      expect(bypass.cdn_cache_settings).toBe('bypass');
      const low = await createCacheSetting(pro, conf.id, { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 59 });
      expect(low.cdn_cache_settings_maximum_ttl).toBe(59);
    });
  });
});

describe('DELETE cache_settings/:id', () => {
  it('removes an unused cache setting with 204 and an empty body', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    const b = await createCacheSetting(emu, conf.id);
    const r = await emu.call('DELETE', setting(conf, a.id));
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expectNotFound(await emu.call('GET', setting(conf, a.id)));
    await expectSettings(conf, [b]);
    expectNotFound(await emu.call('DELETE', setting(conf, a.id)));
  });

  it('answers 409 naming the rules that use it, removes nothing; 204 once the rules are deleted', async () => {
    const conf = await createConfiguration(emu);
    const cs = await createCacheSetting(emu, conf.id);
    const r1 = await createRule(emu, conf, { cache_settings_id: cs.id });
    await createRule(emu, conf);
    const r2 = await createRule(emu, conf, { cache_settings_id: cs.id });
    const rulesBefore = await getJson(emu, `${CFG}/${conf.id}/rules_engine`);
    const r = await emu.call('DELETE', setting(conf, cs.id));
    expectDetail(r, 409, `Cache setting ${cs.id} is used by rules ${r1.id}, ${r2.id}.`);
    expect(await getJson(emu, setting(conf, cs.id))).toEqual(cs);
    expect(await getJson(emu, `${CFG}/${conf.id}/rules_engine`)).toEqual(rulesBefore);

    expect((await emu.call('DELETE', `${CFG}/${conf.id}/rules_engine/${r1.id}`)).status).toBe(204);
    const still = await emu.call('DELETE', setting(conf, cs.id));
    expect(still.status).toBe(409);
    expect(still.body.detail).toContain(`Cache setting ${cs.id} is used by rule`);
    expect(still.body.detail).toContain(String(r2.id));
    expect((await emu.call('DELETE', `${CFG}/${conf.id}/rules_engine/${r2.id}`)).status).toBe(204);
    expect((await emu.call('DELETE', setting(conf, cs.id))).status).toBe(204);
    expectNotFound(await emu.call('GET', setting(conf, cs.id)));
  });

  it('gives 204 once the rules stop using it (PATCH to null, PUT without it)', async () => {
    const conf = await createConfiguration(emu);
    const cs = await createCacheSetting(emu, conf.id);
    const r1 = await createRule(emu, conf, { cache_settings_id: cs.id });
    const r2 = await createRule(emu, conf, { cache_settings_id: cs.id });
    expectDetail(await emu.call('DELETE', setting(conf, cs.id)), 409, `Cache setting ${cs.id} is used by rules ${r1.id}, ${r2.id}.`);
    const p = await emu.call('PATCH', `${CFG}/${conf.id}/rules_engine/${r1.id}`, { body: { cache_settings_id: null } });
    expect(p.status, p.text).toBe(200);
    const put = await emu.call('PUT', `${CFG}/${conf.id}/rules_engine/${r2.id}`, { body: omit(r2, 'id', 'cache_settings_id') });
    expect(put.status, put.text).toBe(200);
    expect((await emu.call('DELETE', setting(conf, cs.id))).status).toBe(204);
    await expectSettings(conf, []);
  });
});

describe('methods not offered', () => {
  it('answers 405 with an Allow header on the list and on a cache setting', async () => {
    const conf = await createConfiguration(emu);
    const a = await createCacheSetting(emu, conf.id);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const r = await emu.call(method, settings(conf), { body: cacheSettingBody() });
      expectMethodNotAllowed(r, method);
      expect(allowedMethods(r)).toEqual(expect.arrayContaining(['GET', 'POST']));
    }
    const post405 = await emu.call('POST', setting(conf, a.id), { body: cacheSettingBody() });
    expectMethodNotAllowed(post405, 'POST');
    expect(allowedMethods(post405)).toEqual(expect.arrayContaining(['GET', 'PUT', 'PATCH', 'DELETE']));
    await expectSettings(conf, [a]);
  });
});
