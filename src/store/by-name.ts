// References chosen by name across configurations (docs/ux.md §10): a bulk form over records of
// several configurations sets a rule's cache setting or origin by its name, and each record takes
// the one of that name in its own configuration (`html no-cache` is a different id in each). A
// configuration that has none of that name (or several) leaves the draft unresolved
// (`Draft.unresolved`): the review's pre-flight says so and `y` sends nothing while it stands.
import { schemaFor, type FieldSpec, type Rec, type RefKind } from '../schema/index.js';
import { listKey, parseKey, recordKey, type RecordKey } from './keys.js';
import type { DataState, Draft } from './types.js';
import { configurationWords } from './outcome.js';

type Lists = Pick<DataState, 'lists' | 'records'>;

/** The kind of record that `field` of `key`'s kind refers to, if it refers to one. */
export function refOf(key: RecordKey, field: string): RefKind | undefined {
  const f: FieldSpec | undefined = schemaFor(parseKey(key).kind).fields.find((x) => x.name === field);
  return f && 'ref' in f ? f.ref : undefined;
}

/** The lists a name chosen for `field` of these records is looked up in: the referenced kind's, of each record's configuration. */
export function refLists(keys: readonly RecordKey[], field: string): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    const ref = refOf(key, field);
    const { conf } = parseKey(key);
    if (ref && conf !== undefined) out.add(listKey(ref, conf));
  }
  return [...out];
}

/** The records of `kind` in configuration `conf`, as read. */
function recordsIn(s: Lists, kind: RefKind, conf: number | undefined): Rec[] {
  if (conf === undefined) return [];
  return (s.lists[listKey(kind, conf)]?.keys ?? []).flatMap((k) => (s.records[k] ? [s.records[k]] : []));
}

/** The id of the record of `kind` named `name` in `conf`: that name exactly, else in another case when only one has it. */
export function idByName(s: Lists, kind: RefKind, conf: number | undefined, name: string): number | undefined {
  const named = namedIn(s, kind, conf, name);
  return named.length === 1 ? Number(named[0]!.id) : undefined;
}

/** The records of `kind` in `conf` named `name`: exactly, else in any case. */
export function namedIn(s: Lists, kind: RefKind, conf: number | undefined, name: string): Rec[] {
  const all = recordsIn(s, kind, conf);
  const exact = all.filter((r) => r.name === name);
  return exact.length ? exact : all.filter((r) => String(r.name ?? '').toLowerCase() === name.toLowerCase());
}

/** The name of the record of `kind` with id `id` in `conf`, as read (undefined: none, or not read). */
export function nameById(s: Lists, kind: RefKind, conf: number | undefined, id: unknown): string | undefined {
  const r = conf === undefined ? undefined : s.records[recordKey(kind, conf, Number(id))];
  return r && typeof r.name === 'string' ? r.name : undefined;
}

/** The name of the record that `field` of `key` refers to with `value` (in `key`'s configuration, as read), if it is one. */
export function refNameOf(s: Lists, key: RecordKey, field: string, value: unknown): string | undefined {
  const ref = refOf(key, field);
  return ref && typeof value === 'number' ? nameById(s, ref, parseKey(key).conf, value) : undefined;
}

/** The names of the records of `kind` in these configurations, each once, sorted (a bulk form's choices). */
export function namesIn(s: Lists, kind: RefKind, confs: readonly number[]): string[] {
  const names = new Set<string>();
  for (const conf of confs) for (const r of recordsIn(s, kind, conf)) if (typeof r.name === 'string') names.add(r.name);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** `values` with each reference field named instead of numbered (its name in `key`'s configuration; an unresolved name as chosen). */
export function namedValues(s: Lists, key: RecordKey, values: Rec, unresolved?: Draft['unresolved']): Rec {
  const { kind, conf } = parseKey(key);
  const out: Rec = { ...values };
  for (const f of schemaFor(kind).fields) {
    if (!('ref' in f) || f.ref === undefined || !Object.hasOwn(values, f.name)) continue;
    const name = unresolved?.[f.name] ?? (values[f.name] === null ? undefined : nameById(s, f.ref, conf, values[f.name]));
    if (name !== undefined) out[f.name] = name;
  }
  return out;
}

/** What choosing `name` for `field` does to `key`'s draft: the id of its configuration's record of that name, or unresolved. */
export function resolveByName(s: Lists, d: Draft, key: RecordKey, field: string, name: string): Draft {
  const ref = refOf(key, field);
  const id = ref && idByName(s, ref, parseKey(key).conf, name);
  const rest = withoutField(d.unresolved, field);
  if (id !== undefined) return withUnresolved({ ...d, values: { ...d.values, [field]: id } }, rest);
  // Unresolved: the field keeps the value it had (nothing is sent for it), the name waits in `unresolved`.
  return { ...d, values: { ...d.values, [field]: d.base?.[field] ?? d.values[field] }, unresolved: { ...rest, [field]: name } };
}

/** The draft with these names unresolved (none: no `unresolved` at all). */
function withUnresolved(d: Draft, unresolved: Draft['unresolved']): Draft {
  const out: { -readonly [K in keyof Draft]: Draft[K] } = { ...d };
  if (unresolved) out.unresolved = unresolved;
  else delete out.unresolved;
  return out;
}

/** `unresolved` without `field` (undefined when nothing is left). */
export function withoutField(unresolved: Draft['unresolved'], field: string): Draft['unresolved'] {
  if (!unresolved || !Object.hasOwn(unresolved, field)) return unresolved;
  const rest = { ...unresolved };
  delete rest[field];
  return Object.keys(rest).length ? rest : undefined;
}

/** The draft with `field` no longer unresolved (an edit or a revert of it). */
export function settled(d: Draft, field: string): Draft {
  return d.unresolved?.[field] === undefined ? d : withUnresolved(d, withoutField(d.unresolved, field));
}

/** The sentence of the review's pre-flight for a name a configuration does not have. */
export function unresolvedWords(s: Lists, key: RecordKey, field: string, name: string): string {
  const { conf } = parseKey(key);
  const ref = refOf(key, field);
  const what = (ref ?? 'record').replace('_', ' ');
  // Several of that name (in another case each): which one is meant cannot be told.
  const several = ref ? namedIn(s, ref, conf, name).length : 0;
  const has = several > 1 ? `has ${several} ${what}s named` : `has no ${what} named`;
  return `${conf === undefined ? 'configuration' : configurationWords(s, conf)} ${has} ${JSON.stringify(name)}.`;
}
