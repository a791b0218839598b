// The lint's vocabulary: the codes of what the API accepts (or accepted once, or a file holds) but
// that breaks a site, the records they are found on, and a finding. docs/lint.md describes each code.
import { isPlainObject, type Rec } from '../schema/index.js';

export type LintKind = 'configuration' | 'rule' | 'cache_setting' | 'origin';

/** Every code, in the order docs/lint.md describes them. */
export const LINT_CODES = [
  'cname_access_only_without_cname',
  'shared_certificate_cnames',
  'origin_unreachable_address',
  'regex_invalid',
  'regex_catastrophic',
  'redirect_without_target',
  'https_redirect_on_http_site',
  'override_zero_ttl',
  'empty_vary_list',
  'unused_cache_setting',
] as const;

export type LintCode = (typeof LINT_CODES)[number];

export function isLintCode(s: string): s is LintCode {
  return LINT_CODES.some((code) => code === s);
}

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
