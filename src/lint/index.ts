// The lint: warnings for what the API accepts (or a file holds, or the service held before a check
// was added) that breaks a site: an https certificate that does not cover the cnames, an origin
// the edge cannot reach, a regular expression that backtracks catastrophically. Pure: records in,
// findings out, never a throw, whatever the records hold. docs/lint.md describes every code.
import { isPlainObject, type Rec } from '../schema/index.js';
import { lintCacheSetting } from './cache-setting.js';
import { lintConfiguration } from './configuration.js';
import { lintOrigin } from './origin.js';
import { lintRule } from './rule.js';
import type { LintKind } from './codes.js';
import { recordsOf, type LintFinding, type LintScope } from './types.js';

export { LINT_CODES, isLintCode, type LintCode, type LintKind } from './codes.js';
export type { LintFinding, LintScope } from './types.js';
export { printable } from './text.js';

/** Findings on one record (`record` of `kind`) in the context of its configuration `scope` (the record may or may not be in the scope's lists). */
export function lintRecord(kind: LintKind, record: Rec, scope: LintScope): LintFinding[] {
  if (!isPlainObject(record)) return [];
  switch (kind) {
    case 'configuration':
      return lintConfiguration(record);
    case 'origin':
      return lintOrigin(record);
    case 'cache_setting':
      return lintCacheSetting(record, scope);
    case 'rule':
      return lintRule(record, scope);
    default:
      return []; // a kind from outside the types (a caller's stray value): nothing to say
  }
}

/** The scope's records in the order they are linted: the configuration, then its origins, cache settings, rules (each in list order). */
export function scopeRecords(scope: LintScope): Array<readonly [LintKind, Rec]> {
  const each = (kind: LintKind, list: readonly unknown[] | undefined) => (recordsOf(list) ?? []).map((r) => [kind, r] as const);
  return [
    ...each('configuration', scope.configuration === undefined ? undefined : [scope.configuration]),
    ...each('origin', scope.origins),
    ...each('cache_setting', scope.cache_settings),
    ...each('rule', scope.rules),
  ];
}

/** Findings on every record of the scope: the configuration, then its origins, cache settings, rules (each in list order). */
export function lintScope(scope: LintScope): LintFinding[] {
  return scopeRecords(scope).flatMap(([kind, record]) => lintRecord(kind, record, scope));
}
