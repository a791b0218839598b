// Every batch lands whole (docs/preflight.md, "The order of a send"): requests that depend on each
// other — a swap of two paths, a chain of moves, a name another record gives up, a CNAME moved
// between configurations — are sent in an order the API takes, a swap through a parking request,
// with no answer ≥ 400; and one undo puts it all back.
import { describe, expect, it } from 'vitest';
import { listKey, parseKey, preflight, previewDeletes, recordKey, sendPlan, type AppStore, type RecordKey } from '../../src/store/index.js';
import { emulatorFixture, refusedSince } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { CFG, createDraft, storeFor } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });

const get = async (path: string) => (await emu.call('GET', path)).body as Array<Record<string, unknown>>;
/** A cache setting's required fields. */
const CACHE = { browser_cache_settings: false, cdn_cache_settings: 'honor', cache_by_query_string: 'ignore', cache_by_cookies: 'ignore' };
const refusals = (from: number) => refusedSince(emu, from);
const writes = (from: number) =>
  emu
    .log()
    .slice(from)
    .filter((l) => l.method !== 'GET');

async function loaded(conf: number): Promise<AppStore> {
  const store = storeFor(emu);
  await store.getState().loadWhole(conf);
  await store.getState().ensureLoaded('configurations');
  return store;
}

/** Sends `keys` after a review with nothing refused; every result applied. */
async function sendWhole(store: AppStore, keys: readonly RecordKey[]): Promise<void> {
  const checked = preflight(store.getState(), keys);
  expect(checked.findings).not.toHaveProperty([keys[0]!, 0, 'severity'], 'refused');
  expect(
    Object.values(checked.findings)
      .flat()
      .filter((f) => f.severity === 'refused'),
  ).toEqual([]);
  const results = await store.getState().applyMany(keys);
  expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
}

async function undoLast(store: AppStore): Promise<void> {
  const { history } = store.getState();
  const send = history[history.length - 1]!.send;
  const undo = store.getState().startUndo(history.filter((e) => e.send === send));
  if ('problem' in undo) throw new Error(undo.problem);
  await sendWhole(store, undo.keys);
}

