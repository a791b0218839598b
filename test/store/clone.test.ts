// Drafts that refer to records other drafts make first (docs/ux.md §6): a clone of a configuration with
// its cache settings, rules and error responses; undoing the delete of a configuration; a copied
// rule that brings its cache setting along. Sent in order, ids substituted; a failure midway stops
// and keeps the rest as drafts; the drafts survive a restart.
import { describe, expect, it } from 'vitest';
import { createMemoryJournal, listKey, recordKey, type AppStore, type RecordKey } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { confNamed as named, contentsOf as contents } from '../helpers/contents.js';
import { CFG, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

const contentsOf = (conf: number) => contents(emu, conf);
const confNamed = (name: string) => named(emu, name);

async function cloneOf(store: AppStore, conf: number, name: string): Promise<readonly RecordKey[]> {
  expect(
    await store
      .getState()
      .loadConfigurations()
      .then(() => store.getState().loadWhole(conf)),
  ).toBe(true);
  const made = store.getState().cloneConfiguration(conf, name);
  if ('problem' in made) throw new Error(made.problem);
  return made.keys;
}

describe('clone a configuration', () => {
  it('drafts every request in order, names where ids go, and makes an equal configuration', async () => {
    // A rule on the shop's second origin (its load balancer): the clone makes that origin too.
    const [rule0] = (await emu.call('GET', `${CFG}/${demoId(1)}/rules_engine`)).body as Array<{ id: number }>;
    const origins = (await emu.call('GET', `${CFG}/${demoId(1)}/origins`)).body as Array<{ id: number; name: string }>;
    expect(origins.length).toBeGreaterThan(1);
    expect(
      (await emu.call('PATCH', `${CFG}/${demoId(1)}/rules_engine/${rule0!.id}`, { body: { path_origin_id: origins[1]!.id } })).status,
    ).toBe(200);
    const store = storeFor(emu);
    const keys = await cloneOf(store, demoId(1), 'shop clone');
    const kinds = keys.map((k) => k.split(':')[0]);
    expect(kinds[0]).toBe('configuration');
    expect(kinds.lastIndexOf('cache_setting')).toBeLessThan(kinds.indexOf('rule'));
    expect(kinds.lastIndexOf('origin')).toBeLessThan(kinds.indexOf('rule'));
    expect(kinds.at(-1)).toBe('error_responses');
    const rule = keys.filter((k) => k.startsWith('rule:'))[1]!;
    const review = store.getState().review(rule)!;
    expect(review.request?.path).toBe(`${CFG}/{the id of new configuration shop clone}/rules_engine`);
    expect(review.request?.body?.path_origin_id).toBe('{the id of its configuration’s first origin}');
    expect(String(review.request?.body?.cache_settings_id)).toMatch(/^\{the id of new cache setting /);

    const results = await store.getState().applyMany(keys);
    expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
    expect(Object.keys(store.getState().drafts)).toEqual([]);
    const clone = await confNamed('shop clone');
    expect(clone).toBeDefined();
    const [source, copy] = await Promise.all([contentsOf(demoId(1)), contentsOf(clone!)]);
    expect(copy).toEqual(source);
    expect(source.rules.length).toBeGreaterThan(3);
    // The new configuration is listed in the store, where the browser shows it.
    expect(store.getState().lists.configurations?.keys).toContain(recordKey('configuration', undefined, clone));
  });

  it('refuses a name that is taken, before drafting anything', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    await store.getState().loadWhole(demoId(2));
    const taken = store.getState().records[recordKey('configuration', undefined, demoId(3))]!.name as string;
    expect(store.getState().cloneConfiguration(demoId(2), taken)).toEqual({ problem: expect.stringContaining('exists already') });
    expect(store.getState().cloneConfiguration(demoId(2), '  ')).toEqual({ problem: 'the clone needs a name' });
    expect(store.getState().drafts).toEqual({});
  });

  it('a failure midway stops: what was made stays made, the rest stays drafts under the new id, and goes once fixed', async () => {
    const store = storeFor(emu);
    const keys = await cloneOf(store, demoId(2), 'staging clone');
    const rules = keys.filter((k) => k.startsWith('rule:'));
    // Two rules with the same path and regex: the API refuses the second (the client cannot know yet).
    store.getState().setDraftValues(rules[1]!, { path: String(store.getState().drafts[rules[0]!]!.values.path) });
    const results = await store.getState().applyMany(keys);
    const outcome = (k: RecordKey) => results[keys.indexOf(k)]!.outcome;
    expect(outcome(keys[0]!)).toBe('applied');
    expect(outcome(rules[0]!)).toBe('applied');
    expect(outcome(rules[1]!)).toBe('failed');
    expect(keys.slice(keys.indexOf(rules[1]!) + 1).map(outcome)).toEqual(keys.slice(keys.indexOf(rules[1]!) + 1).map(() => 'held'));

    const clone = (await confNamed('staging clone'))!;
    const left = Object.keys(store.getState().drafts);
    expect(left.length).toBe(keys.length - keys.indexOf(rules[1]!));
    expect(left.every((k) => k.includes(`:${clone}`))).toBe(true); // moved to the new configuration's id
    expect(store.getState().moved[rules[1]!]).toBe(left[0]);
    const moved = store.getState().moved[rules[1]!]!;
    const original = (await contentsOf(demoId(2))).rules[1]!.path;
    store.getState().setDraftValues(moved, { path: original });
    const rest = await store.getState().applyMany(left);
    expect(rest.map((r) => r.outcome)).toEqual(left.map(() => 'applied'));
    expect(await contentsOf(clone)).toEqual(await contentsOf(demoId(2)));
  });

  it('the drafts and their references survive a restart', async () => {
    const journal = createMemoryJournal();
    const first = storeFor(emu, journal);
    const keys = await cloneOf(first, demoId(3), 'api clone');
    first.getState().flushJournal();
    const second = storeFor(emu, journal);
    expect(Object.keys(second.getState().drafts)).toEqual([...keys]);
    await second.getState().loadConfigurations();
    const results = await second.getState().applyMany(Object.keys(second.getState().drafts));
    expect(results.every((r) => r.outcome === 'applied')).toBe(true);
    expect(await contentsOf((await confNamed('api clone'))!)).toEqual(await contentsOf(demoId(3)));
  });

  it('the configuration made, its answer lost before a restart: the list read finds it, and the rest go there', async () => {
    const journal = createMemoryJournal();
    const first = storeFor(emu, journal);
    const keys = await cloneOf(first, demoId(2), 'lost answer clone');
    const confDraft = first.getState().drafts[keys[0]!]!;
    const highest = Math.max(...(first.getState().lists.configurations?.keys ?? []).map((k) => Number(k.split(':')[1])));
    // As create() leaves it just before the POST goes, then the POST made it and the app stopped.
    first.setState((s) => ({ drafts: { ...s.drafts, [keys[0]!]: { ...confDraft, maybeSent: true, madeAfterId: highest } } }));
    first.getState().flushJournal();
    const made = await emu.call('POST', CFG, { body: first.getState().review(keys[0]!)!.request!.body });
    expect(made.status).toBe(201);

    const second = storeFor(emu, journal);
    await second.getState().loadConfigurations();
    const left = Object.keys(second.getState().drafts);
    expect(left).toHaveLength(keys.length - 1);
    expect(left.every((k) => k.includes(`:${String(made.body.id)}`))).toBe(true);
    expect((await second.getState().applyMany(left)).every((r) => r.outcome === 'applied')).toBe(true);
    expect(await contentsOf(Number(made.body.id))).toEqual(await contentsOf(demoId(2)));
  });

  it('dropping the configuration draft drops the drafts that needed it', async () => {
    const store = storeFor(emu);
    const keys = await cloneOf(store, demoId(4), 'partner clone');
    store.getState().discardDrafts([keys[0]!]);
    expect(store.getState().drafts).toEqual({});
  });
});

describe('undo the delete of a configuration', () => {
  it('makes it again with its cache settings, origins, rules and error responses', async () => {
    const store = storeFor(emu);
    const keys = await cloneOf(store, demoId(1), 'doomed');
    await store.getState().applyMany(keys);
    const doomed = (await confNamed('doomed'))!;
    const before = await contentsOf(doomed);
    await store.getState().loadConfigurations();
    expect((await store.getState().deleteRecords([recordKey('configuration', undefined, doomed)])).failed).toEqual([]);
    expect(await confNamed('doomed')).toBeUndefined();

    const entry = store.getState().history.at(-1)!;
    expect(entry.method).toBe('DELETE');
    expect(entry.contents?.rules.length).toBe(before.rules.length);
    const undo = store.getState().startUndo([entry]);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.keys.length).toBe(1 + before.caches.length + (before.origins.length - 1) + before.rules.length + 1);
    const results = await store.getState().applyMany(undo.keys);
    expect(results.every((r) => r.outcome === 'applied')).toBe(true);
    const again = (await confNamed('doomed'))!;
    expect(again).not.toBe(doomed);
    expect(await contentsOf(again)).toEqual(before);
    // The cnames came back too: a deleted configuration's cnames are free again.
    expect((await emu.call('GET', `${CFG}/${again}`)).body.cname).toEqual([]);
  });

  it('under another name when its name was taken since, said in the notes', async () => {
    const store = storeFor(emu);
    const keys = await cloneOf(store, demoId(3), 'taken later');
    await store.getState().applyMany(keys);
    const gone = (await confNamed('taken later'))!;
    await store.getState().loadConfigurations();
    await store.getState().deleteRecords([recordKey('configuration', undefined, gone)]);
    expect(
      (
        await emu.call('POST', CFG, {
          body: { name: 'taken later', origin_address: 'o.example.test', origin_host_header: 'h.example.test' },
        })
      ).status,
    ).toBe(201);
    await store.getState().loadConfigurations();
    const undo = store.getState().startUndo([store.getState().history.at(-1)!]);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.notes?.[0]).toBe('named "taken later (restored)": another configuration is named "taken later" now');
    expect((await store.getState().applyMany(undo.keys)).every((r) => r.outcome === 'applied')).toBe(true);
    expect(await contentsOf((await confNamed('taken later (restored)'))!)).toEqual(await contentsOf(demoId(3)));
  });
});

describe('copy a rule whose cache setting the target lacks', () => {
  it('copies the cache setting too and points the rule at the copy', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    await store.getState().loadWhole(demoId(1));
    await store.getState().loadWhole(demoId(4));
    const rules = store.getState().lists[listKey('rule', demoId(1))]!.keys;
    const rule = rules.find((k) => store.getState().records[k]?.path === '/static/')!;
    const made = store.getState().copyRecords([rule], demoId(4));
    if ('problem' in made) throw new Error(made.problem);
    expect(made.keys).toHaveLength(2);
    expect(made.notes).toEqual(expect.arrayContaining([expect.stringContaining('static assets 30d copied too')]));
    expect((await store.getState().applyMany(made.keys)).every((r) => r.outcome === 'applied')).toBe(true);
    const there = await contentsOf(demoId(4));
    expect(there.rules.find((r) => r.path === '/static/')?.cache_settings_id).toBe('static assets 30d');
  });
});
