// Why a file could not be written, in words a user acts on ("the disk is full"), from the errno
// that Node's fs gives: the header and the status line say it, never a stack or a bare code.
import { homedir } from 'node:os';
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
  ENOENT: 'the folder is missing',
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

/** A path as a user reads it: the home folder as `~`. */
export function shownPath(path: string, home: string = homedir()): string {
  return home.length > 1 && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

/** "the disk is full, ~/.local/state/cdn-tui": why writing in `where` failed, and where. */
export function diskProblem(e: unknown, where: string): string {
  return `${diskReason(e)}, ${shownPath(where)}`;
}
