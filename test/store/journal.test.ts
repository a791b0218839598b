// Drafts survive a kill -9 of the process that held them (written within JOURNAL_DELAY_MS of a
// change, and a new record before its POST goes); an unreadable journal is set aside, not deleted.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import { createFileJournal, createMemoryJournal, journalFile, recordKey, stateDir, type Draft } from '../../src/store/index.js';
import { delayedWriter } from '../../src/store/delayed-writer.js';
import { storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);
let bundle: string;

beforeAll(async () => {
  bundle = join(tempDir(), 'child.mjs');
  await build({
    entryPoints: ['test/fixtures/journal-child.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
});

/** The journal child (test/fixtures/journal-child.ts) with its own state folder; killed with -9 by the test. */
function startChild(url: string, token: string, mode: 'edit' | 'send') {
  const state = tempDir();
  const child: ChildProcess = spawn(process.execPath, [bundle, url, token, mode], {
    env: { ...process.env, XDG_STATE_HOME: state },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.on('exit', r));
  const file = journalFile(stateDir({ XDG_STATE_HOME: state }), url);
  const drafts = (): Record<string, Draft> =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { drafts: Record<string, Draft> }).drafts : {};
  return { child, exited, file, drafts, lines: createInterface({ input: child.stdout! })[Symbol.asyncIterator]() };
}

describe('draft journal', () => {
  it('keeps the drafts of a store killed with -9 and restores them into a new store', async () => {
    const { child, exited, file, drafts, lines } = startChild(emu.url, emu.token, 'edit');
    expect((await lines.next()).value).toBe('drafted');
    // on disk by themselves, with no exit and no flush: then the process dies without a chance to write
    await vi.waitFor(() => expect(Object.keys(drafts())).toHaveLength(2), { timeout: 5000, interval: 10 });
    child.kill('SIGKILL');
    await exited;

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const store = storeFor(emu, createFileJournal(file, emu.url));
    const restored = store.getState().drafts;
    expect(restored[recordKey('configuration', undefined, demoId(2))]?.values.name).toBe('unsaved edit');
    expect(Object.values(restored).some((d) => d.target.op === 'create' && d.values.path === '/drafted/')).toBe(true);
    // the restored draft applies like any other
    await store.getState().loadConfigurations();
    expect((await store.getState().apply(recordKey('configuration', undefined, demoId(2)))).outcome).toBe('applied');
    await vi.waitFor(() => expect(drafts()[recordKey('configuration', undefined, demoId(2))]).toBeUndefined(), {
      timeout: 5000,
      interval: 10,
    });
  });

  it('a new record being sent is on disk, marked as maybe sent, before its POST reaches the API', async () => {
    let child: ChildProcess | undefined;
    let posted!: () => void;
    const post = new Promise<void>((r) => (posted = r));
    // An API that never answers; the POST's arrival kills the sender at once, before any timer of its could run.
    const server = createServer((req) => {
      if (req.method !== 'POST') return;
      child?.kill('SIGKILL');
      posted();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const started = startChild(url, 'token', 'send');
      child = started.child;
      await post;
      await started.exited;
      const sent = Object.values(started.drafts());
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ target: { kind: 'configuration', op: 'create' }, values: { name: 'being sent' }, maybeSent: true });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('sets an unreadable journal aside and starts empty, saying where it went', () => {
    const dir = join(tempDir(), 'cdn-tui');
    mkdirSync(dir);
    const file = join(dir, 'drafts-x.json');
    writeFileSync(file, '{"version":1,"drafts":{"configuration:1": ');
    const loaded = createFileJournal(file, emu.url).load();
    expect(loaded.drafts).toEqual({});
    expect(loaded.notice).toMatch(/could not be read/);
    expect(existsSync(file)).toBe(false);
    const aside = readdirSync(dir).filter((f) => f.startsWith('drafts-x.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"drafts":{"configuration:1": ');
  });
});

describe('journal writer', () => {
  afterEach(() => void vi.useRealTimers());
  const draft = (name: string): Record<string, Draft> => ({
    'configuration:1': { target: { kind: 'configuration', op: 'update', id: 1 }, values: { name }, startedAt: 0, updatedAt: 0 },
  });

  it('writes the changes of a burst once, within the delay, with the newest drafts', () => {
    vi.useFakeTimers();
    const journal = createMemoryJournal();
    let drafts = draft('a');
    const writer = delayedWriter(journal, () => drafts, 100);
    for (const name of ['b', 'c', 'd']) {
      drafts = draft(name);
      writer.changed();
    }
    vi.advanceTimersByTime(99);
    expect(journal.saved).toBe(0);
    vi.advanceTimersByTime(1);
    expect(journal.saved).toBe(1);
    expect(journal.load().drafts['configuration:1']?.values.name).toBe('d');
    vi.advanceTimersByTime(1000);
    expect(journal.saved).toBe(1); // nothing changed since
  });

  it('flush writes at once what is not on disk, and nothing when all is', () => {
    vi.useFakeTimers();
    const journal = createMemoryJournal();
    const writer = delayedWriter(journal, () => draft('x'), 100);
    writer.flush();
    expect(journal.saved).toBe(0);
    writer.changed();
    writer.flush();
    expect(journal.saved).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(journal.saved).toBe(1);
  });

  it('a write that failed never throws: it is told, and tried again at the next flush', () => {
    vi.useFakeTimers();
    let fail = true;
    const saved: unknown[] = [];
    const told: unknown[] = [];
    const writer = delayedWriter(
      {
        save: (d) =>
          fail
            ? (() => {
                throw new Error('disk full');
              })()
            : saved.push(d),
      },
      () => draft('y'),
      100,
      (e) => told.push(e),
    );
    writer.changed();
    vi.advanceTimersByTime(100);
    expect(told).toEqual([new Error('disk full')]);
    fail = false;
    writer.flush();
    expect(saved).toHaveLength(1);
    expect(told).toEqual([new Error('disk full'), undefined]); // through again
  });
});

describe('file journal, written in the background', () => {
  const drafts = (name: string): Record<string, Draft> => ({
    'configuration:1': { target: { kind: 'configuration', op: 'update', id: 1 }, values: { name }, startedAt: 0, updatedAt: 0 },
  });
  const setUp = () => {
    const dir = join(tempDir(), 'cdn-tui');
    const file = join(dir, 'drafts-x.json');
    return { dir, file, journal: createFileJournal(file, 'http://api.test') };
  };

  it('is on disk (0600) when its write resolves', async () => {
    const { file, journal } = setUp();
    await journal.saveInBackground!(drafts('later'));
    expect(journal.load().drafts['configuration:1']?.values.name).toBe('later');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never puts older drafts back over a write made after it started, and leaves no temporary file', async () => {
    const { dir, journal } = setUp();
    const older = journal.saveInBackground!(drafts('older'));
    journal.save(drafts('newer')); // e.g. the flush before a POST, while the background write is under way
    await older;
    expect(journal.load().drafts['configuration:1']?.values.name).toBe('newer');
    expect(readdirSync(dir)).toEqual(['drafts-x.json']);
  });

  it('a flush while a background write is under way writes at once', async () => {
    const { journal } = setUp();
    let current = drafts('typed');
    const writer = delayedWriter(journal, () => current, 0);
    writer.changed();
    await new Promise((r) => setTimeout(r, 0)); // the writer's timer (set first) has fired: its background write is under way
    current = drafts('typed more');
    writer.flush();
    expect(journal.load().drafts['configuration:1']?.values.name).toBe('typed more');
  });
});
