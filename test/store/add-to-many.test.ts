// Add to many (docs/ux.md §10): rules copied into several configurations at once, and a new rule
// made in each — references resolved by name in each target (a cache setting mapped or copied
// along, the origin of the same name or the first); a path a target has already is a problem until
// it is made, on request, an update of that target's rule; one send, one undo.
import { describe, expect, it } from 'vitest';
import { listKey, newSendId, parseKey, preflight, type AppStore, type RecordKey } from '../../src/store/index.js';
import type { Rec } from '../../src/schema/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { CFG, createDraft, storeFor } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo']);

async function listOf(conf: number, what: 'rules_engine' | 'cache_settings' | 'origins'): Promise<Rec[]> {
  return (await emu.call('GET', `${CFG}/${conf}/${what}`)).body as Rec[];
}

/** A store with the configurations and everything of `confs` read. */
async function storeWith(confs: readonly number[]): Promise<AppStore> {
  const store = storeFor(emu);
  await store.getState().loadConfigurations();
  for (const conf of confs) expect(await store.getState().loadWhole(conf)).toBe(true);
  return store;
}

/** The key of the rule of `conf` with `path`, as read in `store`. */
function ruleKey(store: AppStore, conf: number, path: string): RecordKey {
  const key = store.getState().lists[listKey('rule', conf)]!.keys.find((k) => store.getState().records[k]?.path === path);
  if (!key) throw new Error(`no rule ${path} in ${conf}`);
  return key;
}

const drafted = <T>(made: T | { readonly problem: string }): T => {
  if (typeof made === 'object' && made !== null && 'problem' in made) throw new Error(made.problem);
  return made as T;
};

/** The keys as the review lists them: a new rule made an update goes under its rule's key. */
const now = (store: AppStore, keys: readonly RecordKey[]) => keys.map((k) => store.getState().moved[k] ?? k);

describe('copy into several configurations', () => {
  it('drafts each rule in each target, the cache setting mapped by name or copied along, on its first origin; y makes each once', async () => {
    const [from, targets] = [demoId(1), [demoId(3), demoId(4), demoId(5)]];
    const store = await storeWith([from, ...targets]);
    const keys = [ruleKey(store, from, '/static/'), ruleKey(store, from, '/old-catalog/')];
    const made = drafted(store.getState().copyIntoMany(keys, targets));
    const drafts = made.keys.map((k) => store.getState().drafts[k]!);
    // 3 and 4 have no "static assets 30d": a copy of it goes first there; 5 has one.
    expect(drafts.map((d) => [d.target.conf, d.target.kind])).toEqual([
      [demoId(3), 'cache_setting'],
      [demoId(3), 'rule'],
      [demoId(3), 'rule'],
      [demoId(4), 'cache_setting'],
      [demoId(4), 'rule'],
      [demoId(4), 'rule'],
      [demoId(5), 'rule'],
      [demoId(5), 'rule'],
    ]);
    expect(made.notes).toContain(
      'configuration acme brand site (1528252705): cache setting static assets 30d mapped to the one there (1702415514)',
    );
    expect(made.notes).toContain(
      'configuration acme partner api (1528252704): cache setting static assets 30d copied too (there is none of that name there)',
    );
    expect(preflight(store.getState(), made.keys).refused).toBe(0);

    const results = await store.getState().applyMany(made.keys, undefined, newSendId(Date.now()));
    expect(results.map((r) => r.outcome)).toEqual(made.keys.map(() => 'applied'));
    for (const conf of targets) {
      const [rules, origins, caches] = await Promise.all([
        listOf(conf, 'rules_engine'),
        listOf(conf, 'origins'),
        listOf(conf, 'cache_settings'),
      ]);
      const copied = rules.filter((r) => r.path === '/static/' || r.path === '/old-catalog/');
      expect(copied.map((r) => r.path).sort()).toEqual(['/old-catalog/', '/static/']);
      expect(new Set(copied.map((r) => r.path_origin_id))).toEqual(new Set([origins[0]!.id]));
      const statics = caches.filter((c) => c.name === 'static assets 30d');
      expect(statics.length).toBe(1);
      expect(copied.find((r) => r.path === '/static/')!.cache_settings_id).toBe(statics[0]!.id);
    }
  });

  it('a problem in one target drafts nothing in any', async () => {
    const store = await storeWith([demoId(1), demoId(2), demoId(3)]);
    // A cache setting whose name configuration 2 has already cannot be copied there.
    const cache = store.getState().lists[listKey('cache_setting', demoId(3))]!.keys[0]!;
    const taken = store.getState().records[cache]!.name;
    await emu.call('POST', `${CFG}/${demoId(2)}/cache_settings`, { body: { ...store.getState().records[cache], id: undefined } });
    await store.getState().reload(listKey('cache_setting', demoId(2)));
    const made = store.getState().copyIntoMany([cache], [demoId(1), demoId(2)]);
    expect(made).toEqual({
      problem: `configuration acme-outdoor shop (staging) (${demoId(2)}): configuration ${demoId(2)} already has a cache setting named ${JSON.stringify(taken)}`,
    });
    expect(store.getState().drafts).toEqual({});
  });
});

