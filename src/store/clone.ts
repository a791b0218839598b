// A configuration with what it holds, made again as drafts (docs/ux.md §6): `C` clones one under a new
// name, undoing the delete of one makes it again. The new configuration's cache settings, rules and
// error responses refer to it, and its rules to their new cache settings, through `Draft.refs`
// (refs.ts): one review lists every request in the order it is sent.
import { patchOnlyFields, type DraftTarget } from '../diff/index.js';
import { acceptedFields, isPlainObject, schemaFor, type Rec } from '../schema/index.js';
import { newRecordKey, type RecordKey } from './keys.js';
import { FIRST_ORIGIN } from './refs.js';
import type { DataState, Draft } from './types.js';

/** What a configuration holds besides its own fields, as read from the API. */
export interface ConfigurationContents {
  readonly origins: readonly Rec[];
  readonly cache_settings: readonly Rec[];
  readonly rules: readonly Rec[];
  readonly error_responses?: Rec;
}

export interface CloneDrafts {
  /** In the order they are sent: the configuration, its cache settings, rules, error responses. */
  readonly drafts: ReadonlyArray<readonly [RecordKey, Draft]>;
  /** What was not copied as it was, and why. */
  readonly notes: readonly string[];
}

/** `<name> (<word>)`, or `(<word> 2)`, … : the first not among `taken`. */
export function freeName(name: string, word: string, taken: ReadonlySet<unknown>): string {
  for (let n = 1; ; n++) {
    const candidate = `${name} (${word}${n === 1 ? '' : ` ${n}`})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The key of the configuration listed in the store under `name`, if any. */
export function configurationNamed(state: Pick<DataState, 'lists' | 'records'>, name: unknown): RecordKey | undefined {
  return (state.lists.configurations?.keys ?? []).find((k) => state.records[k]?.name === name);
}

/** The names of the configurations listed in the store. */
export function configurationNames(state: Pick<DataState, 'lists' | 'records'>): Set<unknown> {
  return new Set((state.lists.configurations?.keys ?? []).map((k) => state.records[k]?.name));
}

/** What a new record copied from `record` is sent with: the fields a create accepts, copied. */
export function createValuesOf(kind: DraftTarget['kind'], record: Rec): Rec {
  const values: Rec = {};
  for (const f of acceptedFields(schemaFor(kind), 'create'))
    if (Object.hasOwn(record, f.name)) values[f.name] = structuredClone(record[f.name]);
  return values;
}

/** A deleted record's values to make it again: what a create sends, and what a PATCH after it sets (diff's followUp). */
export function restoreValuesOf(kind: DraftTarget['kind'], record: Rec): Rec {
  const values = createValuesOf(kind, record);
  for (const f of patchOnlyFields(kind)) if (Object.hasOwn(record, f)) values[f] = structuredClone(record[f]);
  return values;
}

/** The write-once origin fields of a configuration, from its first origin (the Default Origin the create made). */
function originFields(origin: Rec | undefined): Rec {
  if (!origin) return {};
  const addresses: unknown[] = Array.isArray(origin.addresses) ? origin.addresses : [];
  const first = addresses.find((a): a is Rec => isPlainObject(a) && typeof a.address === 'string');
  return {
    ...(first ? { origin_address: first.address } : {}),
    ...(typeof origin.host_header === 'string' ? { origin_host_header: origin.host_header } : {}),
    ...(typeof origin.origin_protocol_policy === 'string' ? { origin_protocol_policy: origin.origin_protocol_policy } : {}),
  };
}

/** Error responses as a new configuration has them: every field 0. */
function freshErrorResponses(): Rec {
  return Object.fromEntries(schemaFor('error_responses').fields.map((f) => [f.name, 0]));
}

/**
 * Drafts that make `configuration` again with its contents: named `name`, with new ids, references
 * remapped. `restore`: a delete undone takes its cnames back (a clone cannot: a cname belongs to one
 * configuration only), and what only a PATCH sets (`active`, `rawlogs`).
 */
export function cloneDrafts(configuration: Rec, contents: ConfigurationContents, name: string, now: number, restore = false): CloneDrafts {
  const notes: string[] = [];
  const draft = (target: DraftTarget, values: Rec, refs?: Record<string, RecordKey>, base?: Rec): Draft => ({
    target,
    values,
    startedAt: now,
    updatedAt: now,
    ...(base ? { base } : {}),
    ...(refs ? { refs } : {}),
  });
  const confKey = newRecordKey('configuration');
  // Made again (an undo): what a create cannot set too (`active`, `rawlogs`), set by a PATCH after it.
  const made = restore ? restoreValuesOf('configuration', configuration) : createValuesOf('configuration', configuration);
  const values: Rec = { ...made, ...originFields(contents.origins[0]), name };
  if (!restore && Array.isArray(values.cname) && values.cname.length) {
    notes.push(`cnames not copied (${values.cname.length}): a cname belongs to one configuration only`);
    values.cname = [];
    values.cname_access_only = false;
  }
  notes.push('the configuration’s browser and CDN cache fields start at their defaults (write-once: the API never returns them)');
  const out: Array<[RecordKey, Draft]> = [[confKey, draft({ kind: 'configuration', op: 'create' }, values)]];

  const cacheKeys = new Map<unknown, RecordKey>();
  for (const c of contents.cache_settings) {
    const key = newRecordKey('cache_setting', confKey);
    cacheKeys.set(c.id, key);
    out.push([key, draft({ kind: 'cache_setting', op: 'create' }, createValuesOf('cache_setting', c), { conf: confKey })]);
  }
  // The first origin is made with the configuration (from its origin fields); the others are made
  // after it, and a rule on one of them points at its copy.
  const originKeys = new Map<unknown, RecordKey>();
  for (const o of contents.origins.slice(1)) {
    const key = newRecordKey('origin', confKey);
    originKeys.set(o.id, key);
    out.push([key, draft({ kind: 'origin', op: 'create' }, createValuesOf('origin', o), { conf: confKey })]);
  }
  for (const r of contents.rules) {
    const refs: Record<string, RecordKey> = { conf: confKey, path_origin_id: originKeys.get(r.path_origin_id) ?? FIRST_ORIGIN };
    const ruleValues = createValuesOf('rule', r);
    const cache = r.cache_settings_id === null || r.cache_settings_id === undefined ? undefined : cacheKeys.get(r.cache_settings_id);
    if (cache) refs.cache_settings_id = cache;
    else if (r.cache_settings_id !== null && r.cache_settings_id !== undefined) {
      ruleValues.cache_settings_id = null;
      notes.push(`rule ${String(r.path)}: its cache setting ${String(r.cache_settings_id)} was not found, so none`);
    }
    out.push([newRecordKey('rule', confKey), draft({ kind: 'rule', op: 'create' }, ruleValues, refs)]);
  }
  const errors = contents.error_responses;
  const fresh = freshErrorResponses();
  if (errors && Object.keys(fresh).some((f) => errors[f] !== fresh[f])) {
    const wanted = Object.fromEntries(Object.keys(fresh).map((f) => [f, errors[f] ?? 0]));
    out.push([
      newRecordKey('error_responses', confKey),
      draft({ kind: 'error_responses', op: 'update' }, wanted, { conf: confKey }, fresh),
    ]);
  }
  return { drafts: out, notes };
}
