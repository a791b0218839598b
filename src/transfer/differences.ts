// Two configurations' difference, field by field, grouped as the user thinks of them: settings,
// rules (by path + regex), cache settings (by name), error TTLs. No id is ever a difference by
// itself (normalise.ts).
import { jsonEqual } from '../diff/index.js';
import type { Rec } from '../schema/index.js';
import { comparedFields, normalise, type Normalised, type Snapshot } from './normalise.js';

export type CompareGroup = 'settings' | 'rules' | 'cache settings' | 'error TTLs';

export interface Difference {
  /** Stable across re-reads and sides: `configuration:active`, `rule:/img/*:gzip`, `cache_setting:images:*` (whole record). */
  readonly id: string;
  readonly group: CompareGroup;
  /** What the row names: 'configuration', 'rule /img/* (regex off)', 'cache setting images', 'error responses'. */
  readonly record: string;
  /** The field; undefined when the whole record exists on one side only. */
  readonly field?: string;
  /** The values, normalised (references by name); undefined = absent on that side. */
  readonly left: unknown;
  readonly right: unknown;
  /** name, cname, cname_access_only: shown, copied only when chosen one by one. */
  readonly identity: boolean;
}

/** A configuration's fields that say which one it is: shown, never copied by "all". */
export const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['name', 'cname', 'cname_access_only']);

/** Both sides normalised alike: a rule's origin is compared only when both snapshots name their origins. */
export function normaliseBoth(left: Snapshot, right: Snapshot): [Normalised, Normalised] {
  const origins = left.origins !== undefined && right.origins !== undefined;
  return [normalise(left, origins), normalise(right, origins)];
}

type Kind = 'configuration' | 'cache_setting' | 'rule' | 'error_responses';

/** The field differences of one record present on both sides, in schema order (then any other field). */
function fieldDifferences(kind: Kind, a: Rec, b: Rec, make: (field: string, left: unknown, right: unknown) => Difference): Difference[] {
  const fields = [...comparedFields(kind).filter((f) => Object.hasOwn(a, f) || Object.hasOwn(b, f))];
  return fields.filter((f) => !jsonEqual(a[f], b[f])).map((f) => make(f, a[f], b[f]));
}

/** The match of a rule's or cache setting's difference, from its id: `rule:/img/*:gzip` → `/img/*`, `cache_setting:images:*` → `images`. */
export function recordMatch(d: Pick<Difference, 'id'>): string {
  return d.id.slice(d.id.indexOf(':') + 1, d.id.lastIndexOf(':'));
}

/** The keys of two sorted maps, merged in order. */
function keysOf(a: ReadonlyMap<string, Rec>, b: ReadonlyMap<string, Rec>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

function recordDifferences(kind: 'cache_setting' | 'rule', a: ReadonlyMap<string, Rec>, b: ReadonlyMap<string, Rec>): Difference[] {
  const group: CompareGroup = kind === 'rule' ? 'rules' : 'cache settings';
  const out: Difference[] = [];
  for (const key of keysOf(a, b)) {
    const l = a.get(key);
    const r = b.get(key);
    const record = kind === 'rule' ? ruleName(l ?? r ?? {}) : `cache setting ${key}`;
    const base = { group, record, identity: false } as const;
    if (!l || !r) out.push({ ...base, id: `${kind}:${key}:*`, left: l, right: r });
    else
      out.push(...fieldDifferences(kind, l, r, (field, left, right) => ({ ...base, id: `${kind}:${key}:${field}`, field, left, right })));
  }
  return out;
}

/** How a row names a rule: `rule /img/* (regex off)`. */
export function ruleName(rule: Rec): string {
  return `rule ${String(rule.path)} (regex ${rule.regex === true ? 'on' : 'off'})`;
}

/** Every difference between `left` and `right`: settings, cache settings, rules, error TTLs. */
export function compareSnapshots(left: Snapshot, right: Snapshot): Difference[] {
  const [a, b] = normaliseBoth(left, right);
  const settings = fieldDifferences('configuration', a.configuration, b.configuration, (field, l, r) => ({
    id: `configuration:${field}`,
    group: 'settings',
    record: 'configuration',
    field,
    left: l,
    right: r,
    identity: IDENTITY_FIELDS.has(field),
  }));
  const errors = fieldDifferences('error_responses', a.errorResponses, b.errorResponses, (field, l, r) => ({
    id: `error_responses:${field}`,
    group: 'error TTLs',
    record: 'error responses',
    field,
    left: l,
    right: r,
    identity: false,
  }));
  return [
    ...settings,
    ...recordDifferences('rule', a.rules, b.rules),
    ...recordDifferences('cache_setting', a.cacheSettings, b.cacheSettings),
    ...errors,
  ];
}
