// A snapshot (an export, or records read live) as a compare sees it: only the fields a user sets
// (no ids, no fields the server makes such as `domain_name`), references by what they point at (a
// rule's cache setting and origin by name), records keyed by what matches them across two
// configurations: a rule by path + regex, a cache setting by name.
import { schemaFor, type Rec } from '../schema/index.js';
import type { ExportFile } from './format.js';

export type Snapshot = ExportFile;

/** A rule's match: its path and whether it is a regex. */
export interface RuleMatch {
  readonly path: string;
  readonly regex: boolean;
}

export interface Normalised {
  readonly configuration: Rec;
  /** By name, sorted. */
  readonly cacheSettings: ReadonlyMap<string, Rec>;
  /** By `ruleKey`, sorted by path then regex. */
  readonly rules: ReadonlyMap<string, Rec>;
  readonly errorResponses: Rec;
}

/** Fields a user sets (the schema's, not read-only), in schema order. */
export function comparedFields(kind: 'configuration' | 'cache_setting' | 'rule' | 'error_responses'): readonly string[] {
  return schemaFor(kind)
    .fields.filter((f) => !f.readOnly)
    .map((f) => f.name);
}

export function ruleMatch(rule: Rec): RuleMatch {
  return { path: String(rule.path), regex: rule.regex === true };
}

/** The key a rule is matched by: stable, readable (`/img/*`, `^/a.*$ (regex)`). */
export function ruleKey(rule: Rec): string {
  const m = ruleMatch(rule);
  return m.regex ? `${m.path} (regex)` : m.path;
}

/** What a reference that points at nothing in its snapshot reads as: `#12`. */
export const dangling = (id: unknown): string => `#${String(id)}`;

function pick(kind: Parameters<typeof comparedFields>[0], record: Rec, map?: (field: string, value: unknown) => unknown): Rec {
  const out: Rec = {};
  for (const f of comparedFields(kind)) if (Object.hasOwn(record, f)) out[f] = map ? map(f, record[f]) : record[f];
  return out;
}

function sortedMap(entries: Array<[string, Rec]>, order: (a: string, b: string) => number): Map<string, Rec> {
  return new Map(entries.sort((a, b) => order(a[0], b[0])));
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `snapshot` normalised. `origins`: whether a rule's origin is compared (by name); off when either
 * side of a compare lacks the origins (a file of an earlier cdn-tui), so that is no difference.
 */
export function normalise(snapshot: Snapshot, origins = snapshot.origins !== undefined): Normalised {
  const cacheNames = new Map(snapshot.cache_settings.map((c) => [c.id, String(c.name)]));
  const originNames = new Map((snapshot.origins ?? []).map((o) => [o.id, String(o.name)]));
  const rules: Array<[string, Rec]> = [];
  for (const r of snapshot.rules) {
    const rec = pick('rule', r, (field, value) => {
      if (field === 'cache_settings_id') return value === null || value === undefined ? value : (cacheNames.get(value) ?? dangling(value));
      if (field === 'path_origin_id') return originNames.get(value) ?? dangling(value);
      return value;
    });
    if (!origins) delete rec.path_origin_id;
    rules.push([ruleKey(r), rec]);
  }
  return {
    configuration: pick('configuration', snapshot.configuration),
    cacheSettings: sortedMap(
      snapshot.cache_settings.map((c) => [String(c.name), pick('cache_setting', c)]),
      byText,
    ),
    rules: sortedMap(rules, byText),
    errorResponses: pick('error_responses', snapshot.error_responses),
  };
}
