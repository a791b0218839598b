// Why a file could not be written or read, in words a user acts on ("the disk is full"), from the
// errno that Node's fs gives: the header, the status line and the command line say it, never a
// stack or a bare code. The one list of these words: every message about a file takes them here.
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { codeOf, errorMessage } from '../util/errors.js';

const WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'no permission',
  EPERM: 'no permission',
  EROFS: 'the disk is read-only',
  // A file where a folder of the path should be: mkdir says EEXIST, a write below it ENOTDIR.
  ENOTDIR: 'not a folder',
  EEXIST: 'not a folder',
  ENOENT: 'no such folder',
  EISDIR: 'a folder is in the way',
  EIO: 'the disk failed (EIO)',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links',
  EBUSY: 'the file is busy',
};

/** The reason a write failed, in words ("the disk is full"); the error's own message when its code is not known here. */
export function diskReason(e: unknown): string {
  const code = codeOf(e);
  return (code && WORDS[code]) ?? errorMessage(e);
}

/** The first part of `path`, from the root, that is not a folder (undefined: none, or it cannot be told). */
function fileInTheWay(path: string): string | undefined {
  const parts: string[] = [];
  for (let p = path; !parts.includes(p); p = dirname(p)) parts.unshift(p);
  try {
    return parts.find((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === false);
  } catch {
    return undefined; // a part we may not look into
  }
}

/**
 * Why `path` itself could not be read or written (`cannot write PATH: <this>`): a missing file
 * when reading, a missing folder when writing, and the file that stands where a folder should be,
 * by name; else the words of diskReason.
 */
export function pathReason(e: unknown, path: string, doing: 'read' | 'write'): string {
  const code = codeOf(e);
  if (code === 'ENOENT' && doing === 'read') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    const file = fileInTheWay(path);
    if (file !== undefined) return file === path ? 'it is a file, not a folder' : `${file} is a file, not a folder`;
  }
  return diskReason(e);
}

/** A path as a user reads it: the home folder as `~`. */
export function shownPath(path: string, home: string = homedir()): string {
  return home.length > 1 && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

/** "the disk is full, ~/.local/state/cdn-tui": why writing in `where` failed, and where. */
export function diskProblem(e: unknown, where: string): string {
  return `${diskReason(e)}, ${shownPath(where)}`;
}
