// Copying a compare's differences onto a configuration as drafts (docs/ux.md §8): the TUI's `>`/`<` and
// `cdn-tui apply FILE --to`. Records are matched by what they are (a rule by path + regex, a cache
// setting by name), references remapped by name (a rule's cache setting, its origin); a copied rule
// whose cache setting does not exist there brings it along. The target's identity fields are kept
// unless one is chosen. Nothing is sent: the caller shows the normal review of `keys`.
import type { DraftTarget } from '../diff/index.js';
import { accepts, schemaFor, type Rec } from '../schema/index.js';
import { createValuesOf } from '../store/clone.js';
import { listKey, newRecordKey, parseKey, recordKey, type AppStore, type Draft, type RecordKey } from '../store/index.js';
import { compareSnapshots, recordMatch, type Difference } from './differences.js';
import { dangling, ruleKey, type Snapshot } from './normalise.js';
import { storeSnapshot } from './store-snapshot.js';

export interface CopyPlan {
  /** The drafts made, in the order they are sent (deletes last). */
  readonly keys: readonly RecordKey[];
  /** What was not copied as it was, and why (a cache setting brought along, a rule put on another origin, records kept). */
  readonly notes: readonly string[];
  /** Why nothing was drafted (then `keys` is empty); none so far: every difference can be copied. */
  readonly conflicts: readonly string[];
}

export interface CopyOptions {
  /** Records the source lacks (among those chosen, or all) are deleted; otherwise kept, and said in `notes`. */
  readonly prune?: boolean;
}

/** The records of one kind of configuration `conf` in the store, by their match (rule: path + regex; cache setting: name). */
function targetKeys(state: ReturnType<AppStore['getState']>, kind: 'rule' | 'cache_setting', conf: number): Map<string, RecordKey> {
  const out = new Map<string, RecordKey>();
  for (const k of state.lists[listKey(kind, conf)]?.keys ?? []) {
    const r = state.records[k];
    if (r) out.set(kind === 'rule' ? ruleKey(r) : String(r.name), k);
  }
  return out;
}

