// A lock held for a moment by one process at a time (the shared history's read, merge and write):
// a file made with an exclusive create, holding its owner (owner.ts), removed when done. A lock
// whose owner is gone, or older than STALE_MS (no holder keeps it that long), is taken over. (Two
// processes taking over the same stale lock at the same moment could both hold it: that needs a
// holder killed inside its few milliseconds and two others waiting then; the cost would be one
// history entry, not a draft.)
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { codeOf } from '../util/errors.js';
import { ownerAlive, ownerOf, thisProcess } from './owner.js';

/** The longest a holder keeps the lock (a read and a write of a small file take milliseconds). */
const STALE_MS = 10_000;

/** How long to wait for another holder before giving up (the caller tries again later); the app waits meanwhile. */
const WAIT_MS = 500;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps without returning to the event loop: the lock is taken by synchronous writes (at exit too). */
function sleep(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

/** Whether the lock at `path` may be taken over: its holder is gone, or it has been held too long. */
function stale(path: string): boolean {
  try {
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) return true;
    const owner = ownerOf(JSON.parse(readFileSync(path, 'utf8')));
    return owner !== undefined && !ownerAlive(owner, false);
  } catch (e) {
    // Gone meanwhile: free. Being written (empty, half JSON): its holder is there.
    return codeOf(e) === 'ENOENT';
  }
}

/** Makes the lock file; false when another process holds it. */
function take(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if (codeOf(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(thisProcess()));
  } catch (e) {
    closeSync(fd);
    rmSync(path, { force: true }); // a full disk: no empty lock left to hold the others up
    throw e;
  }
  closeSync(fd);
  return true;
}

/** Runs `fn` holding the lock `path`; throws when it cannot be had within WAIT_MS (or cannot be made). */
export function withFileLock<T>(path: string, fn: () => T, waitMs = WAIT_MS): T {
  const until = Date.now() + waitMs;
  while (!take(path)) {
    if (stale(path)) rmSync(path, { force: true });
    else if (Date.now() > until) throw new Error(`${path} is held by another cdn-tui`);
    else sleep(10);
  }
  try {
    return fn();
  } finally {
    rmSync(path, { force: true });
  }
}
