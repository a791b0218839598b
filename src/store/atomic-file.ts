// A file replaced whole or not at all: each write goes to a temporary file beside it (mode 0600),
// synced, then renamed over it, so a crash or a kill -9 never leaves half a file, and a failed
// write leaves no temporary file behind. Writes are numbered: an older one that lands after a
// newer one is dropped. The draft journal and the kept lists (keep/file.ts) are written this way.
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { nodeFsPromises } from '../util/builtins.js';
import { makeFolder } from '../util/make-folder.js';

/** Removes a temporary file; a failure to do so must not hide the failure that led here. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing more to do: the file was not made, or the folder refuses (the error said why)
  }
}

/** Writes `text` to a new file at `path` (mode 0600) and syncs it to disk before it returns (unless `sync` is false). */
export function writeSynced(path: string, text: string, sync = true): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, text);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface AtomicFile {
  /** Replaces the file with `text` (undefined: removes it): on disk when it returns. */
  save(text: string | undefined): void;
  /**
   * The same without holding the process up (the write and fsync run off the main thread): in
   * place when it resolves, unless a later write (of either kind) got there first.
   */
  saveInBackground(text: string | undefined): Promise<void>;
}

/**
 * `file`, written atomically; its folder is made (0700) when missing for a write, not for a
 * removal. `sync: false` skips the fsync (a file that need not outlive a crash of the machine, such
 * as a running process's lock: an fsync costs milliseconds, and the lock is written before the
 * first frame).
 */
export function atomicFile(file: string, { sync = true }: { readonly sync?: boolean } = {}): AtomicFile {
  const dir = dirname(file);
  let started = 0; // writes begun, numbered in order
  let landed = 0; // the newest write in place
  const writing = new Set<string>(); // temporary files of background writes not in place yet
  /** Puts write `n` in place (`tmp`, or no file), unless a newer write is there already. */
  const land = (n: number, tmp: string | undefined) => {
    if (n < landed) {
      if (tmp) removeQuietly(tmp);
      return;
    }
    if (!tmp) {
      rmSync(file, { force: true });
      landed = n;
      return;
    }
    try {
      chmodSync(tmp, 0o600);
      renameSync(tmp, file);
    } catch (e) {
      removeQuietly(tmp);
      throw e;
    }
    landed = n; // only once in place: a failed write leaves the older file as the newest
  };
  return {
    save(text) {
      const n = ++started;
      let tmp: string | undefined;
      // A removal needs no folder: one made for it would outlive the removal (at an exit, in a
      // folder someone deleted meanwhile).
      if (text !== undefined) {
        makeFolder(dir, 0o700);
        tmp = `${file}.tmp-${process.pid}-${n}`;
        try {
          writeSynced(tmp, text, sync);
        } catch (e) {
          removeQuietly(tmp);
          throw e;
        }
      }
      land(n, tmp);
      // Background writes still under way lose to this one: their files go now (this may be the
      // last write before the process exits, when they would never finish).
      for (const t of writing) removeQuietly(t);
    },
    async saveInBackground(text) {
      const n = ++started;
      if (text === undefined) return land(n, undefined);
      makeFolder(dir, 0o700);
      const tmp = `${file}.tmp-${process.pid}-${n}`;
      writing.add(tmp);
      try {
        const handle = await nodeFsPromises().open(tmp, 'w', 0o600);
        try {
          await handle.writeFile(text);
          if (sync) await handle.sync();
        } finally {
          await handle.close();
        }
        land(n, tmp);
      } catch (e) {
        removeQuietly(tmp);
        throw e;
      } finally {
        writing.delete(tmp);
      }
    },
  };
}
