// Kept reads (docs/ux.md §7): the store's lists on disk per API (0600 in a 0700 folder, no token), read
// back by the next store as kept (with the time they were read) and refreshed; a damaged file is
// ignored and replaced, an unwritable folder is said once and never stops anything, no temporary
// file is left behind; the keep is bounded (oldest lists out first); a form's base is never kept.
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryJournal, isFresh, listKey, type AppStore } from '../../src/store/index.js';
import { createFileKeep, keepFile, UNUSED_KEEP_MS, type ListKeep } from '../../src/store/keep/file.js';
import { decodeKeep, keepEncoder, KEEP_FORMAT, KEEP_VERSION, type KeepSnapshot } from '../../src/store/keep/format.js';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import { CFG } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', '12'], { log: true });

const stores: AppStore[] = [];
// A keep is written a moment after the lists change: at once instead, before the test's temp folders go.
afterEach(() => {
  for (const s of stores.splice(0)) s.getState().flushJournal();
});

/** A store over the emulator with this keep; `asked` lists the lists it asks for, as it asks (kind and priority). */
function storeWith(keep: ListKeep, asked: string[] = []): AppStore {
  const client = createApiClient({ baseUrl: emu.url, token: emu.token, baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 1 });
  const api: ApiClient = {
    ...client,
    listPages: (place, options) => {
      asked.push(`${place.kind} ${options?.priority ?? 'foreground'}`);
      return client.listPages(place, options);
    },
  };
  const store = createAppStore({ api, journal: createMemoryJournal(), keep });
  stores.push(store);
  return store;
}

/** A keep in a new cache folder (`<tmp>/cdn-tui/lists-….json`), with the sentences it said. */
function newKeep(dir = join(tempDir(), 'cdn-tui')) {
  const said: string[] = [];
  const file = keepFile(dir, emu.url);
  return { dir, file, said, keep: createFileKeep(file, (s) => said.push(s)) };
}

const kept = (file: string) => decodeKeep(readFileSync(file, 'utf8'));

