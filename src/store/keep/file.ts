// The keep on disk: `$XDG_CACHE_HOME/cdn-tui/lists-<hash of the base URL>.json` (one file per API,
// named as the journal's are), mode 0600 in a 0700 folder, replaced atomically (atomic-file.ts).
// It is only a cache: a file that cannot be read or is damaged is ignored (and replaced at the next
// write), a folder that cannot be written is given up on for the session (said once), and nothing
// here ever throws into the app.
import { chmodSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeFolder } from '../../util/make-folder.js';
import { atomicFile } from '../atomic-file.js';
import { diskProblem } from '../disk-words.js';
import { apiStateFile } from '../state-files.js';
import type { WriteTarget } from '../delayed-writer.js';
import { decodeKeep, keepEncoder, type KeepSnapshot, type KeptList } from './format.js';

/** Where the store's lists are kept between sessions, and read back at start. */
export interface ListKeep extends WriteTarget<KeepSnapshot> {
  /** The lists kept by an earlier session (none when there is no file, or it is damaged). */
  load(): readonly KeptList[];
}

/** The keep file of the API at `baseUrl` in the cache folder `dir`. */
export function keepFile(dir: string, baseUrl: string): string {
  return apiStateFile(dir, 'lists', baseUrl);
}

/** A keep file of another API unused this long is removed (each port of a test emulator is an API). */
export const UNUSED_KEEP_MS = 30 * 24 * 3600_000;

/** A temporary file this old is what a killed process left: removed. */
const LEFT_TEMP_MS = 3600_000;

const KEEP_NAME = /^lists-[0-9a-f]{16}\.json(\.tmp-.*)?$/;

/** Removes keep files of APIs not used for UNUSED_KEEP_MS and temporary files left behind, but `file`. */
function prune(dir: string, file: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const m = KEEP_NAME.exec(name);
    if (!m || name === basename(file)) continue;
    const path = join(dir, name);
    const age = now - statSync(path).mtimeMs;
    if (age > (m[1] ? LEFT_TEMP_MS : UNUSED_KEEP_MS)) rmSync(path, { force: true });
  }
}

/**
 * The keep of one API. `onProblem` is told once, with a sentence, when the folder or file cannot
 * be written; nothing is written after that in this session.
 */
export function createFileKeep(file: string, onProblem: (sentence: string) => void): ListKeep {
  const dir = dirname(file);
  const out = atomicFile(file);
  const encode = keepEncoder();
  let ready = false;
  let off = false;
  /** Whether to write: the folder made (0700) at the first write; false once writing was given up on. */
  const prepare = (): boolean => {
    if (off) return false;
    if (!ready) {
      makeFolder(dir, 0o700);
      chmodSync(dir, 0o700); // Node's compile cache may have made it first, readable by all
      try {
        prune(dir, file, Date.now());
      } catch {
        // best effort: another process may be pruning too
      }
      ready = true;
    }
    return true;
  };
  const fail = (e: unknown) => {
    off = true;
    onProblem(`lists are not kept on disk (${diskProblem(e, dir)})`); // as the drafts' problem is said
  };
  return {
    load() {
      try {
        return decodeKeep(readFileSync(file, 'utf8')) ?? [];
      } catch {
        return []; // no file yet, or one that cannot be read: nothing kept
      }
    },
    save(snapshot) {
      try {
        if (prepare()) out.save(encode(snapshot));
      } catch (e) {
        fail(e);
      }
    },
    async saveInBackground(snapshot) {
      try {
        if (prepare()) await out.saveInBackground(encode(snapshot));
      } catch (e) {
        fail(e);
      }
    },
  };
}
