// A folder that cannot be made fails at once with its errno, never spins: under /proc (where Node's
// own recursive mkdir retries for ever at full CPU) and under a regular file. The atomic writer
// (the draft journal, the lock, the kept lists) and the history throw what the header then says
// in words (pathReason / diskProblem), and the draft journal's failure is reported as ever.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atomicFile } from '../../src/store/atomic-file.js';
import { createFileHistory } from '../../src/store/history.js';
import { openSessionJournal } from '../../src/store/session-journal.js';
import { diskProblem, pathReason } from '../../src/store/disk-words.js';
import { makeFolder } from '../../src/util/make-folder.js';
import { tempDir } from '../helpers/emulator.js';

const UNDER_PROC = '/proc/cdn-tui-no-such-folder/cdn-tui';
const QUICK_MS = 1000;

/** What `run` threw, and how long it took. */
function thrown(run: () => void): { error: unknown; ms: number } {
  const t0 = performance.now();
  try {
    run();
  } catch (error) {
    return { error, ms: performance.now() - t0 };
  }
  throw new Error('did not throw');
}

/** A path whose folder has a regular file in its place; the file. */
function underAFile(): { blocker: string; dir: string } {
  const blocker = join(tempDir('cdn-tui-blocked-'), 'cdn-tui');
  writeFileSync(blocker, '');
  return { blocker, dir: join(blocker, 'state') };
}

describe.skipIf(process.platform !== 'linux')('a folder under /proc', () => {
  it('makeFolder: ENOENT at once', () => {
    const { error, ms } = thrown(() => makeFolder(UNDER_PROC, 0o700));
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('an atomic file: a write throws at once, in words "no such folder"', async () => {
    const file = join(UNDER_PROC, 'state.json');
    const { error, ms } = thrown(() => atomicFile(file).save('x'));
    expect(ms).toBeLessThan(QUICK_MS);
    expect(pathReason(error, file, 'write')).toBe('no such folder');
    expect(diskProblem(error, UNDER_PROC)).toBe(`no such folder, ${UNDER_PROC}`);
    await expect(atomicFile(file).saveInBackground('x')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('the history: a save throws at once', () => {
    const { error, ms } = thrown(() => createFileHistory(join(UNDER_PROC, 'history.json')).save([]));
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('the draft journal: opened with the problem said, a save that fails throws (the drafts stay in memory)', () => {
    const t0 = performance.now();
    const journal = openSessionJournal(UNDER_PROC, 'https://api.example');
    const start = journal.load();
    expect(start.drafts).toEqual({});
    expect(diskProblem(start.problem, UNDER_PROC)).toBe(`no such folder, ${UNDER_PROC}`);
    expect(() => journal.save({})).toThrow(/ENOENT/);
    expect(performance.now() - t0).toBeLessThan(QUICK_MS);
  });
});

describe('a folder under a regular file', () => {
  it('an atomic file: a write throws at once, naming the file in the way', async () => {
    const { blocker, dir } = underAFile();
    const file = join(dir, 'state.json');
    const { error, ms } = thrown(() => atomicFile(file).save('x'));
    expect(ms).toBeLessThan(QUICK_MS);
    expect(pathReason(error, file, 'write')).toBe(`${blocker} is a file, not a folder`);
    await expect(atomicFile(file).saveInBackground('x')).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('the folder itself a file: "it is a file, not a folder"', () => {
    const { blocker } = underAFile();
    const { error } = thrown(() => atomicFile(join(blocker, 'state.json')).save('x'));
    expect(pathReason(error, blocker, 'write')).toBe('it is a file, not a folder');
    expect(diskProblem(error, blocker)).toBe(`not a folder, ${blocker}`);
  });

  it('the history: a save throws at once, naming the file in the way', () => {
    const { blocker, dir } = underAFile();
    const file = join(dir, 'history.json');
    const { error, ms } = thrown(() => createFileHistory(file).save([]));
    expect(ms).toBeLessThan(QUICK_MS);
    expect(pathReason(error, file, 'write')).toBe(`${blocker} is a file, not a folder`);
  });
});