describe('the keep', () => {
  it('round trip: lists and the find index on disk (0600, folder 0700, no token), back as kept with their age, then refreshed', async () => {
    const { dir, file, keep, said } = newKeep();
    const first = storeWith(keep);
    await first.getState().loadConfigurations();
    await first.getState().loadEverywhere();
    first.getState().flushJournal();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(emu.token);
    expect(readdirSync(dir)).toEqual([file.slice(dir.length + 1)]); // no temporary file left
    expect(said).toEqual([]);
    const readAt = first.getState().lists.configurations!.loadedAt;

    const second = storeWith(newKeepAt(file).keep);
    const s = second.getState();
    expect(s.lists.configurations).toMatchObject({ keys: first.getState().lists.configurations!.keys, loadedAt: readAt, kept: true });
    expect(s.records[`configuration:${demoId(3)}`]).toEqual(first.getState().records[`configuration:${demoId(3)}`]);
    expect(s.lists[listKey('rule', demoId(5))]?.keys).toEqual(first.getState().lists[listKey('rule', demoId(5))]?.keys);
    expect(s.lists[listKey('origin', demoId(5))]?.kept).toBe(true);
    expect(isFresh(s, 'configurations')).toBe(false);

    await second.getState().loadConfigurations();
    expect(second.getState().lists.configurations?.kept).toBeUndefined();
    expect(second.getState().lists.configurations!.loadedAt).toBeGreaterThanOrEqual(readAt);
    expect(isFresh(second.getState(), 'configurations')).toBe(true);
    expect(isFresh(second.getState(), listKey('rule', demoId(5))), 'the rules were not read again').toBe(false);
  });

  it('a form starts fresh: a kept list is shown at once and read again; ensureFresh waits for it; a kept configuration is read alone', async () => {
    const { file, keep } = newKeep();
    const first = storeWith(keep);
    await first.getState().loadConfigurations();
    await first.getState().loadWhole(demoId(4));
    first.getState().flushJournal();
    // Someone else changes a rule after it was kept.
    const rule = (await emu.call('GET', `${CFG}/${demoId(4)}/rules_engine`)).body[0] as { id: number };
    expect(
      (await emu.call('PATCH', `${CFG}/${demoId(4)}/rules_engine/${rule.id}`, { body: { gzip: true, forward_cookies: 'none' } })).status,
    ).toBe(200);

    const second = storeWith(newKeepAt(file).keep);
    const rules = listKey('rule', demoId(4));
    expect(await second.getState().ensureLoaded(rules)).toBe(true); // there at once, kept
    expect(second.getState().records[`rule:${demoId(4)}:${rule.id}`]?.forward_cookies).not.toBe('none');
    expect(await second.getState().ensureFresh(rules)).toBe(true);
    expect(second.getState().records[`rule:${demoId(4)}:${rule.id}`]?.forward_cookies).toBe('none');

    const conf = `configuration:${demoId(4)}`;
    expect(isFresh(second.getState(), conf)).toBe(false);
    const before = emu.log().length;
    expect(await second.getState().ensureFresh(conf)).toBe(true);
    expect(
      emu
        .log()
        .slice(before)
        .map((l) => `${l.method} ${l.path}`),
    ).toEqual([`GET ${CFG}/${demoId(4)}`]);
    expect(isFresh(second.getState(), conf)).toBe(true);
    expect(isFresh(second.getState(), `configuration:${demoId(5)}`)).toBe(false);
  });

  it('find from the keep: refreshed in the background, every rules list before any origins list, counted in configurations', async () => {
    const { file, keep } = newKeep();
    const first = storeWith(keep);
    await first.getState().loadConfigurations();
    await first.getState().loadEverywhere();
    first.getState().flushJournal();

    const asked: string[] = [];
    const second = storeWith(newKeepAt(file).keep, asked);
    const progress: Array<{ done: number; total: number } | undefined> = [];
    second.subscribe((s, b) => s.searching !== b.searching && progress.push(s.searching));
    await second.getState().loadEverywhere();
    expect(asked).toEqual([...Array<string>(12).fill('rule background'), ...Array<string>(12).fill('origin background')]);
    expect(progress[0]).toEqual({ done: 0, total: 12 });
    expect(progress.filter((p) => p !== undefined).every((p) => p.total === 12)).toBe(true);
    expect(second.getState().searching).toBeUndefined();
    expect(isFresh(second.getState(), listKey('origin', demoId(12)))).toBe(true);
  });

  it('a path search counts a configuration once its rules are in, and is done then (the origins go on loading)', async () => {
    const store = storeWith(newKeep().keep);
    await store.getState().loadConfigurations();
    const rulesInWhenDone: boolean[] = [];
    store.subscribe((s, b) => {
      if (b.searching && !s.searching)
        rulesInWhenDone.push(Array.from({ length: 12 }, (_, i) => listKey('rule', demoId(i + 1))).every((l) => isFresh(s, l)));
    });
    await store.getState().loadEverywhere({ rulesOnly: true });
    expect(rulesInWhenDone[0]).toBe(true);
    expect(isFresh(store.getState(), listKey('origin', demoId(12)))).toBe(true);
  });

  it('a damaged file is ignored (the store starts empty) and replaced at the next write', async () => {
    const { dir, file, keep, said } = newKeep();
    mkdirSync(dir, { recursive: true });
    for (const junk of [
      '{"format":"cdn-tui kept lists","version":1,"lists":[{"list":"rule:1","readAt":1,"total":1,"records":[{"id":"x"}]}]}',
      '\0\0garbage',
      '',
    ]) {
      writeFileSync(file, junk);
      expect(createFileKeep(file, () => undefined).load()).toEqual([]);
    }
    const store = storeWith(keep);
    expect(store.getState().lists).toEqual({});
    await store.getState().loadConfigurations();
    store.getState().flushJournal();
    expect(kept(file)?.[0]).toMatchObject({ list: 'configurations', total: 12 });
    expect(said).toEqual([]);
  });

  it('an unwritable cache folder: said once, nothing thrown, the store works as without a keep', async () => {
    const parent = join(tempDir(), 'not-a-folder');
    writeFileSync(parent, 'a regular file where the cache folder should be\n');
    const { said, keep } = newKeep(join(parent, 'cdn-tui'));
    const store = storeWith(keep);
    await store.getState().loadConfigurations();
    store.getState().flushJournal();
    await store.getState().reload('configurations');
    store.getState().flushJournal();
    expect(store.getState().lists.configurations?.keys).toHaveLength(12);
    expect(said).toHaveLength(1);
    expect(said).toEqual([`lists are not kept on disk (not a folder, ${join(parent, 'cdn-tui')})`]);
  });

  it('a write that fails leaves no temporary file behind', () => {
    const { dir, file, said, keep } = newKeep();
    mkdirSync(file, { recursive: true }); // a folder where the file goes: the rename fails
    keep.save({ lists: { configurations: { keys: [], total: 0, loadedAt: 1 } }, records: {} });
    expect(said).toEqual([`lists are not kept on disk (a folder is in the way, ${dir})`]);
    expect(readdirSync(dir)).toEqual([file.slice(dir.length + 1)]);
  });

  it('keep files of APIs unused for 30 days and temporary files left by a killed process are removed; others stay', () => {
    const { dir, file, keep } = newKeep();
    mkdirSync(join(dir, 'compile'), { recursive: true });
    const old = Date.now() / 1000 - UNUSED_KEEP_MS / 1000 - 3600;
    const names = {
      stale: 'lists-0123456789abcdef.json',
      recent: 'lists-fedcba9876543210.json',
      left: `${file.slice(dir.length + 1)}.tmp-99999-1`,
      other: 'notes.json',
    };
    for (const [what, name] of Object.entries(names)) {
      writeFileSync(join(dir, name), '{}');
      if (what !== 'recent') utimesSync(join(dir, name), old, old);
    }
    keep.save({ lists: {}, records: {} });
    expect(readdirSync(dir).sort()).toEqual(['compile', file.slice(dir.length + 1), names.recent, names.other].sort());
  });
});

