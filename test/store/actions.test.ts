// The store does the work screens used to do: load if absent, new records from the schema, leaving
// a blank form, bulk revert, where a saved record goes in its list, deletes and their refusals,
// failures carried by status and type (never by their words).
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { createMemoryJournal, listKey, parseKey, recordKey, summarize } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, createDraft, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
const gets = (path: string) => emu.log().filter((l) => l.method === 'GET' && l.path.split('?')[0] === path).length;

describe('store: load if absent', () => {
  it('loads a list once however many ask, and again on reload', async () => {
    const store = storeFor(emu);
    const path = `${CFG}/${demoId(3)}/rules_engine`;
    const before = gets(path);
    const [a, b] = await Promise.all([
      store.getState().ensureLoaded(listKey('rule', demoId(3))),
      store.getState().ensureLoaded(listKey('rule', demoId(3))),
    ]);
    expect([a, b]).toEqual([true, true]);
    expect(await store.getState().ensureLoaded(listKey('rule', demoId(3)))).toBe(true);
    expect(gets(path) - before).toBe(1);
    expect(await store.getState().reload(listKey('rule', demoId(3)))).toBe(true);
    expect(gets(path) - before).toBe(2);
  });

  it('loads a record by its key (a configuration, error responses) and keeps a failure with its sentence', async () => {
    const store = storeFor(emu);
    expect(await store.getState().ensureLoaded(recordKey('error_responses', demoId(2)))).toBe(true);
    expect(store.getState().records[recordKey('error_responses', demoId(2))]).toMatchObject({ cache_error_404: expect.any(Number) });
    expect(await store.getState().ensureLoaded(recordKey('configuration', undefined, 999))).toBe(false);
    expect(store.getState().requests['configuration:999']).toMatchObject({
      status: 'error',
      message: 'not found (404): GET /content_delivery/configurations/999: Not found.',
    });
  });
});

describe('store: new records', () => {
  it('start as a blank from the schema, not pending and not journaled, until typed in', async () => {
    const journal = createMemoryJournal();
    const store = storeFor(emu, journal);
    await store.getState().ensureLoaded(listKey('origin', demoId(3)));
    const key = store.getState().startCreate('rule', demoId(3));
    const blank = store.getState().blanks[key]!;
    const firstOrigin = parseKey(store.getState().lists[listKey('origin', demoId(3))]!.keys[0]!).id;
    // defaults of the schema; a required boolean false; a reference: the first origin; required choices left to the user
    expect(blank.values).toEqual({
      regex: false,
      path_origin_id: firstOrigin,
      gzip: false,
      redirect_to: '',
      forward_cookies: 'all',
      waf_rule_set_id: null,
      edge_firewall_id: null,
      cache_settings_id: null,
    });
    expect(store.getState().drafts).toEqual({});
    store.getState().flushJournal(); // a blank is not a draft: nothing to write
    expect(journal.saved).toBe(0);

    store.getState().leaveForm(key); // left with nothing typed: nothing left behind
    expect(store.getState().blanks[key]).toBeUndefined();
    expect(store.getState().drafts).toEqual({});

    const typed = store.getState().startCreate('rule', demoId(3));
    store.getState().editField(typed, 'path', '/typed/');
    expect(store.getState().drafts[typed]).toBeDefined();
    await vi.waitFor(() => expect(journal.saved).toBe(1), { interval: 10 }); // written by itself, shortly after
    store.getState().leaveForm(typed); // a draft stays pending
    expect(store.getState().drafts[typed]).toBeDefined();
    store.getState().discardDrafts([typed]); // U on a new record: back to its blank form
    expect(store.getState().drafts[typed]).toBeUndefined();
    expect(store.getState().blanks[typed]?.values.path).toBeUndefined();
  });

  it('once created, goes into its list in id order with the server values', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded(listKey('cache_setting', demoId(4)));
    const key = createDraft(store, 'cache_setting', demoId(4), {
      name: 'made in order',
      browser_cache_settings: false,
      cdn_cache_settings: 'honor',
      cache_by_query_string: 'ignore',
      cache_by_cookies: 'ignore',
    });
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('applied');
    const made = result.outcome === 'applied' ? result.newKey! : '';
    const keys = store.getState().lists[listKey('cache_setting', demoId(4))]!.keys;
    expect(keys.at(-1)).toBe(made);
    expect(keys.map((k) => parseKey(k).id)).toEqual([...keys.map((k) => parseKey(k).id)].sort((a, b) => a! - b!));
    expect(store.getState().records[made]).toMatchObject({ name: 'made in order', enable_query_string_sort: false });
  });
});