describe('the send planner over the emulator', () => {
  it('two rules swapping paths: a parking request, then both; no refusal; one undo swaps them back', async () => {
    const conf = demoId(1);
    const store = await loaded(conf);
    const before = await get(`${CFG}/${conf}/rules_engine`);
    const [a, b] = store.getState().lists[listKey('rule', conf)]!.keys.filter((k) => store.getState().records[k]!.regex === false);
    const pathA = store.getState().records[a!]!.path;
    const pathB = store.getState().records[b!]!.path;
    store.getState().editFields([a!], 'path', pathB);
    // The form says the path is taken while nothing frees it …
    expect(store.getState().fieldErrors[a!]?.path?.join(' ')).toMatch(/already has this path/);
    store.getState().editFields([b!], 'path', pathA);
    // … and not once a draft moves the other rule off it: the planner orders the two.
    expect(store.getState().fieldErrors[a!]).toBeUndefined();
    expect(store.getState().fieldErrors[b!]).toBeUndefined();
    const plan = sendPlan(store.getState(), [a!, b!]);
    expect(plan.steps.map((s) => [s.key, s.park ? 'park' : 'own'])).toEqual([
      [a, 'park'],
      [b, 'own'],
      [a, 'own'],
    ]);
    const from = emu.log().length;
    await sendWhole(store, [a!, b!]);
    expect(refusals(from)).toEqual([]);
    expect(writes(from)).toHaveLength(3);
    const after = await get(`${CFG}/${conf}/rules_engine`);
    const byId = (rs: typeof after, key: RecordKey) => rs.find((r) => r.id === parseKey(key).id)!;
    expect(byId(after, a!).path).toBe(pathB);
    expect(byId(after, b!).path).toBe(pathA);

    await undoLast(store);
    expect(refusals(from)).toEqual([]);
    expect(await get(`${CFG}/${conf}/rules_engine`)).toEqual(before);
  });

  it('a chain: /static/ → /api/ and /api/ → /api2/ in one send go in the order that works', async () => {
    const conf = demoId(2);
    const store = await loaded(conf);
    const [x, y] = store.getState().lists[listKey('rule', conf)]!.keys.filter((k) => store.getState().records[k]!.regex === false);
    const pathY = store.getState().records[y!]!.path;
    store.getState().editFields([x!], 'path', pathY);
    store.getState().editFields([y!], 'path', '/moved-on/');
    const from = emu.log().length;
    await sendWhole(store, [x!, y!]);
    expect(refusals(from)).toEqual([]);
    expect(writes(from).map((l) => l.path)).toEqual([
      `${CFG}/${conf}/rules_engine/${parseKey(y!).id}`,
      `${CFG}/${conf}/rules_engine/${parseKey(x!).id}`,
    ]);
  });

  it('a cache setting takes the name of one the send deletes, and another the name one gives up', async () => {
    const conf = demoId(3);
    const store = await loaded(conf);
    const old = (await emu.call('POST', `${CFG}/${conf}/cache_settings`, { body: { ...CACHE, name: 'plan-old' } })).body;
    const next = (await emu.call('POST', `${CFG}/${conf}/cache_settings`, { body: { ...CACHE, name: 'plan-next' } })).body;
    await store.getState().reload(listKey('cache_setting', conf));
    const oldKey = recordKey('cache_setting', conf, old.id);
    const nextKey = recordKey('cache_setting', conf, next.id);
    store.getState().markDelete(oldKey);
    store.getState().editFields([nextKey], 'name', 'plan-old');
    const made = createDraft(store, 'cache_setting', conf, { ...CACHE, name: 'plan-next' });
    const from = emu.log().length;
    await sendWhole(store, [made, nextKey, oldKey]);
    expect(refusals(from)).toEqual([]);
    expect(writes(from).map((l) => l.method)).toEqual(['DELETE', 'PATCH', 'POST']);
    const names = (await get(`${CFG}/${conf}/cache_settings`)).map((c) => c.name);
    expect(names.filter((n) => String(n).startsWith('plan-')).sort()).toEqual(['plan-next', 'plan-old']);
  });

  it('a CNAME moved from one configuration to another: given up first, said in the plan as a passing state', async () => {
    const [one, two] = [demoId(4), demoId(5)];
    const store = await loaded(one);
    await store.getState().loadWhole(two);
    const keyOne = recordKey('configuration', undefined, one);
    const keyTwo = recordKey('configuration', undefined, two);
    await emu.call('PATCH', `${CFG}/${one}`, { body: { cname: ['moving.plan.example'], cname_access_only: false } });
    await store.getState().reload(keyOne);
    await emu.call('PATCH', `${CFG}/${two}`, { body: { cname_access_only: false } });
    await store.getState().reload(keyTwo);
    const cnamesTwo = (store.getState().records[keyTwo]!.cname as string[]) ?? [];
    store.getState().editFields([keyTwo], 'cname', [...cnamesTwo, 'moving.plan.example']);
    store.getState().editFields([keyOne], 'cname', []);
    const plan = sendPlan(store.getState(), [keyTwo, keyOne]);
    expect(plan.steps.map((s) => s.key)).toEqual([keyOne, keyTwo]);
    expect(plan.notes.join('\n')).toMatch(/moving\.plan\.example moves from .* between requests 1 and 2 no configuration serves it/);
    const from = emu.log().length;
    await sendWhole(store, [keyTwo, keyOne]);
    expect(refusals(from)).toEqual([]);
  });

  it('a swap that cannot be parked (CNAME-only access with one CNAME each) is refused before anything is sent', async () => {
    const [one, two] = [demoId(6), demoId(7)];
    await emu.call('PATCH', `${CFG}/${one}`, { body: { cname: ['swap-a.plan.example'], cname_access_only: true } });
    await emu.call('PATCH', `${CFG}/${two}`, { body: { cname: ['swap-b.plan.example'], cname_access_only: true } });
    const store = await loaded(one);
    await store.getState().loadWhole(two);
    const keyOne = recordKey('configuration', undefined, one);
    const keyTwo = recordKey('configuration', undefined, two);
    store.getState().editFields([keyOne], 'cname', ['swap-b.plan.example']);
    store.getState().editFields([keyTwo], 'cname', ['swap-a.plan.example']);
    const checked = preflight(store.getState(), [keyOne, keyTwo]);
    expect(checked.refused).toBe(2);
    expect(checked.findings[keyOne]!.map((f) => f.message).join('\n')).toMatch(/each wait for the other to go first/);
    const from = emu.log().length;
    const results = await store.getState().applyMany([keyOne, keyTwo]);
    expect(results.map((r) => r.outcome)).toEqual(['held', 'held']);
    expect(writes(from)).toEqual([]);
  });

  it('d on a cache setting a pending draft moves its last rule off: not refused; it waits for that draft, and the two land in one send', async () => {
    const conf = demoId(8);
    const store = await loaded(conf);
    const cs = (await emu.call('POST', `${CFG}/${conf}/cache_settings`, { body: { ...CACHE, name: 'plan-leaving' } })).body;
    const [rule] = store.getState().lists[listKey('rule', conf)]!.keys;
    await emu.call('PATCH', `${CFG}/${conf}/rules_engine/${parseKey(rule!).id}`, { body: { cache_settings_id: cs.id } });
    await store.getState().reload(listKey('cache_setting', conf));
    await store.getState().reload(listKey('rule', conf));
    const csKey = recordKey('cache_setting', conf, cs.id);
    // Alone, the API refuses it: rule N uses it.
    const alone = previewDeletes(store.getState(), [csKey]);
    expect(alone.checked.refused).toBe(1);
    store.getState().editFields([rule!], 'cache_settings_id', null);
    const preview = previewDeletes(store.getState(), [csKey]);
    expect(preview.checked.refused).toBe(0);
    expect(preview.waitFor).toEqual([rule]);
    store.getState().markDelete(csKey);
    const from = emu.log().length;
    await sendWhole(store, [csKey, rule!]);
    expect(refusals(from)).toEqual([]);
    expect(writes(from).map((l) => l.method)).toEqual(['PATCH', 'DELETE']);
  });
});
