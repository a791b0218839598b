// Rules and cache settings copied as new-record drafts into a configuration (docs/ux.md §6 copy, §10
// "Add to many"), from records as read or from a new rule's draft. References are resolved by name
// in the target: a rule's cache setting is the one of the same name there, or is copied along; its
// origin is the target's first, or (a new rule added to many) the one of the same name, else the first.
import type { Rec } from '../schema/index.js';
import { createValuesOf } from './clone.js';
import { listKey, newRecordKey, parseKey, recordKey, type RecordKey } from './keys.js';
import type { DataState, Draft } from './types.js';

/** A record to copy: its key (where its references are resolved) and its values. */
export type CopySource = readonly [key: RecordKey, record: Rec];

export interface CopyOptions {
  /** A rule goes on the origin named as its own there (else the first): a new rule added to many configurations. */
  readonly originByName?: boolean;
}

export interface CopyDrafts {
  /** In the order they are sent: cache settings first, the rules that refer to them after. */
  readonly drafts: ReadonlyArray<readonly [RecordKey, Draft]>;
  /** What was not copied as it was, and why. */
  readonly notes: readonly string[];
}

type Lists = Pick<DataState, 'lists' | 'records'>;

/** The records of a list as read (none when it is not). */
function recordsOf(state: Lists, kind: 'origin' | 'cache_setting', conf: number | undefined): Rec[] {
  return (state.lists[listKey(kind, conf)]?.keys ?? []).map((k) => state.records[k]).filter((r): r is Rec => r !== undefined);
}

/** The record a rule's reference `id` names in the rule's own configuration. */
function referred(state: Lists, kind: 'origin' | 'cache_setting', from: RecordKey, id: unknown): Rec | undefined {
  return id === null || id === undefined ? undefined : state.records[recordKey(kind, parseKey(from).conf, Number(id))];
}

/** The records of `keys` as read, to copy; or which one is not read. */
export function copySources(state: Lists, keys: readonly RecordKey[]): CopySource[] | { readonly problem: string } {
  const missing = keys.find((k) => !state.records[k]);
  return missing === undefined ? keys.map((k) => [k, state.records[k]!] as const) : { problem: `${missing} cannot be copied` };
}

/**
 * Drafts that copy `sources` (rules, cache settings) into configuration `conf`, whose origins and
 * cache settings are read. A cache setting whose name is taken there, a rule with no origin to go
 * on, or a cache setting of the source not read, is a problem: nothing is drafted.
 */
export function copyDrafts(
  state: Lists,
  sources: readonly CopySource[],
  conf: number,
  now: number,
  options: CopyOptions = {},
): CopyDrafts | { readonly problem: string } {
  const origins = recordsOf(state, 'origin', conf);
  const caches = recordsOf(state, 'cache_setting', conf);
  const notes = new Set<string>();
  const made: Array<[RecordKey, Draft]> = [];
  const draft = (kind: 'rule' | 'cache_setting', values: Rec, refs?: Record<string, RecordKey>): Draft => ({
    target: { kind, op: 'create', conf },
    values,
    startedAt: now,
    updatedAt: now,
    ...(refs ? { refs } : {}),
  });
  /** The new cache setting drafted from `source` (each source copied once). */
  const copies = new Map<RecordKey, RecordKey>();
  const copyOf = (source: RecordKey, record: Rec): RecordKey => {
    let key = copies.get(source);
    if (!key) {
      key = newRecordKey('cache_setting', conf);
      copies.set(source, key);
      made.push([key, draft('cache_setting', createValuesOf('cache_setting', record))]);
    }
    return key;
  };
  // Cache settings first: a copied rule refers to the copy of its cache setting.
  const order = [
    ...sources.filter(([k]) => parseKey(k).kind === 'cache_setting'),
    ...sources.filter(([k]) => parseKey(k).kind !== 'cache_setting'),
  ];
  for (const [key, record] of order) {
    const { kind } = parseKey(key);
    if (kind !== 'rule' && kind !== 'cache_setting') return { problem: `${key} cannot be copied` };
    if (kind === 'cache_setting') {
      if (caches.some((c) => c.name === record.name))
        return { problem: `configuration ${conf} already has a cache setting named ${JSON.stringify(record.name)}` };
      copyOf(key, record);
      continue;
    }
    const own = options.originByName ? referred(state, 'origin', key, record.path_origin_id) : undefined;
    const namesake = own && origins.find((o) => o.name === own.name);
    const origin = namesake ?? origins[0];
    if (!origin) return { problem: `configuration ${conf} has no origin to put the rules on` };
    const values: Rec = { ...createValuesOf(kind, record), path_origin_id: origin.id };
    notes.add(
      namesake
        ? `rules go on the origin of the same name there, ${String(origin.name)} (${String(origin.id)})`
        : `rules go on the origin ${String(origin.name)} (${String(origin.id)})`,
    );
    let refs: Record<string, RecordKey> | undefined;
    const from = record.cache_settings_id;
    if (from !== null && from !== undefined) {
      const sourceKey = recordKey('cache_setting', parseKey(key).conf, Number(from));
      const source = state.records[sourceKey];
      const same = caches.find((c) => source && c.name === source.name);
      if (same) {
        values.cache_settings_id = same.id;
        notes.add(`cache setting ${String(same.name)} mapped to the one there (${String(same.id)})`);
      } else if (source) {
        refs = { cache_settings_id: copyOf(sourceKey, source) };
        if (!sources.some(([k]) => k === sourceKey))
          notes.add(`cache setting ${String(source.name)} copied too (there is none of that name there)`);
      } else return { problem: `the cache setting ${String(from)} of rule ${String(record.path)} is not loaded` };
    }
    made.push([newRecordKey(kind, conf), draft(kind, values, refs)]);
  }
  return { drafts: made, notes: [...notes] };
}
