// Two sessions, one profile (issue 21): each running cdn-tui writes a journal of its own; at start
// it takes over the journals whose owner is gone (quit with drafts kept, killed, an earlier
// version's single file), never a live owner's (a pid that came round again is not the owner);
// of several sessions starting at once, exactly one takes each journal; sessions see each other.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, stop } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openSessionJournal, type Draft } from '../../src/store/index.js';
import { apiHash, journalText, readJournal } from '../../src/store/journal.js';
import { thisProcess } from '../../src/store/owner.js';
import { tempDir } from '../helpers/emulator.js';

const API = 'http://api.test';
const HASH = apiHash(API);

const draft = (id: number, name: string, updatedAt = 0): Record<string, Draft> => ({
  [`configuration:${id}`]: { target: { kind: 'configuration', op: 'update', id }, values: { name }, startedAt: 0, updatedAt },
});

/** A folder for the journals (`<state>/cdn-tui`), made. */
function folder(): string {
  const dir = join(tempDir('cdn-tui-sessions-'), 'cdn-tui');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '0']);
  return pid ?? 999_999;
}

/** Another session's files: its journal with `drafts`, and its lock with `owner` (none: it quit). */
function otherSession(dir: string, sid: string, drafts: Record<string, Draft>, owner?: object): void {
  writeFileSync(join(dir, `drafts-${HASH}.${sid}.json`), journalText(drafts, API)!);
  if (owner) writeFileSync(join(dir, `drafts-${HASH}.${sid}.lock`), JSON.stringify(owner));
}

const names = (dir: string) => readdirSync(dir).sort();

