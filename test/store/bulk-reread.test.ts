// Many edits of one list are checked against a read of the list made just before their writes
// (one per batch), not one GET each: and a change someone else made is still found, never overwritten.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { NetworkError } from '../../src/api/errors.js';
import { MAX_IN_FLIGHT } from '../../src/api/index.js';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryJournal, listKey, type AppStore, type RecordKey } from '../../src/store/index.js';
import { CFG } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
const RULES = 40; // two batches of 32 (4 × 8 in flight)

/** A store whose API client may be wrapped (to act between its list reads). */
function storeWith(wrap: (api: ApiClient) => ApiClient = (api) => api): AppStore {
  const api = createApiClient({ baseUrl: emu.url, token: emu.token, baseDelayMs: 20, maxDelayMs: 200 });
  return createAppStore({ api: wrap(api), journal: createMemoryJournal() });
}

/** RULES new rules in configuration `conf`, loaded in the store, each with its path edited: their keys. */
async function editedRules(store: AppStore, conf: number): Promise<RecordKey[]> {
  const origin = (await emu.call('GET', `${CFG}/${conf}/origins`)).body[0].id;
  for (let i = 0; i < RULES; i++) {
    const made = await emu.call('POST', `${CFG}/${conf}/rules_engine`, {
      body: { path: `/bulk-${i}/`, regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin },
    });
    expect(made.status).toBe(201);
  }
  await store.getState().loadChildren('rule', conf);
  const keys = store
    .getState()
    .lists[listKey('rule', conf)]!.keys.filter((k) => String(store.getState().records[k]!.path).startsWith('/bulk-'));
  expect(keys).toHaveLength(RULES);
  for (const k of keys) store.getState().editField(k, 'path', `${String(store.getState().records[k]!.path)}mine/`);
  return keys;
}

const idOf = (store: AppStore, key: RecordKey) => store.getState().records[key]!.id as number;
const since = (n: number) => emu.log().slice(n);

describe('store: many edits of one list', () => {
  it('are checked with one list read per batch instead of a GET each, and each is sent once', async () => {
    const store = storeWith();
    const keys = await editedRules(store, demoId(2));
    const n = emu.log().length;
    const results = await store.getState().applyMany(keys);
    expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
    const sent = since(n);
    expect(sent.filter((l) => l.method === 'GET').map((l) => l.path)).toEqual([
      `${CFG}/${demoId(2)}/rules_engine?page=1&page_size=1000`,
      `${CFG}/${demoId(2)}/rules_engine?page=1&page_size=1000`,
    ]);
    expect(
      sent
        .filter((l) => l.method === 'PATCH')
        .map((l) => l.path)
        .sort(),
    ).toEqual(keys.map((k) => `${CFG}/${demoId(2)}/rules_engine/${idOf(store, k)}`).sort());
    const now = (await emu.call('GET', `${CFG}/${demoId(2)}/rules_engine`)).body as Array<{ path: string }>;
    expect(now.filter((r) => /^\/bulk-\d+\/mine\/$/.test(r.path))).toHaveLength(RULES);
  });

  it('never have more than MAX_IN_FLIGHT requests out at once, list reads included', async () => {
    let out = 0;
    let most = 0;
    const counted =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        most = Math.max(most, ++out);
        try {
          return await call(...args);
        } finally {
          out--;
        }
      };
    const store = storeWith((api) => ({ ...api, list: counted(api.list), get: counted(api.get), patch: counted(api.patch) }));
    const keys = await editedRules(store, demoId(6));
    most = 0;
    const results = await store.getState().applyMany(keys);
    expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
    expect(most).toBe(MAX_IN_FLIGHT);
  });

  it('find a change someone else made before their batch was read: a conflict, nothing sent for it, theirs kept', async () => {
    let lists = 0;
    let keys: RecordKey[] = [];
    const theirs = (key: RecordKey) =>
      emu.call('PATCH', `${CFG}/${demoId(3)}/rules_engine/${idOf(store, key)}`, { body: { path: `/theirs-${idOf(store, key)}/` } });
    const store = storeWith((api) => ({
      ...api,
      // between the first batch's read and the second's, someone changes a rule of the second batch
      list: async (place, options) => {
        if (options?.page !== undefined && ++lists === 2) expect((await theirs(keys.at(-1)!)).status).toBe(200);
        return api.list(place, options);
      },
    }));
    keys = await editedRules(store, demoId(3));
    expect((await theirs(keys[0]!)).status).toBe(200); // before anything is read: a rule of the first batch
    const bases = [keys[0]!, keys.at(-1)!].map((k) => store.getState().records[k]!.path);
    const n = emu.log().length;
    const results = await store.getState().applyMany(keys);

    const conflicts = results.filter((r) => r.outcome === 'conflict');
    expect(conflicts.map((r) => r.key)).toEqual([keys[0], keys.at(-1)]);
    expect(
      conflicts.map((r) => r.outcome === 'conflict' && r.conflict.fields.map((f) => [f.field, f.base, f.theirs, f.mine, f.clash])),
    ).toEqual([keys[0]!, keys.at(-1)!].map((k, i) => [['path', bases[i], `/theirs-${idOf(store, k)}/`, `${String(bases[i])}mine/`, true]]));
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(RULES - 2);
    // the store's PATCHes (someone else's, made during the apply, are in the log too)
    const patched = since(n)
      .filter((l) => l.method === 'PATCH' && String(l.body.path).endsWith('mine/'))
      .map((l) => l.path);
    expect(patched).toHaveLength(RULES - 2);
    for (const k of [keys[0]!, keys.at(-1)!]) {
      expect(patched).not.toContain(`${CFG}/${demoId(3)}/rules_engine/${idOf(store, k)}`);
      expect((await emu.call('GET', `${CFG}/${demoId(3)}/rules_engine/${idOf(store, k)}`)).body.path).toBe(`/theirs-${idOf(store, k)}/`);
      expect(store.getState().drafts[k]).toBeDefined();
    }
  });

  it('a record someone else deleted is read alone: the API says it is gone, the draft stays', async () => {
    const store = storeWith();
    const keys = await editedRules(store, demoId(4));
    const gone = keys[5]!;
    expect((await emu.call('DELETE', `${CFG}/${demoId(4)}/rules_engine/${idOf(store, gone)}`)).status).toBe(204);
    const n = emu.log().length;
    const results = await store.getState().applyMany(keys);
    expect(results[5]).toMatchObject({ outcome: 'failed', status: 404 });
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(RULES - 1);
    expect(since(n).filter((l) => l.method === 'GET' && l.path === `${CFG}/${demoId(4)}/rules_engine/${idOf(store, gone)}`)).toHaveLength(
      1,
    );
    expect(store.getState().drafts[gone]).toBeDefined();
  });

  it('when the list cannot be read, each record is read alone, as for a single edit', async () => {
    const store = storeWith((api) => ({
      ...api,
      list: (place, options) =>
        options?.page !== undefined
          ? Promise.reject(
              new NetworkError({ method: 'GET', url: emu.url, secrets: [], code: 'ECONNRESET', host: 'emulator', detail: 'dropped' }),
            )
          : api.list(place, options),
    }));
    const keys = await editedRules(store, demoId(5));
    const n = emu.log().length;
    const results = await store.getState().applyMany(keys);
    expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
    const gets = since(n)
      .filter((l) => l.method === 'GET')
      .map((l) => l.path);
    expect(gets.sort()).toEqual(keys.map((k) => `${CFG}/${demoId(5)}/rules_engine/${idOf(store, k)}`).sort());
  });
});
