// The draft journal: the drafts on disk (atomic replace, 0600: atomic-file.ts), so a crash, a
// kill -9 or a dropped SSH link loses at most the last moment of typing (journal-writer.ts says
// when it is written). A journal that cannot be read is set aside, never deleted.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RecordKey } from './keys.js';
import type { Draft } from './types.js';
import { isPlainObject } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';
import { atomicFile } from './atomic-file.js';

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
  const out = atomicFile(file);
  // No drafts: no file (a start with none offers nothing back).
  const text = (drafts: Readonly<Record<RecordKey, Draft>>) =>
    Object.keys(drafts).length === 0 ? undefined : JSON.stringify({ version: VERSION, baseUrl, savedAt: new Date().toISOString(), drafts });
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
    save: (drafts) => out.save(text(drafts)),
    // The drafts as they are now are what is written, whatever changes while it is written.
    saveInBackground: (drafts) => out.saveInBackground(text(drafts)),
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
