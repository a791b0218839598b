// Rules engine rules (docs/api.md §4.2): the endpoints, defaults, field order, the PUT quirk, PATCH, DELETE.
// Validation rules are in rules-validation.test.ts.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import {
  CFG,
  RULE_DEFAULTS,
  RULE_FIELDS,
  RULE_REQUIRED,
  allowedMethods,
  createCacheSetting,
  createConfiguration,
  createRule,
  expectDetail,
  expectFieldError,
  expectMethodNotAllowed,
  expectNotFound,
  getJson,
  getObject,
  omit,
  ruleBody,
  type Configuration,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const rules = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/rules_engine`;
const rule = (c: Pick<Configuration, 'id'>, id: number): string => `${CFG}/${c.id}/rules_engine/${id}`;

describe('POST rules_engine', () => {
  it('creates with 201, every field in order, defaults for the optional fields', async () => {
    const conf = await createConfiguration(emu);
    const body = {
      path: '/images',
      regex: false,
      protocol_policy: 'http,https',
      behavior: 'delivery',
      path_origin_id: conf.defaultOriginId,
    };
    const r = await emu.call('POST', rules(conf), { body });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body)).toEqual([...RULE_FIELDS]);
    expect(r.body).toEqual({ id: expect.any(Number), ...body, ...RULE_DEFAULTS });
    expect(Number.isInteger(r.body.id) && r.body.id > 0).toBe(true);
  });

  it('stores every optional field that is sent', async () => {
    const conf = await createConfiguration(emu);
    const cs = await createCacheSetting(emu, conf.id);
    const body = ruleBody(conf, {
      protocol_policy: 'redirect_to_https',
      behavior: 'image_optimization',
      gzip: true,
      redirect_to: '',
      forward_cookies: 'none',
      waf_rule_set_id: 3,
      edge_firewall_id: 4,
      cache_settings_id: cs.id,
    });
    const r = await emu.call('POST', rules(conf), { body });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ id: r.body.id, ...body });
    expect(Object.keys(r.body)).toEqual([...RULE_FIELDS]);
    expect(await getJson(emu, rule(conf, r.body.id))).toEqual(r.body);
  });

  it.each(RULE_REQUIRED)('requires %s', async (field) => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('POST', rules(conf), { body: omit(ruleBody(conf), field) });
    expectFieldError(r, field, 'This field is required.');
    expect(await getJson(emu, rules(conf))).toEqual([]);
  });

  it('reports every missing required field, one key each', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('POST', rules(conf), { body: {} });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(Object.fromEntries(RULE_REQUIRED.map((f) => [f, ['This field is required.']])));
  });

  it('ignores a read-only id in the body and assigns increasing ids', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { id: 987654 });
    expect(a.id).not.toBe(987654);
    const b = await createRule(emu, conf);
    expect(b.id).toBeGreaterThan(a.id);
    expectNotFound(await emu.call('GET', rule(conf, 987654)));
  });

  it('rejects unknown fields with the unknown-fields detail, before field validation', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('POST', rules(conf), { body: ruleBody(conf, { bogus: 1 }) });
    expectDetail(r, 400, "There are some unknown fields: ['bogus']");
    // Nothing else is valid here either, yet the unknown field is what is reported.
    const r2 = await emu.call('POST', rules(conf), { body: { bogus: 1, gzip: 'maybe' } });
    expectDetail(r2, 400, "There are some unknown fields: ['bogus']");
    expect(await getJson(emu, rules(conf))).toEqual([]);
  });

  it('answers 404 for an unknown configuration', async () => {
    const conf = await createConfiguration(emu);
    expectNotFound(await emu.call('POST', `${CFG}/99999999/rules_engine`, { body: ruleBody(conf) }));
    expectNotFound(await emu.call('GET', `${CFG}/99999999/rules_engine`));
  });
});

describe('GET rules_engine', () => {
  it('lists a bare array ordered by id, every item in field order; empty for a new configuration', async () => {
    const conf = await createConfiguration(emu);
    expect(await getJson(emu, rules(conf))).toEqual([]);
    const a = await createRule(emu, conf, { gzip: true });
    const b = await createRule(emu, conf, { regex: true, path: '\\.png$' });
    const c = await createRule(emu, conf);
    const list = await emu.call('GET', rules(conf));
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(list.body).toEqual([a, b, c]);
    for (const item of list.body) expect(Object.keys(item)).toEqual([...RULE_FIELDS]);
  });

  it('lists only the rules of that configuration', async () => {
    const one = await createConfiguration(emu);
    const two = await createConfiguration(emu);
    const a = await createRule(emu, one);
    const b = await createRule(emu, two);
    expect(await getJson(emu, rules(one))).toEqual([a]);
    expect(await getJson(emu, rules(two))).toEqual([b]);
  });

  it('pages with page/page_size and X-Total-Count', async () => {
    const conf = await createConfiguration(emu);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createRule(emu, conf));
    const p2 = await emu.call('GET', `${rules(conf)}?page=2&page_size=2`);
    expect(p2.status).toBe(200);
    expect(p2.body).toEqual([made[2]]);
    expect(p2.headers.get('x-total-count')).toBe('3');
    const p3 = await emu.call('GET', `${rules(conf)}?page=3&page_size=2`);
    expect(p3.body).toEqual([]);
  });

  it('reads one rule, with every field in order; a trailing slash is accepted', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { waf_rule_set_id: 9 });
    const r = await emu.call('GET', rule(conf, a.id));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...RULE_FIELDS]);
    expect(r.body).toEqual(a);
    expect((await emu.call('GET', rule(conf, a.id) + '/')).body).toEqual(a);
    expect((await emu.call('GET', rules(conf) + '/')).body).toEqual([a]);
  });

  it('answers 404 for an unknown or non-numeric rule id', async () => {
    const conf = await createConfiguration(emu);
    expectNotFound(await emu.call('GET', rule(conf, 99999999)));
    expectNotFound(await emu.call('GET', `${rules(conf)}/abc`));
  });

  it('answers 404 for a rule reached through another configuration, and that changes nothing', async () => {
    const owner = await createConfiguration(emu);
    const other = await createConfiguration(emu);
    const a = await createRule(emu, owner);
    expectNotFound(await emu.call('GET', rule(other, a.id)));
    expectNotFound(await emu.call('PUT', rule(other, a.id), { body: ruleBody(other) }));
    expectNotFound(await emu.call('PATCH', rule(other, a.id), { body: { gzip: true } }));
    expectNotFound(await emu.call('DELETE', rule(other, a.id)));
    expect(await getJson(emu, rule(owner, a.id))).toEqual(a);
    expect(await getJson(emu, rules(other))).toEqual([]);
  });
});

describe('PUT rules_engine/:id', () => {
  it('returns only the sent fields plus id, in field order, while GET shows the full record with defaults', async () => {
    const conf = await createConfiguration(emu);
    const cs = await createCacheSetting(emu, conf.id);
    const a = await createRule(emu, conf, {
      gzip: true,
      forward_cookies: 'none',
      waf_rule_set_id: 5,
      edge_firewall_id: 6,
      cache_settings_id: cs.id,
    });
    // sent in a scrambled order
    const sent = {
      gzip: false,
      behavior: 'access_denied',
      path_origin_id: conf.defaultOriginId,
      regex: false,
      protocol_policy: 'http,https',
      path: '/replaced',
    };
    const r = await emu.call('PUT', rule(conf, a.id), { body: sent });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(['id', 'path', 'regex', 'protocol_policy', 'behavior', 'path_origin_id', 'gzip']);
    expect(r.body).toEqual({ id: a.id, ...sent });
    const after = await getObject(emu, rule(conf, a.id));
    expect(Object.keys(after)).toEqual([...RULE_FIELDS]);
    expect(after).toEqual({ id: a.id, ...sent, ...RULE_DEFAULTS, gzip: false });
  });

  it('with only the required fields returns them plus id and resets every optional field', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { gzip: true, forward_cookies: 'none', edge_firewall_id: 2 });
    const sent = omit(ruleBody(conf), 'regex');
    const body = { regex: true, ...sent, path: '^/api/' };
    const r = await emu.call('PUT', rule(conf, a.id), { body });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(['id', ...RULE_REQUIRED]);
    expect(await getJson(emu, rule(conf, a.id))).toEqual({ id: a.id, ...body, ...RULE_DEFAULTS });
  });

  it('with every field returns every field', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    const body = ruleBody(conf, {
      behavior: 'redirect',
      redirect_to: 'https://www.example.com/',
      gzip: true,
      forward_cookies: 'none',
      waf_rule_set_id: 1,
      edge_firewall_id: 2,
      cache_settings_id: null,
    });
    const r = await emu.call('PUT', rule(conf, a.id), { body });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...RULE_FIELDS]);
    expect(r.body).toEqual({ id: a.id, ...body });
    expect(await getJson(emu, rule(conf, a.id))).toEqual(r.body);
  });

  it('keeps the id (an id in the body is ignored)', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    const r = await emu.call('PUT', rule(conf, a.id), { body: { ...ruleBody(conf), id: a.id + 1000 } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.id).toBe(a.id);
    expectNotFound(await emu.call('GET', rule(conf, a.id + 1000)));
    expect((await getObject(emu, rule(conf, a.id))).id).toBe(a.id);
  });

  it.each(RULE_REQUIRED)('requires %s, and a rejected PUT changes nothing', async (field) => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { gzip: true });
    const r = await emu.call('PUT', rule(conf, a.id), { body: omit(ruleBody(conf), field) });
    expectFieldError(r, field, 'This field is required.');
    expect(await getJson(emu, rule(conf, a.id))).toEqual(a);
  });

  it('answers 404 for an unknown rule', async () => {
    const conf = await createConfiguration(emu);
    expectNotFound(await emu.call('PUT', rule(conf, 99999999), { body: ruleBody(conf) }));
  });
});

describe('PATCH rules_engine/:id', () => {
  it('changes the sent fields, keeps the others and returns every field in order', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { gzip: true, waf_rule_set_id: 5, forward_cookies: 'none' });
    const r = await emu.call('PATCH', rule(conf, a.id), { body: { path: '/patched', protocol_policy: 'redirect_to_https' } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...RULE_FIELDS]);
    expect(r.body).toEqual({ ...a, path: '/patched', protocol_policy: 'redirect_to_https' });
    expect(await getJson(emu, rule(conf, a.id))).toEqual(r.body);
  });

  it('sets a nullable field back to null', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf, { waf_rule_set_id: 5, edge_firewall_id: 6 });
    const r = await emu.call('PATCH', rule(conf, a.id), { body: { waf_rule_set_id: null } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ ...a, waf_rule_set_id: null });
  });

  it('answers 400 "Send at least one field." to an empty body', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    expectDetail(await emu.call('PATCH', rule(conf, a.id), { body: {} }), 400, 'Send at least one field.');
    expect(await getJson(emu, rule(conf, a.id))).toEqual(a);
  });

  it('rejects unknown fields with the unknown-fields detail, changing nothing', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    const r = await emu.call('PATCH', rule(conf, a.id), { body: { gzip: true, colour: 'red' } });
    expectDetail(r, 400, "There are some unknown fields: ['colour']");
    expect(await getJson(emu, rule(conf, a.id))).toEqual(a);
  });

  it('answers 404 for an unknown rule', async () => {
    const conf = await createConfiguration(emu);
    expectNotFound(await emu.call('PATCH', rule(conf, 99999999), { body: { gzip: true } }));
  });
});

describe('DELETE rules_engine/:id', () => {
  it('removes the rule with 204 and an empty body; the id is never reused', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    const b = await createRule(emu, conf);
    const r = await emu.call('DELETE', rule(conf, b.id));
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expectNotFound(await emu.call('GET', rule(conf, b.id)));
    expect(await getJson(emu, rules(conf))).toEqual([a]);
    expectNotFound(await emu.call('DELETE', rule(conf, b.id)));
    const c = await createRule(emu, conf);
    expect(c.id).toBeGreaterThan(b.id);
  });
});

describe('methods not offered', () => {
  it('answers 405 with an Allow header on the list and on a rule', async () => {
    const conf = await createConfiguration(emu);
    const a = await createRule(emu, conf);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const r = await emu.call(method, rules(conf), { body: ruleBody(conf) });
      expectMethodNotAllowed(r, method);
      expect(allowedMethods(r)).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(allowedMethods(r)).not.toContain(method);
    }
    const post = await emu.call('POST', rule(conf, a.id), { body: ruleBody(conf) });
    expectMethodNotAllowed(post, 'POST');
    expect(allowedMethods(post)).toEqual(expect.arrayContaining(['GET', 'PUT', 'PATCH', 'DELETE']));
    expect(allowedMethods(post)).not.toContain('POST');
    expect(await getJson(emu, rules(conf))).toEqual([a]);
  });
});
