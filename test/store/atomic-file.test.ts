// The atomic writer's failures (issue 21): a write that fails half-way (the disk full after the
// temporary file was made), at once or in the background, throws its error, leaves no temporary
// file, and leaves the file as it was; a lock that cannot be written leaves no empty lock to hold
// the others up. The disk is made to fail by wrapping node:fs and node:fs/promises.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { atomicFile } from '../../src/store/atomic-file.js';
import { withFileLock } from '../../src/store/file-lock.js';
import { tempDir } from '../helpers/emulator.js';

const disk = vi.hoisted(() => ({ full: false }));
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((...args: unknown[]): number => {
    if (disk.full) throw enospc();
    return Reflect.apply(fs.writeSync, fs, args) as number;
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});

// node:fs/promises is loaded at its first use, through src/util/builtins.ts: wrapped there.
vi.mock('../../src/util/builtins.js', async (importOriginal) => {
  const builtins = await importOriginal<typeof import('../../src/util/builtins.js')>();
  const fsp = builtins.nodeFsPromises();
  const open: typeof fsp.open = async (...args: Parameters<typeof fsp.open>) => {
    const handle = await fsp.open(...args);
    if (disk.full) handle.writeFile = () => Promise.reject(enospc());
    return handle;
  };
  return { ...builtins, nodeFsPromises: () => ({ ...fsp, open }) };
});

describe('atomic file, when the disk refuses', () => {
  const setUp = () => {
    const dir = tempDir('cdn-tui-atomic-');
    const file = join(dir, 'state.json');
    const out = atomicFile(file);
    disk.full = false;
    out.save('before');
    disk.full = true;
    return { dir, file, out };
  };

  it('at once: throws the error, the file as it was, no temporary file', () => {
    const { dir, file, out } = setUp();
    expect(() => out.save('after')).toThrow('ENOSPC');
    disk.full = false;
    expect(readFileSync(file, 'utf8')).toBe('before');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('in the background: rejects with the error, the file as it was, no temporary file', async () => {
    const { dir, file, out } = setUp();
    await expect(out.saveInBackground('after')).rejects.toThrow('ENOSPC');
    disk.full = false;
    expect(readFileSync(file, 'utf8')).toBe('before');
    expect(readdirSync(dir)).toEqual(['state.json']);
    await out.saveInBackground('after all'); // the disk has room again
    expect(readFileSync(file, 'utf8')).toBe('after all');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('a lock whose owner cannot be written: the error, and no lock file left', () => {
    const dir = tempDir('cdn-tui-atomic-');
    disk.full = true;
    expect(() => withFileLock(join(dir, 'x.lock'), () => 'never')).toThrow('ENOSPC');
    disk.full = false;
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('atomic file, removed', () => {
  it('in a folder that is gone: makes no folder again (a lock given up at exit, after the folder was deleted)', async () => {
    const dir = tempDir('cdn-tui-atomic-');
    const file = join(dir, 'state', 'drafts.lock');
    const out = atomicFile(file);
    out.save('{}');
    expect(readFileSync(file, 'utf8')).toBe('{}');
    rmSync(dir, { recursive: true });
    out.save(undefined);
    await out.saveInBackground(undefined);
    expect(existsSync(dir)).toBe(false);
  });
});
