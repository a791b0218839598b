// The draft journal: the drafts on disk (atomic replace, 0600: atomic-file.ts), so a crash, a
// kill -9 or a dropped SSH link loses at most the last moment of typing (delayed-writer.ts says
// when it is written). A journal that cannot be read is set aside, never deleted.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { RecordKey } from './keys.js';
import type { Draft } from './types.js';
import { isPlainObject } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';
import { atomicFile } from './atomic-file.js';
import { apiStateFile } from './state-files.js';

export { apiHash, apiStateFile, stateDir } from './state-files.js';

export interface DraftJournal {
  /**
   * The drafts to start with; a notice to show (a journal set aside); `problem`: the journal's
   * folder could not be written at start (the error), so drafts are not on disk until it can.
   */
  load(): { readonly drafts: Record<RecordKey, Draft>; readonly notice?: string; readonly problem?: unknown };
  /** Writes the drafts: on disk when it returns. */
  save(drafts: Readonly<Record<RecordKey, Draft>>): void;
  /**
   * Writes the drafts without holding the process up (the write and fsync run off the main
   * thread): on disk when it resolves, unless a later write (of either kind) got there first.
   */
  saveInBackground?(drafts: Readonly<Record<RecordKey, Draft>>): Promise<void>;
  /** The folder the journal is written in: what a failed write names. */
  readonly folder?: string;
  /** Writes these drafts, in the journal's format, to a new file at `path` (the quit question's "write them elsewhere"). */
  writeCopy?(path: string, drafts: Readonly<Record<RecordKey, Draft>>): void;
  /** Where such a file is copied to be offered again at the next start. */
  readonly restoreFile?: string;
}

/**
 * `<dir>/drafts-<hash>.json`: the journal of one API as earlier versions named it (one for all
 * sessions). Each session now has its own (session-journal.ts); a file by this name is offered to
 * the next start like the journal of a session that ended, which is how drafts written elsewhere
 * (the quit question's file) are put back.
 */
export function journalFile(dir: string, baseUrl: string): string {
  return apiStateFile(dir, 'drafts', baseUrl);
}

const VERSION = 1;

const OPS: readonly unknown[] = ['update', 'create', 'delete'];
const KINDS: readonly unknown[] = ['configuration', 'rule', 'cache_setting', 'error_responses'];

/** An object of texts (a draft's `refs`, `unresolved`). */
const textsOf = (v: unknown) => isPlainObject(v) && Object.values(v).every((r) => typeof r === 'string');

function isDraft(v: unknown): v is Draft {
  if (!isPlainObject(v) || !isPlainObject(v.target) || !isPlainObject(v.values)) return false;
  const { target } = v;
  return (
    KINDS.includes(target.kind) &&
    OPS.includes(target.op) &&
    (target.conf === undefined || typeof target.conf === 'number') &&
    (target.id === undefined || typeof target.id === 'number') &&
    (v.base === undefined || isPlainObject(v.base)) &&
    (v.refs === undefined || textsOf(v.refs)) &&
    (v.unresolved === undefined || textsOf(v.unresolved)) &&
    typeof v.startedAt === 'number' &&
    typeof v.updatedAt === 'number'
  );
}

/** The drafts of a journal file's JSON, or undefined when it is not one this version wrote. */
export function draftsOf(json: unknown): Record<RecordKey, Draft> | undefined {
  if (!isPlainObject(json) || json.version !== VERSION || !isPlainObject(json.drafts)) return undefined;
  const drafts: Record<RecordKey, Draft> = {};
  for (const [key, draft] of Object.entries(json.drafts)) {
    if (!isDraft(draft)) return undefined;
    drafts[key] = draft;
  }
  return drafts;
}

/** A journal file's text (undefined when there are no drafts: no file, and a start offers nothing back). */
export function journalText(drafts: Readonly<Record<RecordKey, Draft>>, baseUrl: string): string | undefined {
  return Object.keys(drafts).length === 0
    ? undefined
    : JSON.stringify({ version: VERSION, baseUrl, savedAt: new Date().toISOString(), drafts });
}

/** A time for file names: `2024-05-01T10-00-00-000Z`. */
export function fileTime(at: Date = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * Reads the journal `file`: its drafts, none when there is no file, or (a file that cannot be
 * read) none and a notice, the file set aside as `….unreadable-<time>` (kept, never deleted).
 */
export function readJournal(file: string): { readonly drafts: Record<RecordKey, Draft>; readonly notice?: string } {
  if (!existsSync(file)) return { drafts: {} };
  try {
    const drafts = draftsOf(JSON.parse(readFileSync(file, 'utf8')));
    if (!drafts) throw new Error('unknown format');
    return { drafts };
  } catch (e) {
    const aside = `${file}.unreadable-${fileTime()}`;
    renameSync(file, aside);
    return { drafts: {}, notice: `The draft journal could not be read (${errorMessage(e)}); it was kept as ${aside}.` };
  }
}

export function createFileJournal(file: string, baseUrl: string): DraftJournal {
  const out = atomicFile(file);
  const text = (drafts: Readonly<Record<RecordKey, Draft>>) => journalText(drafts, baseUrl);
  return {
    load: () => readJournal(file),
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
