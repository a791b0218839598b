// The history of sent changes (docs/ux.md §6): an edit, a create, a delete and a failed write each leave
// one entry with what changed; what was not sent leaves none; the file is 0600, written within the
// journal's delay and at once on flush, capped at the newest 1,000, and holds no token.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import {
  createAppStore,
  createFileHistory,
  createMemoryHistory,
  createMemoryJournal,
  HISTORY_LIMIT,
  recordKey,
  type HistoryEntry,
  type HistoryStore,
} from '../../src/store/index.js';
import { withFileLock } from '../../src/store/file-lock.js';
import { thisProcess } from '../../src/store/owner.js';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import { CFG, createDraft } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

function storeWith<H extends HistoryStore>(history: H) {
  const api = createApiClient({ baseUrl: emu.url, token: emu.token, baseDelayMs: 20, maxDelayMs: 200 });
  return { store: createAppStore({ api, journal: createMemoryJournal(), history }), history };
}

describe('the history of sent changes', () => {
  it('keeps an edit (the changed fields before and after), a create and a delete, newest last', async () => {
    const { store, history } = storeWith(createMemoryHistory());
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(2));
    const name = store.getState().records[key]!.name;
    store.getState().editField(key, 'name', 'history edit');
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    const made = createDraft(store, 'configuration', undefined, {
      name: 'history create',
      origin_address: 'o.example.test',
      origin_host_header: 'h.example.test',
    });
    const created = await store.getState().apply(made);
    expect(created.outcome).toBe('applied');
    const newKey = created.outcome === 'applied' ? created.newKey! : '';
    const deleted = await store.getState().deleteRecords([newKey]);
    expect(deleted).toBeDefined();
    store.getState().flushJournal();

    const entries = history.saved();
    expect(entries.map((e) => [e.method, e.result])).toEqual([
      ['PATCH', 'applied'],
      ['POST', 'applied'],
      ['DELETE', 'applied'],
    ]);
    expect(entries[0]).toMatchObject({ key, path: `${CFG}/${demoId(2)}`, before: { name }, after: { name: 'history edit' } });
    expect(entries[1]).toMatchObject({ key: newKey, after: { name: 'history create' } });
    expect(entries[2]).toMatchObject({ key: newKey, before: { name: 'history create' } });
    expect(store.getState().history).toEqual(entries);
  });

  it('keeps a write the API refused, with its status; what was never sent leaves nothing', async () => {
    const { store, history } = storeWith(createMemoryHistory());
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(3));
    store.getState().editField(key, 'name', ''); // invalid here: never sent
    expect((await store.getState().apply(key)).outcome).toBe('invalid');
    await emu.call('DELETE', `${CFG}/${demoId(4)}`);
    const gone = recordKey('configuration', undefined, demoId(4));
    store.getState().editField(gone, 'active', false);
    const result = await store.getState().apply(gone);
    expect(result.outcome).toBe('failed');
    store.getState().flushJournal();
    // The re-read before the PATCH found it gone: the PATCH was never sent either.
    expect(history.saved()).toEqual([]);
  });

  it('on disk: 0600, the newest 1,000, no token, read back at the next start', async () => {
    const dir = tempDir('cdn-tui-history-');
    const file = join(dir, 'history.json');
    const old: HistoryEntry[] = Array.from({ length: HISTORY_LIMIT }, (_, i) => ({
      at: new Date(i).toISOString(),
      key: `configuration:${i + 1}`,
      title: `c${i}`,
      method: 'PATCH',
      path: `${CFG}/${i + 1}`,
      after: { active: true },
      result: 'applied',
    }));
    createFileHistory(file).save(old);
    const { store } = storeWith(createFileHistory(file));
    expect(store.getState().history).toHaveLength(HISTORY_LIMIT);
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(5));
    store.getState().editField(key, 'active', false);
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    store.getState().flushJournal();
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(emu.token);
    const back = createFileHistory(file).load();
    expect(back).toHaveLength(HISTORY_LIMIT);
    expect(back.at(-1)).toMatchObject({ key, method: 'PATCH', before: { active: true }, after: { active: false } });
    expect(back[0]!.title).toBe('c1'); // the oldest went
  });

  it("a deleted configuration's contents are read back when they have their shape, dropped (the entry kept) when not", () => {
    const file = join(tempDir('cdn-tui-history-'), 'history.json');
    const entry = {
      at: '2026-11-23T10:00:00.000Z',
      key: 'configuration:9',
      title: 'gone',
      method: 'DELETE',
      path: '/content_delivery/configurations/9',
      result: 'applied',
    } as const;
    const contents = { origins: [{ id: 1 }], cache_settings: [], rules: [{ id: 2, path: '/' }], error_responses: { cache_error_404: 5 } };
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        entries: [
          { ...entry, contents },
          { ...entry, contents: { origins: 'no', rules: [] } },
        ],
      }),
    );
    const back = createFileHistory(file).load();
    expect(back).toEqual([{ ...entry, contents }, entry]);
  });

  it('undo: an edit goes back; a change made since is a conflict, nothing sent; a create is deleted; a delete made again', async () => {
    const { store } = storeWith(createMemoryHistory());
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(6));
    const name = store.getState().records[key]!.name;
    store.getState().editField(key, 'name', 'undo me');
    await store.getState().apply(key);
    const undo = store.getState().startUndo([store.getState().history.at(-1)!]);
    expect(undo).toEqual({ keys: [key], notes: [] });
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect((await emu.call('GET', `${CFG}/${demoId(6)}`)).body.name).toBe(name);

    // Changed again, then by someone else: undoing ours would overwrite theirs, so it is a conflict.
    store.getState().editField(key, 'name', 'mine');
    await store.getState().apply(key);
    await emu.call('PATCH', `${CFG}/${demoId(6)}`, { body: { name: 'theirs' } });
    store.getState().startUndo([store.getState().history.at(-1)!]);
    expect((await store.getState().apply(key)).outcome).toBe('conflict');
    expect((await emu.call('GET', `${CFG}/${demoId(6)}`)).body.name).toBe('theirs');
    store.getState().discardDrafts([key]);

    const made = createDraft(store, 'configuration', undefined, {
      name: 'undo create',
      origin_address: 'o.example.test',
      origin_host_header: 'h.example.test',
    });
    const created = await store.getState().apply(made);
    const newKey = created.outcome === 'applied' ? created.newKey! : '';
    const removal = store.getState().startUndo([store.getState().history.at(-1)!]);
    expect(removal).toEqual({ keys: [newKey], notes: [] });
    expect((await store.getState().apply(newKey)).outcome).toBe('applied');
    const names = () =>
      (emu.call('GET', CFG) as unknown as Promise<{ body: Array<{ name: string }> }>).then((r) => r.body.map((c) => c.name));
    expect(await names()).not.toContain('undo create');

    // Undo the delete: made again, its write-once origin fields read from its Default Origin
    // before the delete (the configuration's own record never shows them).
    const again = store.getState().startUndo([store.getState().history.at(-1)!]);
    if ('problem' in again) throw new Error(again.problem);
    expect(store.getState().drafts[again.keys[0]!]?.values).toMatchObject({
      name: 'undo create',
      origin_address: 'o.example.test',
      origin_host_header: 'h.example.test',
    });
    expect((await store.getState().applyMany(again.keys)).map((r) => r.outcome)).toEqual(again.keys.map(() => 'applied'));
    expect((await names()).filter((n) => n === 'undo create')).toHaveLength(1);
  });
});

