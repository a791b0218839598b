// Deletes the API refuses (409, docs/origins-and-purge.md): an origin or cache setting that rules
// still use, and a configuration's Default Origin. The emulator answers with these, and the
// review's pre-flight asks the same of a delete before it is sent.
import { problem, type Problem } from './messages.js';
import { ruleFieldReferring } from './registry.js';
import type { Rec } from './types.js';

/** What the delete is checked against: the configuration's rules and the ids of its origins. */
export interface DeleteScope {
  readonly rules: Iterable<Rec>;
  readonly originIds: Iterable<number>;
}

/** The Default Origin: the one made with the configuration (ids only grow, and it is never deleted). */
export function defaultOriginId(originIds: Iterable<number>): number | undefined {
  let first: number | undefined;
  for (const id of originIds) if (first === undefined || id < first) first = id;
  return first;
}

/** The rules of `scope` that refer to record `id` of `kind` (by the rule schema's `ref` field). */
export function rulesUsing(kind: 'origin' | 'cache_setting', id: number, rules: Iterable<Rec>): Rec[] {
  const field = ruleFieldReferring(kind);
  return field === undefined ? [] : [...rules].filter((r) => r[field] === id);
}

/**
 * Why the API refuses to delete record `id` of `kind` from its configuration, or undefined. A rule
 * that is not made yet (no id) is named by how `nameOf` names it.
 */
export function deleteProblem(
  kind: 'rule' | 'cache_setting' | 'origin',
  id: number,
  scope: DeleteScope,
  nameOf: (rule: Rec) => string = (r) => String(r.id),
): Problem | undefined {
  if (kind === 'rule') return undefined;
  if (kind === 'origin' && id === defaultOriginId(scope.originIds)) return problem('defaultOriginKept', id);
  const users = rulesUsing(kind, id, scope.rules);
  return users.length ? problem('inUse', kind === 'origin' ? 'Origin' : 'Cache setting', id, users.map(nameOf)) : undefined;
}
