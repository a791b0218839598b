// A journal that cannot be written (issue 21): nothing throws into the app, the drafts stay in
// memory, the store says why and where (journalProblem, for the header), the write is tried again
// at every change and every RETRY_MS until it gets through (and no timer is set while writes
// succeed), no temporary file is left behind, and the drafts can be written to another file.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import {
  createAppStore,
  createMemoryJournal,
  openSessionJournal,
  recordKey,
  type Draft,
  type HistoryStore,
} from '../../src/store/index.js';
import { delayedWriter, RETRY_MS } from '../../src/store/delayed-writer.js';
import { readJournal } from '../../src/store/journal.js';
import { diskReason } from '../../src/store/disk-words.js';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

afterEach(() => void vi.useRealTimers());

const draft = (name: string): Record<string, Draft> => ({
  'configuration:1': { target: { kind: 'configuration', op: 'update', id: 1 }, values: { name }, startedAt: 0, updatedAt: 0 },
});
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** A store with no API behind it (these tests send nothing). */
function storeWith(journal: Parameters<typeof createAppStore>[0]['journal'], history?: HistoryStore) {
  return createAppStore({ api: createApiClient({ baseUrl: 'http://127.0.0.1:9', token: 't' }), journal, ...(history ? { history } : {}) });
}

describe('journal writer, when writes fail', () => {
  it('tells the failure, tries again every RETRY_MS and at every change, and sets no timer once a write got through', () => {
    vi.useFakeTimers();
    let fail = true;
    let tries = 0;
    const told: unknown[] = [];
    const writer = delayedWriter(
      {
        save: () => {
          tries++;
          if (fail) throw enospc();
        },
      },
      () => draft('x'),
      100,
      (e) => told.push(e),
    );
    expect(vi.getTimerCount()).toBe(0); // idle: nothing waits
    writer.changed();
    vi.advanceTimersByTime(100);
    expect(tries).toBe(1);
    expect(told).toHaveLength(1);
    expect(diskReason(told[0])).toBe('the disk is full');
    vi.advanceTimersByTime(RETRY_MS);
    expect(tries).toBe(2);
    writer.changed(); // a change is tried within the delay, not at the next retry
    vi.advanceTimersByTime(100);
    expect(tries).toBe(3);
    fail = false;
    vi.advanceTimersByTime(RETRY_MS);
    expect(tries).toBe(4);
    expect(told.at(-1)).toBeUndefined(); // through again
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * RETRY_MS);
    expect(tries).toBe(4);
  });

  it('a background write that fails is no unhandled rejection: told, then tried again', async () => {
    let fail = true;
    const told: unknown[] = [];
    const saved: string[] = [];
    const writer = delayedWriter(
      {
        save: (d: Record<string, Draft>) => void saved.push(String(d['configuration:1']?.values.name)),
        saveInBackground: async () => {
          await Promise.resolve();
          if (fail) throw enospc();
        },
      },
      () => draft('kept'),
      0,
      (e) => told.push(e),
    );
    writer.changed();
    await vi.waitFor(() => expect(told).toHaveLength(1));
    fail = false;
    writer.flush(); // at exit, or before a send: written at once
    expect(saved).toEqual(['kept']);
    expect(told.at(-1)).toBeUndefined();
  });

  it('an older background write failing after a newer write got through says nothing', async () => {
    const told: unknown[] = [];
    let reject!: (e: unknown) => void;
    const writer = delayedWriter(
      { save: () => undefined, saveInBackground: () => new Promise<void>((_, r) => (reject = r)) },
      () => draft('x'),
      0,
      (e) => told.push(e),
    );
    writer.changed();
    await vi.waitFor(() => expect(reject).toBeTypeOf('function'));
    writer.changed();
    writer.flush(); // lands first
    reject(enospc());
    await new Promise((r) => setTimeout(r, 10));
    expect(told).toEqual([]);
  });
});

describe('a store whose journal folder cannot be written', () => {
  /** A state folder with a file where its `cdn-tui` folder should be. */
  const blocked = () => {
    const root = tempDir('cdn-tui-blocked-');
    const dir = join(root, 'cdn-tui');
    writeFileSync(dir, '');
    return { root, dir };
  };

  it('says why at start, keeps the drafts in memory, and writes them (no temporary file left) once the folder can be written', async () => {
    const { root, dir } = blocked();
    const journal = openSessionJournal(dir, 'http://api.test');
    const store = storeWith(journal);
    expect(store.getState().journalProblem).toBe(`not a folder, ${dir}`);
    store.setState({ drafts: draft('typed while blocked') });
    await new Promise((r) => setTimeout(r, 200)); // the background write fails: nothing throws
    expect(store.getState().drafts['configuration:1']?.values.name).toBe('typed while blocked');
    expect(store.getState().journalProblem).toBe(`not a folder, ${dir}`);
    expect(readdirSync(root)).toEqual(['cdn-tui']);

    rmSync(dir);
    store.getState().flushJournal(); // as the next retry does
    expect(store.getState().journalProblem).toBeUndefined();
    const files = readdirSync(dir);
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
    const own = files.find((f) => f.endsWith('.json'))!;
    expect(readJournal(join(dir, own)).drafts['configuration:1']?.values.name).toBe('typed while blocked');
    journal.release();
  });

  it("writes the drafts elsewhere, in the journal's format; a file there already, or a path that cannot be, is refused with why", () => {
    const { root, dir } = blocked();
    const journal = openSessionJournal(dir, 'http://api.test');
    const store = storeWith(journal);
    store.setState({ drafts: draft('saved elsewhere') });
    expect(store.getState().writeDraftsTo(join(dir, 'x.json'))).toBe(`not a folder, ${join(dir, 'x.json')}`);
    const copy = join(root, 'elsewhere', 'drafts.json');
    expect(store.getState().writeDraftsTo(copy)).toBeUndefined();
    expect(readJournal(copy).drafts['configuration:1']?.values.name).toBe('saved elsewhere');
    expect(store.getState().writeDraftsTo(copy)).toMatch(/is there already/);
    expect(store.getState().restoreFile).toMatch(/\/cdn-tui\/drafts-[0-9a-f]{16}\.json$/);
    // No retry left waiting to make the folder again once the test's temp folder is gone.
    rmSync(dir);
    store.getState().flushJournal();
    journal.release();
  });

  it('a history that cannot be written is said in the state (the session says it once), never thrown: the send still succeeds', async () => {
    const failing: HistoryStore = {
      load: () => [],
      save: () => {
        throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      },
    };
    const store = createAppStore({
      api: createApiClient({ baseUrl: emu.url, token: emu.token }),
      journal: createMemoryJournal(),
      history: failing,
    });
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(2));
    store.getState().editField(key, 'name', 'sent while the history is read-only');
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(() => store.getState().flushJournal()).not.toThrow();
    expect(store.getState().historyProblem).toMatch(/^the disk is read-only, /);
    expect(store.getState().history).toHaveLength(1); // kept in memory all the same
  });
});

describe('a folder that can be written', () => {
  it('holds only the lock while there are no drafts, and nothing once the journal is given up', () => {
    const dir = join(tempDir('cdn-tui-ok-'), 'cdn-tui');
    const journal = openSessionJournal(dir, 'http://api.test');
    const store = storeWith(journal);
    expect(store.getState().journalProblem).toBeUndefined();
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^drafts-[0-9a-f]{16}\.\d+-[0-9a-f]+\.lock$/)]);
    journal.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