describe('one history, two sessions (issue 21)', () => {
  const entry = (at: number, id: number): HistoryEntry => ({
    at: new Date(at).toISOString(),
    key: `configuration:${id}`,
    title: `c${id}`,
    method: 'PATCH',
    path: `${CFG}/${id}`,
    result: 'applied',
  });

  it("two sessions adding at once keep each other's entries, each once, oldest first", () => {
    const file = join(tempDir('cdn-tui-history-'), 'history.json');
    createFileHistory(file).save([entry(1, 1)]);
    // Both started with the file as it was; each then adds its own, never knowing the other's.
    const a = createFileHistory(file);
    const b = createFileHistory(file);
    const aHas = [...a.load(), entry(3, 3)];
    const bHas = [...b.load(), entry(2, 2)];
    a.save(aHas);
    b.save(bHas);
    a.save([...aHas, entry(4, 4)]); // a's next save still carries its older entries: each once
    expect(
      createFileHistory(file)
        .load()
        .map((e) => e.key),
    ).toEqual(['configuration:1', 'configuration:2', 'configuration:3', 'configuration:4']);
    expect(readdirSync(dirname(file))).toEqual(['history.json']); // no lock, no temporary file left
  });

  it("a second session's sends show once its history is read again (H), each once, and nothing changes when none came", () => {
    const file = join(tempDir('cdn-tui-history-'), 'history.json');
    createFileHistory(file).save([entry(1, 1)]);
    const { store } = storeWith(createFileHistory(file));
    expect(store.getState().history.map((e) => e.key)).toEqual(['configuration:1']);
    createFileHistory(file).save([entry(2, 2)]); // the other session's send
    store.getState().readHistory();
    expect(store.getState().history.map((e) => e.key)).toEqual(['configuration:1', 'configuration:2']);
    const before = store.getState().history;
    store.getState().readHistory();
    expect(store.getState().history).toBe(before);
  });

  it('waits for a session holding the lock; takes over one left by a process that is gone', () => {
    const dir = tempDir('cdn-tui-history-');
    const lock = join(dir, 'x.lock');
    writeFileSync(lock, JSON.stringify(thisProcess())); // held by a live process (this one)
    expect(() => withFileLock(lock, () => 'never', 50)).toThrow(/held by another cdn-tui/);
    writeFileSync(lock, JSON.stringify({ ...thisProcess(), pid: spawnSync(process.execPath, ['-e', '0']).pid }));
    expect(withFileLock(lock, () => 'ran', 50)).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });
});
