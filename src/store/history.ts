// The history of sent changes (docs/ux.md §6): every write the app sent, with when, which record, the
// values of the changed fields before and after, and what came of it; per profile, in the state
// folder (0600), the newest HISTORY_LIMIT, each write atomic (atomic-file.ts). Sessions on one
// profile share the file: a write reads it again and adds what is new on either side, holding a
// lock (file-lock.ts) between the read and the rename, so two sessions sending at once both keep
// their entries. It holds record values only: never the token, never a header.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPlainObject, type Rec } from '../schema/index.js';
import { apiStateFile } from './state-files.js';
import { atomicFile } from './atomic-file.js';
import { withFileLock } from './file-lock.js';
import { makeFolder } from '../util/make-folder.js';
import type { RecordKey } from './keys.js';
import type { ConfigurationContents } from './clone.js';

export const HISTORY_LIMIT = 1000;

export interface HistoryEntry {
  /** When the answer came (ISO 8601). */
  readonly at: string;
  /** The record: for a create, the new record's key once known. */
  readonly key: RecordKey;
  /** How the record is named in lists (its name or path, else its key). */
  readonly title: string;
  readonly method: 'PATCH' | 'POST' | 'DELETE';
  readonly path: string;
  /** The changed fields as they were (an edit), or the whole record (a delete). */
  readonly before?: Rec;
  /** The changed fields as sent (an edit), or the record made (a create). */
  readonly after?: Rec;
  /** A configuration deleted: what it held then (so that undoing it makes that again). */
  readonly contents?: ConfigurationContents;
  readonly result: 'applied' | 'failed';
  /** The send it was part of (one `y`, one `cdn-tui apply`): one undo reverses all of it. Absent in entries of older versions: each a send of its own. */
  readonly send?: string;
  /**
   * The parking request of a record whose own request went later in the same send (send-plan.ts):
   * undone by undoing that request when it was applied, else on its own.
   */
  readonly parked?: true;
  /** A purge (POST /purge/…): kept to be seen, never undone. */
  readonly purge?: true;
  readonly status?: number;
  /** Why it failed. */
  readonly message?: string;
}

export interface HistoryStore {
  load(): readonly HistoryEntry[];
  /** Adds these entries to the history (the newest HISTORY_LIMIT are kept), on disk when it returns. */
  save(entries: readonly HistoryEntry[]): void;
}

/** `<dir>/history-<hash of the API's URL>.json`: one history per profile (API). */
export function historyFile(dir: string, baseUrl: string): string {
  return apiStateFile(dir, 'history', baseUrl);
}

const VERSION = 1;

function isEntry(v: unknown): v is HistoryEntry {
  if (v === null || typeof v !== 'object') return false;
  const o: Record<string, unknown> = Object.fromEntries(Object.entries(v));
  return ['at', 'key', 'title', 'path', 'method', 'result'].every((k) => typeof o[k] === 'string');
}

const records = (v: unknown): boolean => Array.isArray(v) && v.every(isPlainObject);

/** What a deleted configuration held, as the file has it: kept only when it has that shape. */
function isContents(v: unknown): v is ConfigurationContents {
  return (
    isPlainObject(v) &&
    records(v.origins) &&
    records(v.cache_settings) &&
    records(v.rules) &&
    (v.error_responses === undefined || isPlainObject(v.error_responses))
  );
}

/** An entry of the file, its `contents` dropped when they are not what undo can use. */
function entryOf(v: unknown): HistoryEntry | undefined {
  if (!isEntry(v)) return undefined;
  if (v.contents === undefined || isContents(v.contents)) return v;
  const { contents: _dropped, ...rest } = v;
  return rest;
}

/** A new send's id: when it began, and enough chance that two sessions starting one at the same millisecond differ. */
export function newSendId(now: number): string {
  return `${new Date(now).toISOString()}~${Math.random().toString(36).slice(2, 8)}`;
}

/** The send an entry was part of (an entry of an older version: its own). */
export function sendOf(e: HistoryEntry): string {
  return e.send ?? identity(e);
}

/** Whether the API refused the write (an answer 4xx): it changed nothing. */
export function refused(e: HistoryEntry): boolean {
  return e.result === 'failed' && e.status !== undefined && e.status >= 400 && e.status < 500;
}

/** What tells two entries apart: one write's answer, at one millisecond, to one record. */
const identity = (e: HistoryEntry) => `${e.at} ${e.key} ${e.method} ${e.path} ${e.result}`;

/** The entries of both, each once, oldest first (by `at`; ISO 8601 times sort as text), the newest HISTORY_LIMIT. */
export function mergeHistory(a: readonly HistoryEntry[], b: readonly HistoryEntry[]): HistoryEntry[] {
  const seen = new Map<string, HistoryEntry>();
  for (const e of [...a, ...b]) if (!seen.has(identity(e))) seen.set(identity(e), e);
  return [...seen.values()].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0)).slice(-HISTORY_LIMIT);
}

export function createFileHistory(file: string): HistoryStore {
  const out = atomicFile(file);
  const load = (): HistoryEntry[] => {
    if (!existsSync(file)) return [];
    try {
      const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const entries = json !== null && typeof json === 'object' && 'entries' in json && Array.isArray(json.entries) ? json.entries : [];
      return entries.map(entryOf).filter((e) => e !== undefined);
    } catch {
      return []; // a damaged history is not worth stopping for: it starts again
    }
  };
  return {
    load,
    save(entries) {
      makeFolder(dirname(file), 0o700);
      withFileLock(`${file}.lock`, () => out.save(JSON.stringify({ version: VERSION, entries: mergeHistory(load(), entries) })));
    },
  };
}

export function createMemoryHistory(initial: readonly HistoryEntry[] = []): HistoryStore & { saved: () => readonly HistoryEntry[] } {
  let kept = initial.slice(-HISTORY_LIMIT);
  return {
    load: () => kept,
    save: (entries) => {
      kept = mergeHistory(kept, entries);
    },
    saved: () => kept,
  };
}
