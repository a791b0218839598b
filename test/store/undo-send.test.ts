// One undo for one send (docs/ux.md §9): the requests of one applyMany are one send in the history; its
// reversal is one review — edits back, records made deleted, records deleted made again, those
// taking each other's new ids — and goes in the send's order, the emulator ending as it began.
import { describe, expect, it } from 'vitest';
import { listKey, recordKey, sendOf } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, createDraft, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

const rulesOf = async (conf: number) => (await emu.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<Record<string, unknown>>;
const cachesOf = async (conf: number) => (await emu.call('GET', `${CFG}/${conf}/cache_settings`)).body as Array<Record<string, unknown>>;

describe('one undo for one send', () => {
  it('a bulk edit of 3 rules is one send; one undo reviews the 3 PATCHes back and the emulator ends as it began', async () => {
    const conf = demoId(1);
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    const keys = store.getState().lists[listKey('rule', conf)]!.keys.slice(0, 3);
    const before = await rulesOf(conf);
    store.getState().editFields(keys, 'gzip', false);
    store.getState().editFields(keys, 'waf_rule_set_id', 77);
    expect((await store.getState().applyMany(keys)).every((r) => r.outcome === 'applied')).toBe(true);
    const sends = new Set(store.getState().history.map(sendOf));
    expect(sends.size).toBe(1);

    const undo = store.getState().startUndo(store.getState().history);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.keys).toEqual(keys);
    expect(keys.map((k) => store.getState().review(k)?.request?.method)).toEqual(['PATCH', 'PATCH', 'PATCH']);
    expect((await store.getState().applyMany(undo.keys)).every((r) => r.outcome === 'applied')).toBe(true);
    expect(await rulesOf(conf)).toEqual(before);
    // The undo is a send of its own.
    expect(new Set(store.getState().history.map(sendOf)).size).toBe(2);
  });

  it('a send that deleted a rule and the cache setting it used: undone, both are made again and the rule points at the new cache setting', async () => {
    const conf = demoId(2);
    const store = storeFor(emu);
    const cs = (
      await emu.call('POST', `${CFG}/${conf}/cache_settings`, {
        body: {
          name: 'undo-linked',
          browser_cache_settings: false,
          cdn_cache_settings: 'honor',
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        },
      })
    ).body;
    const origin = (await emu.call('GET', `${CFG}/${conf}/origins`)).body[0].id;
    const rule = (
      await emu.call('POST', `${CFG}/${conf}/rules_engine`, {
        body: {
          path: '/undo-linked',
          regex: false,
          protocol_policy: 'http',
          behavior: 'delivery',
          path_origin_id: origin,
          cache_settings_id: cs.id,
        },
      })
    ).body;
    await store.getState().loadWhole(conf);
    const ruleKey = recordKey('rule', conf, rule.id);
    const csKey = recordKey('cache_setting', conf, cs.id);
    store.getState().markDelete(csKey);
    store.getState().markDelete(ruleKey);
    // Given in that order, the send deletes the rule first, then the cache setting: both go.
    expect((await store.getState().applyMany([csKey, ruleKey])).map((r) => r.outcome)).toEqual(['applied', 'applied']);

    const undo = store.getState().startUndo(store.getState().history);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.keys).toHaveLength(2);
    const remadeRule = undo.keys.find((k) => k.startsWith('rule:'))!;
    expect(store.getState().review(remadeRule)?.request?.body?.cache_settings_id).toMatch(/^\{the id of new cache setting undo-linked\}$/);
    expect((await store.getState().applyMany(undo.keys)).map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const madeCs = (await cachesOf(conf)).find((c) => c.name === 'undo-linked')!;
    const madeRule = (await rulesOf(conf)).find((r) => r.path === '/undo-linked')!;
    expect(madeRule.cache_settings_id).toBe(madeCs.id);
    expect(madeCs.id).not.toBe(cs.id);
  });

  it('a send that failed partway: its refused request is in the history, marked refused; undoing the send reverses only what it applied', async () => {
    const conf = demoId(3);
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    const origin = store.getState().lists[listKey('origin', conf)]!.keys[0]!;
    const fine = createDraft(store, 'rule', conf, {
      path: '/partway-ok',
      regex: false,
      protocol_policy: 'http',
      behavior: 'delivery',
      path_origin_id: Number(origin.split(':')[2]),
    });
    const refusedLater = createDraft(store, 'rule', conf, {
      path: '/partway-taken',
      regex: false,
      protocol_policy: 'http',
      behavior: 'delivery',
      path_origin_id: Number(origin.split(':')[2]),
    });
    // Someone else takes the path after the review's read: a refusal that could not be known.
    await emu.call('POST', `${CFG}/${conf}/rules_engine`, {
      body: {
        path: '/partway-taken',
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: Number(origin.split(':')[2]),
      },
    });
    const results = await store.getState().applyMany([fine, refusedLater]);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'failed']);
    const entries = store.getState().history;
    expect(entries.map((e) => [e.method, e.result, e.status])).toEqual([
      ['POST', 'applied', undefined],
      ['POST', 'failed', 400],
    ]);
    const undo = store.getState().startUndo(entries);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.keys).toHaveLength(1);
    expect(undo.notes).toEqual(['1 of its 2 requests changed nothing (refused, failed, or a purge): not undone']);
    expect((await store.getState().applyMany(undo.keys)).map((r) => r.outcome)).toEqual(['applied']);
    expect((await rulesOf(conf)).some((r) => r.path === '/partway-ok')).toBe(false);
  });

  it('a deleted configuration, inactive with raw logs, undone: a POST then a PATCH, both in the review; it comes back as it was but its ids and domain name', async () => {
    const conf = demoId(9);
    await emu.call('PATCH', `${CFG}/${conf}`, { body: { active: false, rawlogs: true } });
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    await store.getState().ensureLoaded('configurations');
    const key = recordKey('configuration', undefined, conf);
    const was = store.getState().records[key]!;
    store.getState().markDelete(key);
    expect((await store.getState().applyMany([key])).map((r) => r.outcome)).toEqual(['applied']);

    const undo = store.getState().startUndo(store.getState().history);
    if ('problem' in undo) throw new Error(undo.problem);
    const remade = undo.keys.find((k) => k.startsWith('configuration:'))!;
    const review = store.getState().review(remade)!;
    expect(review.request?.method).toBe('POST');
    expect(review.then).toMatchObject({ method: 'PATCH', body: { active: false, rawlogs: true } });
    expect(review.then!.path).toMatch(/\/configurations\/\{its new id\}$/);
    expect((undo.notes ?? []).join('\n')).toContain(`a new domain name: ${String(was.domain_name)} is not given back`);
    const results = await store.getState().applyMany(undo.keys);
    expect(results.every((r) => r.outcome === 'applied')).toBe(true);
    const back = ((await emu.call('GET', CFG)).body as Array<Record<string, unknown>>).find((c) => c.name === was.name)!;
    expect(back).toMatchObject({ active: false, rawlogs: true, cname: was.cname });
    // The send's history: the POST, then its PATCH; undoing it deletes the configuration once.
    const last = store.getState().history.filter((e) => e.send === store.getState().history.at(-1)!.send);
    expect(last.filter((e) => e.key === `configuration:${String(back.id)}`).map((e) => e.method)).toEqual(['POST', 'PATCH']);
    const again = store.getState().startUndo(last);
    if ('problem' in again) throw new Error(again.problem);
    expect(again.keys.filter((k) => k.startsWith('configuration:')).map((k) => store.getState().review(k)?.request?.method)).toEqual([
      'DELETE',
    ]);
  });
});
