// The lint's records and findings: a configuration's scope as read, a finding on one of its records,
// and the small readers the checks share.
import { isPlainObject, type Rec } from '../schema/index.js';
import type { LintCode, LintKind } from './codes.js';

/** One configuration as read, or as a pending change will leave it. */
export interface LintScope {
  /** The configuration record (API fields; a create draft also holds the write-once origin_address). */
  readonly configuration?: Rec;
  /** undefined: not read, so the checks that need them are skipped (never guessed). */
  readonly rules?: readonly Rec[];
  readonly cache_settings?: readonly Rec[];
  readonly origins?: readonly Rec[];
}

export interface LintFinding {
  readonly code: LintCode;
  readonly kind: LintKind;
  /** The record's id (absent for a record not made yet). */
  readonly id?: number;
  /** The field to look at: 'path', 'cname', 'addresses'. */
  readonly field: string;
  /** One sentence: what breaks and why, naming the value. */
  readonly message: string;
}

/** A record's id: a positive whole number, else none (a draft of a record not made yet, or a file's stray value). */
export function idOf(record: Rec): number | undefined {
  const id = record.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function finding(code: LintCode, kind: LintKind, record: Rec, field: string, message: string): LintFinding {
  const id = idOf(record);
  return { code, kind, ...(id !== undefined ? { id } : {}), field, message };
}

/** The non-empty strings of a list field (a cname list, a vary list); anything but a list holds none. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

/** The records of a scope's list (anything else in it skipped); undefined when the list was not read. */
export function recordsOf(list: readonly unknown[] | undefined): Rec[] | undefined {
  return Array.isArray(list) ? list.filter(isPlainObject) : undefined;
}
