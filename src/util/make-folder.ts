// A folder and the folders above it, made as `mkdir -p` makes them. Not Node's own
// `mkdirSync(dir, { recursive: true })`: where a file system refuses a new name with ENOENT though
// the folder above exists (/proc), that one retries for ever at full CPU; here each name is tried once.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { codeOf } from './errors.js';

const isFolder = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/** Makes `dir` (with `mode`) and what is missing above it; a folder already there is kept. Throws the errno of the part that failed. */
export function makeFolder(dir: string, mode?: number): void {
  const make = () => {
    try {
      mkdirSync(dir, mode);
    } catch (e) {
      // Made meanwhile (another process, or our own parent step) is as good as made here.
      if (codeOf(e) === 'EEXIST' && isFolder(dir)) return;
      throw e;
    }
  };
  try {
    make();
  } catch (e) {
    const parent = dirname(dir);
    if (codeOf(e) !== 'ENOENT' || parent === dir) throw e;
    makeFolder(parent, mode);
    make(); // once: an ENOENT now is this folder's own
  }
}