describe('the keep file format', () => {
  const list = (n: number, at: number, size = 1) => ({
    keys: Array.from({ length: size }, (_, i) => `rule:${n}:${i + 1}`),
    total: size,
    loadedAt: at,
  });
  const snapshot = (lists: KeepSnapshot['lists']): KeepSnapshot => {
    const records: Record<string, { id: number; path: string }> = {};
    for (const [l, s] of Object.entries(lists))
      for (const k of s.keys) records[k] = { id: Number(k.split(':')[2] ?? k.split(':')[1]), path: `/${l}/${'x'.repeat(100)}` };
    return { lists, records };
  };
  const confs = { keys: [1, 2, 3, 4].map((i) => `configuration:${i}`), total: 4, loadedAt: 1 };

  it('bounded: the configurations first, then the newest lists while they fit; a list larger than the bound alone is not kept', () => {
    const lists = { configurations: confs, 'rule:1': list(1, 10), 'rule:2': list(2, 40), 'rule:3': list(3, 30), 'rule:4': list(4, 20) };
    const bytes = (text: string) =>
      Object.fromEntries(
        text
          .split('\n')
          .slice(1, -2)
          .map((l) => [JSON.parse(l.replace(/,$/, '')).list, Buffer.byteLength(l) + 1]),
      );
    const size = bytes(keepEncoder()(snapshot(lists)));
    const limit = size.configurations! + size['rule:2']! + size['rule:3']! + 10; // not room for a third rules list
    const encode = keepEncoder(limit);
    expect(decodeKeep(encode(snapshot(lists)))?.map((l) => l.list)).toEqual(['configurations', 'rule:2', 'rule:3']);
    const big = { configurations: confs, 'rule:1': list(1, 10), 'rule:2': list(2, 40, 20) };
    const snap = snapshot(big);
    expect(decodeKeep(encode(snap))?.map((l) => l.list)).toEqual(['configurations', 'rule:1']);
    // Changed but no shorter: still over the bound, not turned into JSON again.
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      encode({ lists: { ...big, 'rule:2': { ...big['rule:2'] } }, records: snap.records });
      expect(stringify).toHaveBeenCalledTimes(1); // the format's name
    } finally {
      stringify.mockRestore();
    }
  });

  it('drops incomplete lists and those of configurations no longer listed; reuses the text of lists that did not change', () => {
    const encode = keepEncoder();
    const lists = {
      configurations: { ...confs, keys: ['configuration:1'] },
      'rule:1': list(1, 5),
      'rule:2': list(2, 6),
      'origin:1': { ...list(1, 7), incomplete: true },
    };
    const snap = snapshot(lists);
    const text = encode(snap);
    expect(decodeKeep(text)?.map((l) => l.list)).toEqual(['configurations', 'rule:1']);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(encode({ ...snap })).toBe(text);
      expect(stringify).toHaveBeenCalledTimes(1); // the format's name: no list was turned into JSON again
    } finally {
      stringify.mockRestore();
    }
  });

  it('reads back only what this version wrote, whole', () => {
    const good = {
      format: KEEP_FORMAT,
      version: KEEP_VERSION,
      lists: [{ list: 'rule:7', readAt: 5, total: 1, records: [{ id: 3, path: '/' }] }],
    };
    expect(decodeKeep(JSON.stringify(good))).toEqual(good.lists);
    for (const bad of [
      { ...good, version: 2 },
      { ...good, format: 'something else' },
      { ...good, lists: [{ ...good.lists[0], list: 'rule:x' }] },
      { ...good, lists: [{ ...good.lists[0], list: 'error_responses:7' }] },
      { ...good, lists: [{ ...good.lists[0], readAt: '5' }] },
      { ...good, lists: [{ ...good.lists[0], records: [{ path: '/' }] }] },
      [],
    ]) {
      expect(decodeKeep(JSON.stringify(bad)), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

function newKeepAt(file: string) {
  return { keep: createFileKeep(file, () => undefined) };
}
