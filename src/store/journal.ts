// The draft journal: the drafts on disk (atomic replace, 0600), so a crash, a kill -9 or a dropped
// SSH link loses at most the last moment of typing (journal-writer.ts says when it is written). A
// journal that cannot be read is set aside, never deleted.
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RecordKey } from './keys.js';
import type { Draft } from './types.js';
import { isPlainObject } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';

export interface DraftJournal {
  load(): { readonly drafts: Record<RecordKey, Draft>; readonly notice?: string };
  /** Writes the drafts: on disk when it returns. */
  save(drafts: Readonly<Record<RecordKey, Draft>>): void;
  /**
   * Writes the drafts without holding the process up (the write and fsync run off the main
   * thread): on disk when it resolves, unless a later write (of either kind) got there first.
   */
  saveInBackground?(drafts: Readonly<Record<RecordKey, Draft>>): Promise<void>;
}

/** `$XDG_STATE_HOME/cdn-tui` (default `~/.local/state/cdn-tui`). */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  return join(base, 'cdn-tui');
}

/** `<dir>/<what>-<hash of the API's URL>.json`: a state file per API (profile). */
export function apiStateFile(dir: string, what: string, baseUrl: string): string {
  const id = createHash('sha256').update(baseUrl.replace(/\/+$/, '')).digest('hex').slice(0, 16);
  return join(dir, `${what}-${id}.json`);
}

/** One journal file per API (base URL), so drafts of the demo never mix with production's. */
export function journalFile(dir: string, baseUrl: string): string {
  return apiStateFile(dir, 'drafts', baseUrl);
}

/** Writes `text` to a new file at `path` (mode 0600) and syncs it to disk before it returns. */
export function writeSynced(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const VERSION = 1;

const OPS: readonly unknown[] = ['update', 'create', 'delete'];
const KINDS: readonly unknown[] = ['configuration', 'rule', 'cache_setting', 'error_responses'];

function isDraft(v: unknown): v is Draft {
  if (!isPlainObject(v) || !isPlainObject(v.target) || !isPlainObject(v.values)) return false;
  const { target } = v;
  return (
    KINDS.includes(target.kind) &&
    OPS.includes(target.op) &&
    (target.conf === undefined || typeof target.conf === 'number') &&
    (target.id === undefined || typeof target.id === 'number') &&
    (v.base === undefined || isPlainObject(v.base)) &&
    (v.refs === undefined || (isPlainObject(v.refs) && Object.values(v.refs).every((r) => typeof r === 'string'))) &&
    typeof v.startedAt === 'number' &&
    typeof v.updatedAt === 'number'
  );
}

/** The drafts of a journal file's JSON, or undefined when it is not one this version wrote. */
function draftsOf(json: unknown): Record<RecordKey, Draft> | undefined {
  if (!isPlainObject(json) || json.version !== VERSION || !isPlainObject(json.drafts)) return undefined;
  const drafts: Record<RecordKey, Draft> = {};
  for (const [key, draft] of Object.entries(json.drafts)) {
    if (!isDraft(draft)) return undefined;
    drafts[key] = draft;
  }
  return drafts;
}

export function createFileJournal(file: string, baseUrl: string): DraftJournal {
  const dir = join(file, '..');
  let started = 0; // writes begun, numbered in order
  let landed = 0; // the newest write in place
  const writing = new Set<string>(); // temporary files of background writes not in place yet
  const text = (drafts: Readonly<Record<RecordKey, Draft>>) => JSON.stringify({ version: VERSION, baseUrl, savedAt: new Date().toISOString(), drafts });
  /** Puts write `n` in place (`tmp`, or no file when there are no drafts), unless a newer write is there already. */
  const land = (n: number, tmp: string | undefined) => {
    if (n < landed) {
      if (tmp) rmSync(tmp, { force: true });
      return;
    }
    landed = n;
    if (!tmp) {
      if (existsSync(file)) unlinkSync(file);
      return;
    }
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  };
  return {
    load() {
      if (!existsSync(file)) return { drafts: {} };
      try {
        const drafts = draftsOf(JSON.parse(readFileSync(file, 'utf8')));
        if (!drafts) throw new Error('unknown format');
        return { drafts };
      } catch (e) {
        const aside = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(file, aside);
        return { drafts: {}, notice: `The draft journal could not be read (${errorMessage(e)}); it was kept as ${aside}.` };
      }
    },
    save(drafts) {
      const n = ++started;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      let tmp: string | undefined;
      if (Object.keys(drafts).length > 0) {
        tmp = `${file}.tmp-${process.pid}-${n}`;
        writeSynced(tmp, text(drafts));
      }
      land(n, tmp);
      // Background writes still under way lose to this one: their files go now (this may be the
      // last write before the process exits, when they would never finish).
      for (const t of writing) rmSync(t, { force: true });
    },
    async saveInBackground(drafts) {
      const n = ++started;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (Object.keys(drafts).length === 0) return land(n, undefined);
      const data = text(drafts); // the drafts as they are now, whatever changes while it is written
      const tmp = `${file}.tmp-${process.pid}-${n}`;
      writing.add(tmp);
      try {
        const handle = await open(tmp, 'w', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        land(n, tmp);
      } catch (e) {
        rmSync(tmp, { force: true });
        throw e;
      } finally {
        writing.delete(tmp);
      }
    },
  };
}

/** A journal in memory (tests, --no-journal). */
export function createMemoryJournal(initial: Record<RecordKey, Draft> = {}): DraftJournal & { saved: number } {
  let current = structuredClone(initial);
  const j = {
    saved: 0,
    load: () => ({ drafts: structuredClone(current) }),
    save: (drafts: Readonly<Record<RecordKey, Draft>>) => {
      current = structuredClone({ ...drafts });
      j.saved++;
    },
  };
  return j;
}