describe('a path a target has already', () => {
  it('is refused in the review, naming the rule there, until o makes it an update of that rule: the diff against it, sent as a PATCH, one undo', async () => {
    const [from, targets] = [demoId(1), [demoId(2), demoId(5)]];
    const store = await storeWith([from, ...targets]);
    const source = store.getState().records[ruleKey(store, from, '/')]!;
    const theirs = targets.map((conf) => ruleKey(store, conf, '/'));
    const before = await Promise.all(targets.map((conf) => listOf(conf, 'rules_engine')));
    const made = drafted(store.getState().copyIntoMany([ruleKey(store, from, '/')], targets));
    const rules = made.keys.filter((k) => parseKey(k).kind === 'rule');
    const checked = preflight(store.getState(), made.keys);
    expect(checked.refused).toBe(2);
    expect(rules.map((k) => checked.findings[k]?.find((f) => f.code === 'pathTaken')?.holder)).toEqual(theirs);

    // One of them made an update of the rule there: the review's key follows it, the diff is against theirs.
    const one = drafted(store.getState().updateInstead(rules[1]!));
    expect(one).toEqual({ key: theirs[1], unchanged: false });
    expect(store.getState().moved[rules[1]!]).toBe(theirs[1]);
    const update = store.getState().review(theirs[1]!)!;
    expect(update.target).toMatchObject({ op: 'update', id: parseKey(theirs[1]!).id });
    expect(update.request?.method).toBe('PATCH');
    expect(update.changes.length).toBeGreaterThan(0);
    expect(update.changes.every((c) => c.before === store.getState().records[theirs[1]!]![c.field])).toBe(true);
    expect(preflight(store.getState(), now(store, made.keys)).refused).toBe(1);
    // The other's rule has an edit pending already: that one is said, nothing changes.
    store.getState().editField(theirs[0]!, 'gzip', !store.getState().records[theirs[0]!]!.gzip);
    expect(store.getState().updateInstead(rules[0]!)).toEqual({ problem: expect.stringContaining('has a change pending already') });
    store.getState().discardDrafts([theirs[0]!]);
    drafted(store.getState().updateInstead(rules[0]!));
    expect(preflight(store.getState(), now(store, made.keys)).refused).toBe(0);

    const send = newSendId(Date.now());
    const results = await store.getState().applyMany(now(store, made.keys), undefined, send);
    expect(results.map((r) => r.outcome)).toEqual(made.keys.map(() => 'applied'));
    for (const [i, conf] of targets.entries()) {
      const after = await listOf(conf, 'rules_engine');
      expect(after.length).toBe(before[i]!.length);
      const rule = after.find((r) => r.path === '/')!;
      expect(rule.id).toBe(parseKey(theirs[i]!).id);
      expect([rule.behavior, rule.forward_cookies, rule.waf_rule_set_id]).toEqual([
        source.behavior,
        source.forward_cookies,
        source.waf_rule_set_id,
      ]);
    }
    // Configuration 2 had no "html 5m": its rule is on the copy made in the same send.
    const html = (await listOf(demoId(2), 'cache_settings')).find((c) => c.name === 'html 5m')!;
    expect((await listOf(demoId(2), 'rules_engine')).find((r) => r.path === '/')!.cache_settings_id).toBe(html.id);

    // One undo puts both rules back and deletes the copied cache setting.
    const undo = drafted(store.getState().startUndo(store.getState().history.filter((e) => e.send === send)));
    const back = await store.getState().applyMany(undo.keys);
    expect(back.every((r) => r.outcome === 'applied')).toBe(true);
    for (const [i, conf] of targets.entries()) {
      const rule = (await listOf(conf, 'rules_engine')).find((r) => r.path === '/');
      expect(rule).toEqual(before[i]!.find((r) => r.path === '/'));
    }
    expect((await listOf(demoId(2), 'cache_settings')).some((c) => c.name === 'html 5m')).toBe(false);
  });
});

describe('a new rule in several configurations', () => {
  it('copies the draft into each: the origin of the same name there (else the first), the cache setting mapped or copied along', async () => {
    const [here, others] = [demoId(1), [demoId(2), demoId(5)]];
    // Configuration 5 gets an origin named as the shop's second one.
    const second = (await listOf(here, 'origins'))[1]!;
    const namesake = (
      await emu.call('POST', `${CFG}/${demoId(5)}/origins`, {
        body: { name: second.name, host_header: 'api.example', addresses: [{ address: 'api.example' }] },
      })
    ).body as Rec;
    expect(namesake.id).toBeDefined();
    const store = await storeWith([here, ...others]);
    const statics = store
      .getState()
      .lists[listKey('cache_setting', here)]!.keys.find((k) => store.getState().records[k]?.name === 'static assets 30d')!;
    const key = createDraft(store, 'rule', here, {
      path: '/new-for-many/',
      regex: false,
      protocol_policy: 'http,https',
      behavior: 'delivery',
      path_origin_id: second.id,
      cache_settings_id: parseKey(statics).id,
    });
    const made = drafted(store.getState().addToMany(key, others));
    const [copy2, copiedRule2, rule5] = made.keys.map((k) => store.getState().drafts[k]!);
    expect(copy2!.target).toMatchObject({ kind: 'cache_setting', conf: demoId(2) });
    expect(copiedRule2!.values.path_origin_id).toBe((await listOf(demoId(2), 'origins'))[0]!.id);
    expect(copiedRule2!.refs).toEqual({ cache_settings_id: made.keys[0] });
    expect(rule5!.values).toMatchObject({ path: '/new-for-many/', path_origin_id: namesake.id, cache_settings_id: 1702415514 });
    // Made again from the form: the earlier copies go, nothing is left of them.
    store.getState().dropCopies(made.keys);
    expect(Object.keys(store.getState().drafts)).toEqual([key]);
    expect(Object.keys(store.getState().blanks)).toEqual([]);
    const again = drafted(store.getState().addToMany(key, others));
    const all = [key, ...again.keys];
    expect(preflight(store.getState(), all).refused).toBe(0);
    const results = await store.getState().applyMany(all, undefined, newSendId(Date.now()));
    expect(results.map((r) => r.outcome)).toEqual(all.map(() => 'applied'));
    for (const conf of [here, ...others])
      expect((await listOf(conf, 'rules_engine')).filter((r) => r.path === '/new-for-many/').length).toBe(1);
  });
});