export async function planCopy(
  target: AppStore,
  source: Snapshot,
  targetConf: number,
  chosen: readonly Difference[] | 'all',
  options: CopyOptions = {},
): Promise<CopyPlan> {
  const s = () => target.getState();
  if (!(await s().loadWhole(targetConf))) {
    const why = Object.values(s().requests).find((r) => r.status === 'error')?.message ?? 'no answer';
    throw new Error(`configuration ${targetConf} could not be read: ${why}`);
  }
  const there = storeSnapshot(s(), targetConf);
  if (!there) throw new Error(`configuration ${targetConf} is not all loaded`);
  const all = compareSnapshots(source, there);
  const wanted = chosen === 'all' ? undefined : new Set(chosen.map((d) => d.id));
  const selected = all.filter((d) => (wanted ? wanted.has(d.id) : !d.identity));
  const notes: string[] = [];
  if (chosen !== 'all')
    for (const d of chosen)
      if (!all.some((x) => x.id === d.id)) notes.push(`${d.record}${d.field ? ` ${d.field}` : ''}: the same on both sides now`);

  const now = Date.now();
  const confKey = recordKey('configuration', undefined, targetConf);
  const errorsKey = recordKey('error_responses', targetConf);
  const rulesThere = targetKeys(s(), 'rule', targetConf);
  const cachesThere = targetKeys(s(), 'cache_setting', targetConf);
  const sourceRules = new Map(source.rules.map((r) => [ruleKey(r), r]));
  const sourceCaches = new Map(source.cache_settings.map((c) => [String(c.name), c]));
  const sourceCacheById = new Map(source.cache_settings.map((c) => [c.id, c]));
  const sourceOriginName = new Map((source.origins ?? []).map((o) => [o.id, String(o.name)]));
  const originsThere = there.origins ?? [];

  const edits: RecordKey[] = [];
  const creates: Array<[RecordKey, Draft]> = [];
  const deletes: RecordKey[] = [];
  const made = (kind: DraftTarget['kind'], values: Rec, refs?: Record<string, RecordKey>): RecordKey => {
    const key = newRecordKey(kind, targetConf);
    creates.push([
      key,
      { target: { kind, op: 'create', conf: targetConf }, values, startedAt: now, updatedAt: now, ...(refs ? { refs } : {}) },
    ]);
    return key;
  };
  /** The new cache setting copied from the source's `name` (once), for rules that need it. */
  const broughtAlong = new Map<string, RecordKey>();
  const bring = (name: string): RecordKey => {
    let key = broughtAlong.get(name);
    if (!key) {
      key = made('cache_setting', createValuesOf('cache_setting', sourceCaches.get(name)!));
      broughtAlong.set(name, key);
    }
    return key;
  };
  const edit = (key: RecordKey, field: string, value: unknown) => {
    const spec = schemaFor(parseKey(key).kind).fields.find((f) => f.name === field);
    if (!spec || !accepts(spec, 'patch')) {
      notes.push(`${field} not copied: the API does not change it`);
      return;
    }
    s().editField(key, field, structuredClone(value));
    if (!edits.includes(key)) edits.push(key);
  };

  /** A source rule's value of `field` as it is to be in the target: references remapped; `ref` when it takes a new record's id. */
  const ruleValue = (rule: Rec, field: string): { value: unknown; ref?: RecordKey } => {
    const v = rule[field];
    if (field === 'cache_settings_id' && v !== null && v !== undefined) {
      const cache = sourceCacheById.get(v);
      if (!cache) {
        notes.push(`rule ${String(rule.path)}: its cache setting ${dangling(v)} is not in the source, so none`);
        return { value: null };
      }
      const name = String(cache.name);
      const same = cachesThere.get(name);
      if (same) return { value: s().records[same]?.id };
      const key = bring(name);
      if (!notes.some((n) => n.startsWith(`cache setting ${name} copied too`)))
        notes.push(`cache setting ${name} copied too (none of that name in configuration ${targetConf})`);
      return { value: null, ref: key };
    }
    if (field === 'path_origin_id') {
      const name = sourceOriginName.get(v);
      const same = originsThere.find((o) => o.name === name) ?? originsThere[0];
      if (!same) return { value: v };
      if (same.name !== name)
        notes.push(
          `rule ${String(rule.path)}: on origin ${String(same.name)} (${String(same.id)})${name === undefined ? '' : ` (no origin named ${name} there)`}`,
        );
      return { value: same.id };
    }
    return { value: v };
  };

  for (const d of selected) {
    // A field the source leaves out (an edited file) is left alone, as `apply` does.
    if (d.field !== undefined && d.left === undefined) continue;
    const key = recordMatch(d);
    const { field } = d;
    if (d.group === 'settings') edit(confKey, d.field!, source.configuration[d.field!]);
    else if (d.group === 'error TTLs') edit(errorsKey, d.field!, source.error_responses[d.field!]);
    else if (d.group === 'cache settings') {
      const from = sourceCaches.get(key);
      const to = cachesThere.get(key);
      if (field !== undefined && from && to) edit(to, field, from[field]);
      else if (from && !to) bring(key);
      else if (to && options.prune) deletes.push(to);
      else if (to) notes.push(`${d.record}: only in configuration ${targetConf}, kept`);
    } else {
      const from = sourceRules.get(key);
      const to = rulesThere.get(key);
      if (field !== undefined && from && to) {
        const { value, ref } = ruleValue(from, field);
        if (!ref) edit(to, field, value);
        else {
          // The id of a cache setting made first: until then a stand-in that differs from the server's value (not checked: refs).
          const current = s().records[to]?.cache_settings_id;
          const standIn = current !== null && current !== undefined ? null : from[field];
          edit(to, field, standIn);
          const draft = s().drafts[to];
          if (draft) s().putDrafts([[to, { ...draft, refs: { ...draft.refs, [field]: ref } }]]);
        }
      } else if (from && !to) {
        const values = createValuesOf('rule', from);
        const refs: Record<string, RecordKey> = {};
        for (const f of ['path_origin_id', 'cache_settings_id']) {
          if (!Object.hasOwn(values, f)) continue;
          const { value, ref } = ruleValue(from, f);
          values[f] = value;
          if (ref) refs[f] = ref;
        }
        made('rule', values, Object.keys(refs).length ? refs : undefined);
      } else if (to && options.prune) deletes.push(to);
      else if (to) notes.push(`${d.record}: only in configuration ${targetConf}, kept`);
    }
  }

  // Sent in this order: the configuration, cache settings (new ones first: rules take their ids),
  // rules, error responses; deletes last, rules before the cache settings they may use.
  const rank = (k: RecordKey) => ['configuration:', 'cache_setting:', 'rule:', 'error_responses:'].findIndex((p) => k.startsWith(p));
  const created = creates.sort(([a], [b]) => rank(a) - rank(b));
  s().putDrafts(created);
  const updates = edits.filter((k) => s().drafts[k]);
  const byKind = (kind: number) => [...created.map(([k]) => k), ...updates].filter((k) => rank(k) === kind);
  const deleted = deletes.sort((a, b) => rank(b) - rank(a));
  for (const k of deleted) s().markDelete(k);
  const keys = [...new Set([...byKind(0), ...byKind(1), ...byKind(2), ...byKind(3), ...deleted])];
  return { keys: keys.filter((k) => s().drafts[k]), notes, conflicts: [] };
}