describe('session journals', () => {
  it('two sessions write their own files, see each other, and one giving up is seen', () => {
    const dir = folder();
    const a = openSessionJournal(dir, API);
    const b = openSessionJournal(dir, API);
    a.save(draft(1, 'mine'));
    b.save(draft(2, 'theirs'));
    b.save({}); // b applied its drafts: its journal goes, a's stays
    const journals = names(dir).filter((f) => f.endsWith('.json'));
    expect(journals).toHaveLength(1);
    expect(readJournal(join(dir, journals[0]!)).drafts['configuration:1']?.values.name).toBe('mine');
    expect(a.othersOpen()).toBe(1);
    expect(b.othersOpen()).toBe(1);
    b.release();
    expect(a.othersOpen()).toBe(0);
    a.release();
    expect(names(dir)).toEqual([journals[0]]); // a quit with a draft kept: offered to the next start
  });

  it("a new session takes over the drafts of one that quit, one that was killed, and an earlier version's file; its own journal holds them at once", () => {
    const dir = folder();
    otherSession(dir, '101-aaaaaa', draft(1, 'quit with it kept'));
    otherSession(dir, `${deadPid()}-bbbbbb`, draft(2, 'killed'), { ...thisProcess(), pid: deadPid() });
    writeFileSync(journalFile(dir, API), journalText(draft(3, 'earlier version'), API)!);
    writeFileSync(join(dir, `drafts-${HASH}.101-aaaaaa.json.tmp-101-7`), ''); // a killed write's leftover
    const journal = openSessionJournal(dir, API);
    const { drafts, notice } = journal.load();
    expect(notice).toBeUndefined();
    expect(Object.fromEntries(Object.entries(drafts).map(([k, d]) => [k, d.values.name]))).toEqual({
      'configuration:1': 'quit with it kept',
      'configuration:2': 'killed',
      'configuration:3': 'earlier version',
    });
    const left = names(dir);
    expect(left).toHaveLength(2); // its lock and its journal: the others' files are gone
    const own = left.find((f) => f.endsWith('.json'))!;
    expect(own).toMatch(new RegExp(`^drafts-${HASH}\\.${process.pid}-[0-9a-f]+\\.json$`));
    expect(Object.keys(readJournal(join(dir, own)).drafts)).toHaveLength(3);
    journal.release();
  });

  it("never takes a live owner's drafts; a lock whose pid came round to another process is not alive", () => {
    const dir = folder();
    otherSession(dir, `${process.pid}-cccccc`, draft(1, 'live'), thisProcess()); // this very process: alive
    const before = names(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
    const journal = openSessionJournal(dir, API);
    expect(journal.load().drafts).toEqual({});
    expect(journal.othersOpen()).toBe(1);
    journal.save(draft(2, 'mine'));
    journal.save({});
    journal.release();
    expect(names(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')])).toEqual(before);

    const reused = folder();
    // The same pid, started at another time: the owner is gone, its pid now someone else's.
    const owner = thisProcess();
    const imposter = owner.ticks ? { ...owner, ticks: String(Number(owner.ticks) + 1) } : { ...owner, started: owner.started - 3_600_000 };
    otherSession(reused, `${process.pid}-dddddd`, draft(1, 'of a dead owner'), imposter);
    const taker = openSessionJournal(reused, API);
    expect(taker.load().drafts['configuration:1']?.values.name).toBe('of a dead owner');
    expect(taker.othersOpen()).toBe(0);
    taker.release();
  });

  it('a lock that cannot be read: from before the machine started, gone; else its pid (in its name) tells', () => {
    const dir = folder();
    otherSession(dir, `${process.pid}-eeeeee`, draft(1, 'lock empty, this boot, pid alive'));
    writeFileSync(join(dir, `drafts-${HASH}.${process.pid}-eeeeee.lock`), '');
    otherSession(dir, `${process.pid}-ffffff`, draft(2, 'lock empty, before the boot'));
    writeFileSync(join(dir, `drafts-${HASH}.${process.pid}-ffffff.lock`), '');
    utimesSync(join(dir, `drafts-${HASH}.${process.pid}-ffffff.lock`), new Date('2000-01-01'), new Date('2000-01-01'));
    const journal = openSessionJournal(dir, API);
    expect(Object.keys(journal.load().drafts)).toEqual(['configuration:2']);
    expect(journal.othersOpen()).toBe(1);
    journal.release();
  });

  it('two ended sessions with drafts of the same record: the newer is offered, the older kept aside and named', () => {
    const dir = folder();
    otherSession(dir, '201-aaaaaa', draft(1, 'older', 1000));
    otherSession(dir, '202-bbbbbb', draft(1, 'newer', 2000));
    const journal = openSessionJournal(dir, API);
    const { drafts, notice } = journal.load();
    expect(drafts['configuration:1']?.values.name).toBe('newer');
    const aside = names(dir).find((f) => f.includes('.set-aside-'))!;
    expect(notice).toContain(join(dir, aside));
    expect(readJournal(join(dir, aside)).drafts['configuration:1']?.values.name).toBe('older');
    journal.release();
  });

  it("an ended session's journal that cannot be read is set aside, named, never deleted", () => {
    const dir = folder();
    writeFileSync(join(dir, `drafts-${HASH}.301-aaaaaa.json`), '{"version":1,"drafts":');
    const journal = openSessionJournal(dir, API);
    const { drafts, notice } = journal.load();
    expect(drafts).toEqual({});
    expect(notice).toMatch(/could not be read/);
    const aside = names(dir).filter((f) => f.includes('.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"drafts":');
    journal.release();
  });

  it('a folder that cannot be written: the problem at start, nothing taken over; written once it can be', () => {
    const root = tempDir('cdn-tui-sessions-');
    const dir = join(root, 'cdn-tui');
    writeFileSync(dir, '');
    const journal = openSessionJournal(dir, API);
    expect(journal.load()).toMatchObject({
      drafts: {},
      problem: expect.objectContaining({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) }),
    });
    expect(() => journal.save(draft(1, 'x'))).toThrow();
    expect(readdirSync(root)).toEqual(['cdn-tui']);
  });
});

describe('sessions starting at the same moment', () => {
  let child: string;
  beforeAll(async () => {
    child = join(tempDir(), 'child.mjs');
    await build({
      entryPoints: ['test/fixtures/session-journal-child.ts'],
      outfile: child,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'error',
    });
  });
  afterAll(() => stop()); // esbuild's service process goes with the file

  it("take each ended session's journal exactly once", async () => {
    const dir = folder();
    for (let i = 1; i <= 3; i++) otherSession(dir, `${400 + i}-aaaaaa`, draft(i, `ended ${i}`), { ...thisProcess(), pid: deadPid() });
    const go = join(dir, '..', 'go');
    const children = Array.from({ length: 4 }, () => {
      const p = spawn(process.execPath, [child, dir, API, go], { stdio: ['ignore', 'pipe', 'inherit'] });
      const said = new Promise<string[]>((done) => p.stdout.once('data', (d: Buffer) => done(JSON.parse(d.toString()) as string[])));
      const exited = new Promise<number | null>((done) => p.on('exit', done));
      return { said, exited };
    });
    await new Promise((r) => setTimeout(r, 200)); // all four waiting for the word
    writeFileSync(go, '');
    const taken = (await Promise.all(children.map((c) => c.said))).flat().sort();
    writeFileSync(`${go}.done`, ''); // every one is open: now they may quit
    expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0, 0, 0]);
    expect(taken).toEqual(['configuration:1', 'configuration:2', 'configuration:3']);
    // What they took is on disk in their journals (they quit keeping it): nothing lost, nothing twice.
    const kept = names(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => Object.keys(readJournal(join(dir, f)).drafts));
    expect(kept.sort()).toEqual(['configuration:1', 'configuration:2', 'configuration:3']);
    expect(existsSync(go)).toBe(true);
  });
});
