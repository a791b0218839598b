// The history of sent changes (UX.md §6): every write the app sent, with when, which record, the
// values of the changed fields before and after, and what came of it; per profile, in the state
// folder (0600), the newest HISTORY_LIMIT, each write atomic (a temporary file renamed over it).
// It holds record values only: never the token, never a header.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject, type Rec } from '../schema/index.js';
import { apiStateFile } from './journal.js';
import { writeSynced } from './atomic-file.js';
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
  readonly status?: number;
  /** Why it failed. */
  readonly message?: string;
}

export interface HistoryStore {
  load(): readonly HistoryEntry[];
  /** Replaces the file with these entries (the newest HISTORY_LIMIT), on disk when it returns. */
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
  return isPlainObject(v) && records(v.origins) && records(v.cache_settings) && records(v.rules) && (v.error_responses === undefined || isPlainObject(v.error_responses));
}

/** An entry of the file, its `contents` dropped when they are not what undo can use. */
function entryOf(v: unknown): HistoryEntry | undefined {
  if (!isEntry(v)) return undefined;
  if (v.contents === undefined || isContents(v.contents)) return v;
  const { contents: _dropped, ...rest } = v;
  return rest;
}

export function createFileHistory(file: string): HistoryStore {
  return {
    load() {
      if (!existsSync(file)) return [];
      try {
        const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
        const entries = json !== null && typeof json === 'object' && 'entries' in json && Array.isArray(json.entries) ? json.entries : [];
        return entries.map(entryOf).filter((e) => e !== undefined);
      } catch {
        return []; // a damaged history is not worth stopping for: it starts again
      }
    },
    save(entries) {
      mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
      const tmp = `${file}.tmp-${process.pid}`;
      writeSynced(tmp, JSON.stringify({ version: VERSION, entries: entries.slice(-HISTORY_LIMIT) }));
      chmodSync(tmp, 0o600);
      renameSync(tmp, file);
    },
  };
}

export function createMemoryHistory(initial: readonly HistoryEntry[] = []): HistoryStore & { saved: () => readonly HistoryEntry[] } {
  let kept = initial.slice(-HISTORY_LIMIT);
  return {
    load: () => kept,
    save: (entries) => {
      kept = entries.slice(-HISTORY_LIMIT);
    },
    saved: () => kept,
  };
}