describe('store: edits', () => {
  it('a saved record stays in its list, at its place, with the values the server answered', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded(listKey('rule', demoId(2)));
    const list = () => store.getState().lists[listKey('rule', demoId(2))]!;
    const before = list().keys;
    const key = before[1]!;
    store.getState().editField(key, 'gzip', !store.getState().records[key]!.gzip);
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(list().keys).toEqual(before);
    expect(store.getState().records[key]!.gzip).toBe(
      (await emu.call('GET', `${CFG}/${demoId(2)}/rules_engine/${parseKey(key).id}`)).body.gzip,
    );
  });

  it('bulk: a field reverted in every marked draft; all fields of every marked draft', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded(listKey('rule', demoId(1)));
    const keys = store.getState().lists[listKey('rule', demoId(1))]!.keys.slice(0, 3);
    store.getState().editFields(keys, 'waf_rule_set_id', 77);
    store.getState().editFields(keys, 'gzip', true);
    store.getState().revertFields(keys, 'waf_rule_set_id');
    for (const k of keys)
      expect((store.getState().drafts[k]?.values ?? store.getState().records[k]!).waf_rule_set_id).toBe(
        store.getState().records[k]!.waf_rule_set_id,
      );
    store.getState().discardDrafts(keys);
    expect(store.getState().drafts).toEqual({});
  });

  it('a failure carries the HTTP status and the typed error; the summary says what became of each', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded('configurations');
    const key = recordKey('configuration', undefined, demoId(6));
    store.getState().editField(key, 'name', 'gone before it was sent');
    await emu.call('DELETE', `${CFG}/${demoId(6)}`);
    const [result] = await store.getState().applyMany([key]);
    expect(result).toMatchObject({
      outcome: 'failed',
      status: 404,
      message: `not found (404): GET /content_delivery/configurations/${demoId(6)}: Not found.`,
    });
    expect(result?.outcome === 'failed' && result.error instanceof ApiError).toBe(true);
    expect(store.getState().drafts[key]).toBeDefined(); // the draft stays
    expect(summarize([result!])).toMatchObject({
      ok: false,
      failed: 1,
      text: `0 applied, 1 failed: not found (404): GET /content_delivery/configurations/${demoId(6)}: Not found.`,
    });
  });
});

describe('store: deletes', () => {
  it('a cache setting that rules use: refused (409), no draft left, those rules returned', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded(listKey('rule', demoId(1)));
    await store.getState().ensureLoaded(listKey('cache_setting', demoId(1)));
    const used = store
      .getState()
      .lists[listKey('rule', demoId(1))]!.keys.map((k) => store.getState().records[k]!.cache_settings_id)
      .find((id) => typeof id === 'number')!;
    const key = recordKey('cache_setting', demoId(1), Number(used));
    const outcome = await store.getState().deleteRecords([key]);
    expect(outcome.deleted).toEqual([]);
    expect(outcome.failed).toEqual([expect.objectContaining({ key, status: 409 })]);
    expect(outcome.inUse?.rules.length).toBeGreaterThan(0);
    for (const r of outcome.inUse!.rules) expect(store.getState().records[r]!.cache_settings_id).toBe(used);
    expect(store.getState().drafts).toEqual({});
    expect(store.getState().lists[listKey('cache_setting', demoId(1))]!.keys).toContain(key);
  });

  it('a deleted record leaves its list', async () => {
    const store = storeFor(emu);
    await store.getState().ensureLoaded(listKey('rule', demoId(5)));
    const key = store.getState().lists[listKey('rule', demoId(5))]!.keys[0]!;
    const outcome = await store.getState().deleteRecords([key]);
    expect(outcome).toEqual({ deleted: [key], failed: [] });
    expect(store.getState().lists[listKey('rule', demoId(5))]!.keys).not.toContain(key);
    expect(store.getState().records[key]).toBeUndefined();
  });
});
