// Rules engine rules (docs/api.md §4.2): validation of every rule; a rejected write changes nothing.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import {
  CFG,
  createCacheSetting,
  createConfiguration,
  createRule,
  expectFieldError,
  expectFieldErrors,
  expectFieldErrorsAmong,
  getJson,
  getObject,
  ruleBody,
  type Configuration,
  type Json,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const rules = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/rules_engine`;
const rule = (c: Pick<Configuration, 'id'>, id: number): string => `${CFG}/${c.id}/rules_engine/${id}`;

/** POSTs a rule body; the caller asserts the reply. */
async function post(conf: Configuration, overrides: Json) {
  return emu.call('POST', rules(conf), { body: ruleBody(conf, overrides) });
}

/** Asserts that the configuration's rule list is still `expected` (a rejected write changed nothing). */
async function expectRules(conf: Configuration, expected: Json[]): Promise<void> {
  expect(await getJson(emu, rules(conf))).toEqual(expected);
}

describe('type messages', () => {
  const cases: Array<[string, unknown, string]> = [
    ['gzip', 'maybe', 'Must be a valid boolean.'],
    ['regex', 'maybe', 'Must be a valid boolean.'],
    ['path_origin_id', 'abc', 'A valid integer is required.'],
    ['waf_rule_set_id', 'abc', 'A valid integer is required.'],
    ['edge_firewall_id', 'abc', 'A valid integer is required.'],
    ['cache_settings_id', 'abc', 'A valid integer is required.'],
    ['protocol_policy', 'ftp', '"ftp" is not a valid choice.'],
    ['behavior', 'teleport', '"teleport" is not a valid choice.'],
    ['forward_cookies', 'some', '"some" is not a valid choice.'],
    ['path', null, 'This field may not be null.'],
    ['regex', null, 'This field may not be null.'],
    ['gzip', null, 'This field may not be null.'],
    ['path_origin_id', null, 'This field may not be null.'],
  ];
  it.each(cases)('%s = %j → the type message, on create, PUT and PATCH', async (field, value, message) => {
    const conf = await createConfiguration(emu);
    expectFieldError(await post(conf, { [field]: value }), field, message);
    const a = await createRule(emu, conf);
    expectFieldError(await emu.call('PUT', rule(conf, a.id), { body: ruleBody(conf, { [field]: value }) }), field, message);
    expectFieldError(await emu.call('PATCH', rule(conf, a.id), { body: { [field]: value } }), field, message);
    await expectRules(conf, [a]);
  });

  it('a boolean is not an integer, a number is not a string', async () => {
    const conf = await createConfiguration(emu);
    expectFieldError(await post(conf, { path_origin_id: true }), 'path_origin_id', 'A valid integer is required.');
    expectFieldErrors(await post(conf, { behavior: 'redirect', redirect_to: 123 }), ['redirect_to']);
    expectFieldErrors(await post(conf, { path: 7 }), ['path']);
    await expectRules(conf, []);
  });

  it('ignores the read-only domain_name in a body', async () => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { domain_name: 'x.map.edge.example' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).not.toHaveProperty('domain_name');
  });

  it('reports one key per bad field', async () => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { gzip: 'maybe', protocol_policy: 'ftp' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ gzip: ['Must be a valid boolean.'], protocol_policy: ['"ftp" is not a valid choice.'] });
  });

  it('reports type errors before cross-field rules', async () => {
    const conf = await createConfiguration(emu);
    // redirect without redirect_to is also wrong, but the type error is what is reported
    const r = await post(conf, { behavior: 'redirect', path_origin_id: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ path_origin_id: ['A valid integer is required.'] });
    const r2 = await post(conf, { regex: 'maybe', path: '(' });
    expect(r2.status).toBe(400);
    expect(r2.body).toEqual({ regex: ['Must be a valid boolean.'] });
    await expectRules(conf, []);
  });
});

describe('path', () => {
  it('is 1..1000 characters', async () => {
    const conf = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { path: '' }), ['path']);
    expectFieldErrors(await post(conf, { path: '/' + 'a'.repeat(1000) }), ['path']);
    expectFieldErrors(await post(conf, { path: 'a'.repeat(1001), regex: true }), ['path']);
    await expectRules(conf, []);
    const max = await post(conf, { path: '/' + 'a'.repeat(999) });
    expect(max.status, max.text).toBe(201);
    expect(max.body.path).toHaveLength(1000);
    const one = await post(conf, { path: '/' });
    expect(one.status, one.text).toBe(201);
  });

  it('may not start or end with white space (the API would match it as sent); kept as sent inside', async () => {
    const conf = await createConfiguration(emu);
    for (const path of ['/BBB ', ' /BBB', '/BBB\t', '/BBB\u00a0']) {
      expectFieldError(await post(conf, { path }), 'path', 'May not start or end with white space.');
    }
    expectFieldError(await post(conf, { path: 'a$ ', regex: true }), 'path', 'May not start or end with white space.');
    await expectRules(conf, []);
    const inside = await post(conf, { path: '/a b' });
    expect(inside.status, inside.text).toBe(201);
    expect(inside.body.path).toBe('/a b');
    expectFieldError(
      await emu.call('PATCH', rule(conf, inside.body.id), { body: { path: '/a b ' } }),
      'path',
      'May not start or end with white space.',
    );
  });

  it('starts with / unless it is a regular expression', async () => {
    const conf = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { path: 'images/', regex: false }), ['path']);
    await expectRules(conf, []);
    const r = await post(conf, { path: '\\.(png|jpe?g)$', regex: true });
    expect(r.status, r.text).toBe(201);
    expect(r.body.path).toBe('\\.(png|jpe?g)$');
    // PATCH is validated on the merged record: regex false with that path is not allowed
    expectFieldErrorsAmong(await emu.call('PATCH', rule(conf, r.body.id), { body: { regex: false } }), ['path', 'regex']);
    await expectRules(conf, [r.body]);
  });

  it('must compile as a regular expression when regex is true', async () => {
    const conf = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { path: '(', regex: true }), ['path']);
    expectFieldErrors(await post(conf, { path: '/[a-', regex: true }), ['path']);
    await expectRules(conf, []);
    // "/(" is a fine plain path, but not a regular expression
    const plain = await createRule(emu, conf, { path: '/(', regex: false });
    expectFieldErrors(await emu.call('PATCH', rule(conf, plain.id), { body: { regex: true } }), ['path']);
    const put = await emu.call('PUT', rule(conf, plain.id), { body: ruleBody(conf, { path: '/(', regex: true }) });
    expectFieldErrors(put, ['path']);
    await expectRules(conf, [plain]);
  });
});

describe('ECMAScript regular expressions and lengths in characters', () => {
  it('accepts ECMAScript-only syntax and rejects syntax ECMAScript lacks', async () => {
    const conf = await createConfiguration(emu);
    for (const path of ['(?<=/img)/x', '^/(?<lang>[a-z]{2})/', '/a{2,}b?$']) {
      const r = await post(conf, { path, regex: true });
      expect(r.status, `${path}: ${r.text}`).toBe(201);
    }
    // Python-style named group and possessive quantifier do not compile in ECMAScript
    for (const path of ['^/(?P<lang>[a-z]{2})/', '/a++']) expectFieldErrors(await post(conf, { path, regex: true }), ['path']);
  });

  it('counts the 1000 characters as characters, not bytes', async () => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { path: '/' + '\u00e9'.repeat(999) });
    expect(r.status, r.text).toBe(201);
    expect(r.body.path).toBe('/' + '\u00e9'.repeat(999));
  });

  it('treats paths as case-sensitive when checking duplicates', async () => {
    const conf = await createConfiguration(emu);
    await createRule(emu, conf, { path: '/Case' });
    expect((await post(conf, { path: '/case' })).status).toBe(201);
  });
});

describe('unique path + regex within a configuration', () => {
  it('rejects a second rule with the same path and regex, under path', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { path: '/dup', regex: false });
    expectFieldErrors(await post(conf, { path: '/dup', regex: false }), ['path']);
    await expectRules(conf, [a]);
  });

  it('allows the same path with the other regex flag, and in another configuration', async () => {
    const conf = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    await createRule(emu, conf, { path: '/same', regex: false });
    expect((await post(conf, { path: '/same', regex: true })).status).toBe(201);
    expect((await post(other, { path: '/same', regex: false })).status).toBe(201);
  });

  it('applies to PATCH and PUT, but a rule never conflicts with itself', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { path: '/a' });
    const b = await createRule(emu, conf, { path: '/b' });
    const c = await createRule(emu, conf, { path: '/a', regex: true });
    expectFieldErrors(await emu.call('PATCH', rule(conf, b.id), { body: { path: '/a' } }), ['path']);
    expectFieldErrors(await emu.call('PUT', rule(conf, b.id), { body: ruleBody(conf, { path: '/a' }) }), ['path']);
    expectFieldErrors(await emu.call('PATCH', rule(conf, c.id), { body: { regex: false } }), ['path']);
    await expectRules(conf, [a, b, c]);
    const same = await emu.call('PUT', rule(conf, a.id), { body: ruleBody(conf, { path: '/a', gzip: true }) });
    expect(same.status, same.text).toBe(200);
    const samePatch = await emu.call('PATCH', rule(conf, a.id), { body: { path: '/a' } });
    expect(samePatch.status, samePatch.text).toBe(200);
  });
});

describe('redirect', () => {
  it('needs an absolute http(s) redirect_to, reported under redirect_to', async () => {
    const conf = await createConfiguration(emu);
    for (const redirect of [
      undefined,
      '',
      'ftp://files.example.com/',
      '/relative',
      'www.example.com/x',
      'https://',
      'javascript:alert(1)',
      'mailto:a@example.com',
    ]) {
      expectFieldErrors(await post(conf, { behavior: 'redirect', redirect_to: redirect }), ['redirect_to']);
    }
    await expectRules(conf, []);
    for (const url of ['https://www.example.com/new?x=1', 'http://example.com']) {
      const r = await post(conf, { behavior: 'redirect', redirect_to: url });
      expect(r.status, r.text).toBe(201);
      expect(r.body.redirect_to).toBe(url);
    }
  });

  it('a non-empty redirect_to with another behavior is a 400; an empty one is fine', async () => {
    const conf = await createConfiguration(emu);
    for (const behavior of ['delivery', 'access_denied', 'image_optimization']) {
      expectFieldErrorsAmong(await post(conf, { behavior, redirect_to: 'https://example.com/' }), ['redirect_to', 'behavior']);
    }
    await expectRules(conf, []);
    const r = await post(conf, { behavior: 'delivery', redirect_to: '' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.redirect_to).toBe('');
  });

  it('PATCH {"behavior": "delivery"} on a redirect rule succeeds and clears redirect_to', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { behavior: 'redirect', redirect_to: 'https://example.com/moved' });
    const r = await emu.call('PATCH', rule(conf, a.id), { body: { behavior: 'delivery' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ ...a, behavior: 'delivery', redirect_to: '' });
    expect(await getJson(emu, rule(conf, a.id))).toEqual(r.body);
  });

  it('PUT with another behavior and no redirect_to clears it', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { behavior: 'redirect', redirect_to: 'https://example.com/moved' });
    const body = ruleBody(conf, { behavior: 'image_optimization' });
    const r = await emu.call('PUT', rule(conf, a.id), { body });
    expect(r.status, r.text).toBe(200);
    expect((await getObject(emu, rule(conf, a.id))).redirect_to).toBe('');
  });

  it('PATCH keeps the rule consistent: merged record validated', async () => {
    const conf = await createConfiguration(emu);
    const d = await createRule(emu, conf);
    expectFieldErrors(await emu.call('PATCH', rule(conf, d.id), { body: { behavior: 'redirect' } }), ['redirect_to']);
    expectFieldErrorsAmong(await emu.call('PATCH', rule(conf, d.id), { body: { redirect_to: 'https://example.com/' } }), [
      'redirect_to',
      'behavior',
    ]);
    expectFieldErrorsAmong(
      await emu.call('PATCH', rule(conf, d.id), { body: { behavior: 'access_denied', redirect_to: 'https://example.com/' } }),
      ['redirect_to', 'behavior'],
    );
    await expectRules(conf, [d]);
    const ok = await emu.call('PATCH', rule(conf, d.id), { body: { behavior: 'redirect', redirect_to: 'https://a.example/' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ ...d, behavior: 'redirect', redirect_to: 'https://a.example/' });
    expectFieldErrors(await emu.call('PATCH', rule(conf, d.id), { body: { redirect_to: 'ftp://a.example/' } }), ['redirect_to']);
    const moved = await emu.call('PATCH', rule(conf, d.id), { body: { redirect_to: 'http://b.example/x' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.redirect_to).toBe('http://b.example/x');
  });
});

describe('acceleration', () => {
  it('needs the application_acceleration product, reported under behavior', async () => {
    const conf = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { behavior: 'acceleration' }), ['behavior']);
    await expectRules(conf, []);
    const a = await createRule(emu, conf);
    expectFieldErrors(await emu.call('PATCH', rule(conf, a.id), { body: { behavior: 'acceleration' } }), ['behavior']);
    expectFieldErrors(await emu.call('PUT', rule(conf, a.id), { body: ruleBody(conf, { behavior: 'acceleration' }) }), ['behavior']);
    await expectRules(conf, [a]);
  });

  describe('with --products application_acceleration', () => {
    const pro = emulatorFixture(['--products', 'application_acceleration']);

    it('accepts acceleration with forward_cookies', async () => {
      const conf = await createConfiguration(pro);
      const a = await createRule(pro, conf, { behavior: 'acceleration', forward_cookies: 'none' });
      expect(a).toMatchObject({ behavior: 'acceleration', forward_cookies: 'none' });
      const b = await createRule(pro, conf);
      const r = await pro.call('PATCH', `${CFG}/${conf.id}/rules_engine/${b.id}`, { body: { behavior: 'acceleration' } });
      expect(r.status, r.text).toBe(200);
      expect(r.body.behavior).toBe('acceleration');
    });
  });
});

describe('path_origin_id', () => {
  it('must be an origin of this configuration', async () => {
    const conf = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    expectFieldErrors(await post(conf, { path_origin_id: other.defaultOriginId }), ['path_origin_id']);
    expectFieldErrors(await post(conf, { path_origin_id: 99999999 }), ['path_origin_id']);
    expectFieldErrors(await post(conf, { path_origin_id: 0 }), ['path_origin_id']);
    await expectRules(conf, []);
    const a = await createRule(emu, conf);
    expect(a.path_origin_id).toBe(conf.defaultOriginId);
    expectFieldErrors(await emu.call('PATCH', rule(conf, a.id), { body: { path_origin_id: other.defaultOriginId } }), ['path_origin_id']);
    expectFieldErrors(await emu.call('PUT', rule(conf, a.id), { body: ruleBody(conf, { path_origin_id: other.defaultOriginId }) }), [
      'path_origin_id',
    ]);
    await expectRules(conf, [a]);
  });
});

describe('cache_settings_id', () => {
  it('is null or a cache setting of this configuration', async () => {
    const conf = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    const mine = await createCacheSetting(emu, conf.id);
    const theirs = await createCacheSetting(emu, other.id);
    expectFieldErrors(await post(conf, { cache_settings_id: theirs.id }), ['cache_settings_id']);
    expectFieldErrors(await post(conf, { cache_settings_id: 99999999 }), ['cache_settings_id']);
    await expectRules(conf, []);
    const a = await createRule(emu, conf, { cache_settings_id: mine.id });
    expect(a.cache_settings_id).toBe(mine.id);
    const b = await createRule(emu, conf, { cache_settings_id: null });
    expect(b.cache_settings_id).toBeNull();
    expectFieldErrors(await emu.call('PATCH', rule(conf, b.id), { body: { cache_settings_id: theirs.id } }), ['cache_settings_id']);
    expectFieldErrors(await emu.call('PUT', rule(conf, b.id), { body: ruleBody(conf, { cache_settings_id: theirs.id }) }), [
      'cache_settings_id',
    ]);
    await expectRules(conf, [a, b]);
  });
});

describe('waf_rule_set_id and edge_firewall_id', () => {
  it.each(['waf_rule_set_id', 'edge_firewall_id'])('%s is null or a positive integer', async (field) => {
    const conf = await createConfiguration(emu);
    for (const bad of [0, -1, 1.5]) expectFieldErrors(await post(conf, { [field]: bad }), [field]);
    await expectRules(conf, []);
    const a = await createRule(emu, conf, { [field]: 12 });
    expect(a[field]).toBe(12);
    const b = await createRule(emu, conf, { [field]: null });
    expect(b[field]).toBeNull();
    expectFieldErrors(await emu.call('PATCH', rule(conf, a.id), { body: { [field]: -5 } }), [field]);
    await expectRules(conf, [a, b]);
  });

  it.each(['waf_rule_set_id', 'edge_firewall_id'])('%s has no upper bound in docs/api.md: 2^32 is a positive integer', async (field) => {
    const conf = await createConfiguration(emu);
    const r = await post(conf, { [field]: 4_294_967_296 });
    expect(r.status, r.text).toBe(201);
    expect(r.body[field]).toBe(4_294_967_296);
  });
});

describe('a rejected write changes nothing', () => {
  it('leaves the list and the rule exactly as before', async () => {
    const conf = await createConfiguration(emu);
    const cs = await createCacheSetting(emu, conf.id);
    const a = await createRule(emu, conf, { gzip: true, cache_settings_id: cs.id, waf_rule_set_id: 4 });
    const before = await getJson(emu, rules(conf));
    // each write fixes something valid together with something invalid
    await emu.call('POST', rules(conf), { body: ruleBody(conf, { gzip: true, path: 'nope' }) });
    await emu.call('PUT', rule(conf, a.id), { body: ruleBody(conf, { path: '/new', behavior: 'redirect' }) });
    await emu.call('PATCH', rule(conf, a.id), { body: { path: '/newer', waf_rule_set_id: 0 } });
    await emu.call('PATCH', rule(conf, a.id), { body: { gzip: false, protocol_policy: 'ftp' } });
    expect(await getJson(emu, rules(conf))).toEqual(before);
    expect(await getJson(emu, rule(conf, a.id))).toEqual(a);
  });
});
