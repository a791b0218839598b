// Editing: drafts made, changed, reverted and reviewed. Every change of `drafts` is journaled by
// the store. A new record starts as a blank (not journaled, not pending) and becomes a draft at its
// first edit, so a form left with nothing typed leaves nothing behind.
import { changedFields, followUp, followUpRequest, jsonEqual, type DraftTarget } from '../../diff/index.js';
import { accepts, schemaFor, type FieldSpec, type Rec } from '../../schema/index.js';
import { cloneDrafts, configurationNamed } from '../clone.js';
import { copyDrafts, copySources } from '../copy-into.js';
import { undoDrafts } from '../undo.js';
import { listKey, listOf, newRecordKey, parseKey, recordKey, type RecordKey } from '../keys.js';
import type { HistoryEntry } from '../history.js';
import type { SliceContext } from '../context.js';
import type { DataState, Draft, Review } from '../types.js';
import { checkDrafted } from '../validate-draft.js';
import { resolveByName, settled } from '../by-name.js';
import { dependents, refWords, requestOf, shownRequest, standIn } from '../refs.js';

/** Drafts made at once, in the order they are sent, with what was not copied as it was. */
export interface Drafted {
  readonly keys: readonly RecordKey[];
  readonly notes?: readonly string[];
}

export interface DraftActions {
  /** Sets one field of the record's draft (made from the server copy, or the blank, on first edit). */
  editField(key: RecordKey, field: string, value: unknown): void;
  /** Sets one field in each of several drafts (bulk edit). */
  editFields(keys: readonly RecordKey[], field: string, value: unknown): void;
  /**
   * Sets a reference field of each draft by the referenced record's name, the one of each record's
   * own configuration (src/store/by-name.ts); a configuration without it leaves the draft unresolved.
   */
  editRefByName(keys: readonly RecordKey[], field: string, name: string): void;
  /** Replaces the draft's values (the $EDITOR round trip); fields the operation does not take are ignored. */
  setDraftValues(key: RecordKey, values: Rec): void;
  /** A new record: a blank form with the schema's defaults (a required boolean: false, a reference: the first record it can name; a required choice is left to the user); returns its key. */
  startCreate(kind: DraftTarget['kind'], conf: number | undefined): RecordKey;
  /** The form of `key` is left: a blank nobody typed in goes. */
  leaveForm(key: RecordKey): void;
  /** A new record's review was asked for with required fields still empty: from now on its form tells them off. */
  markAttempted(key: RecordKey): void;
  markDelete(key: RecordKey): void;
  /** Reverts a field to the server's value in each of these drafts. */
  revertFields(keys: readonly RecordKey[], field: string): void;
  /** Drops these drafts (and those that wait for a record one of them was to make); a new record's goes back to its blank form. */
  discardDrafts(keys: readonly RecordKey[]): void;
  review(key: RecordKey): Review | undefined;
  /**
   * The inverse of sent changes (one entry of the history, or a whole send), as drafts for the
   * normal review (src/store/undo.ts). Returns the drafts' keys in the order they go, or why there are none.
   */
  startUndo(entries: readonly HistoryEntry[]): Drafted | { readonly problem: string };
  /**
   * Copies of these rules or cache settings as new-record drafts in configuration `conf` (whose
   * origins and cache settings are loaded): a rule goes on that configuration's first origin, and
   * its cache setting is mapped to the one of the same name there, or copied too when there is
   * none (said in `notes`). A cache setting whose name is taken there is a problem: nothing is drafted.
   */
  copyRecords(keys: readonly RecordKey[], conf: number): Drafted | { readonly problem: string };
  /**
   * Drafts that clone configuration `conf` (loaded whole: loadWhole) under `name`: the
   * configuration, its cache settings, rules and error responses, references remapped (refs.ts),
   * in the order they are sent.
   */
  cloneConfiguration(conf: number, name: string): Drafted | { readonly problem: string };
  /**
   * Stores drafts made elsewhere at once (src/transfer/copy.ts: a copy from another configuration),
   * in the order they are sent; they may refer to each other through `Draft.refs`.
   */
  putDrafts(drafts: ReadonlyArray<readonly [RecordKey, Draft]>): Drafted;
}

function targetOf(key: RecordKey, op: DraftTarget['op']): DraftTarget {
  const { kind, conf, id } = parseKey(key);
  return { kind, op, ...(conf !== undefined ? { conf } : {}), ...(id !== undefined ? { id } : {}) };
}

/** The value a new record's field starts with, from the schema (and the records it may refer to). */
function startValue(f: FieldSpec, state: DataState, conf: number | undefined): unknown {
  if (f.default !== undefined) return structuredClone(f.default);
  if (f.create !== 'required') return undefined;
  if (f.type === 'boolean') return false;
  if (f.type === 'integer' && f.ref && conf !== undefined) {
    const first = state.lists[listKey(f.ref, conf)]?.keys[0];
    return first === undefined ? undefined : parseKey(first).id;
  }
  return undefined;
}

const REQUIRED = 'This field is required.';

/** A new record being filled in is not told off for the fields still to come, until it is sent. */
function quietRequired(draft: Draft, errors: Record<string, string[]>): Record<string, string[]> {
  if (draft.target.op !== 'create' || draft.attempted) return errors;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const rest = messages.filter((m) => m !== REQUIRED);
    if (rest.length) out[field] = rest;
  }
  return out;
}

/** `map` without `key` (a draft's entries in the store's maps). */
export function without<T>(map: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const out = { ...map };
  delete out[key];
  return out;
}

export function draftSlice(ctx: SliceContext): DraftActions {
  const { set, get } = ctx;

  /** Stores a draft (or drops it when an edit no longer changes anything) and re-checks its fields. */
  function put(key: RecordKey, draft: Draft | undefined): void {
    set((s) => {
      const unchanged = draft?.target.op === 'update' && !requestOf(draft) && !draft.unresolved;
      if (!draft || unchanged) {
        return {
          drafts: without(s.drafts, key),
          fieldErrors: without(s.fieldErrors, key),
          conflicts: without(s.conflicts, key),
          blanks: without(s.blanks, key),
        };
      }
      const drafts = { ...s.drafts, [key]: draft };
      const now = { ...s, drafts };
      const errors = quietRequired(draft, checkDrafted(now, draft));
      let fieldErrors = Object.keys(errors).length ? { ...s.fieldErrors, [key]: errors } : without(s.fieldErrors, key);
      // Other drafts of the list with errors of these checks (not the API's) are checked again: this
      // one may free the value they take, or take theirs.
      const list = listOf(draft.target);
      for (const other of Object.keys(s.fieldErrors)) {
        const d = drafts[other];
        if (other === key || !d || listOf(d.target) !== list) continue;
        if (!jsonEqual(s.fieldErrors[other], quietRequired(d, checkDrafted(s, d)))) continue;
        const again = quietRequired(d, checkDrafted(now, d));
        fieldErrors = Object.keys(again).length ? { ...fieldErrors, [other]: again } : without(fieldErrors, other);
      }
      return { drafts, fieldErrors, blanks: without(s.blanks, key) };
    });
  }

  /** Stores drafts made at once (copy, clone, undo), in the order they are sent. */
  function putAll(drafts: ReadonlyArray<readonly [RecordKey, Draft]>, notes: readonly string[]): Drafted {
    for (const [key, d] of drafts) put(key, d);
    return { keys: drafts.map(([key]) => key), notes };
  }

  function draftFor(key: RecordKey): Draft {
    const existing = get().drafts[key] ?? get().blanks[key];
    if (existing) return existing;
    const server = get().records[key];
    if (!server) throw new Error(`${key} is not loaded`);
    const now = ctx.now();
    return { target: targetOf(key, 'update'), base: server, values: structuredClone(server), startedAt: now, updatedAt: now };
  }

  /** A new record's form as it starts: the schema's values for a create. */
  function blankOf(target: DraftTarget): Draft {
    const now = ctx.now();
    const values: Rec = {};
    for (const f of schemaFor(target.kind).fields) {
      if (!accepts(f, 'create')) continue;
      const v = startValue(f, get(), target.conf);
      if (v !== undefined) values[f.name] = v;
    }
    return { target, values, startedAt: now, updatedAt: now };
  }

  function editField(key: RecordKey, field: string, value: unknown): void {
    const d = draftFor(key);
    if (d.target.op === 'delete') return;
    put(key, { ...settled(d, field), values: { ...d.values, [field]: value }, updatedAt: ctx.now() });
  }

  function revertField(key: RecordKey, field: string): void {
    const d = get().drafts[key];
    if (!d || d.target.op !== 'update') return;
    put(key, { ...settled(d, field), values: { ...d.values, [field]: structuredClone(d.base?.[field]) }, updatedAt: ctx.now() });
  }

  return {
    editField,
    editFields(keys, field, value) {
      for (const key of keys) editField(key, field, value);
    },
    editRefByName(keys, field, name) {
      for (const key of keys) {
        const d = draftFor(key);
        if (d.target.op !== 'delete') put(key, { ...resolveByName(get(), d, key, field, name), updatedAt: ctx.now() });
      }
    },
    setDraftValues(key, values) {
      const d = draftFor(key);
      const op = d.target.op === 'create' ? 'create' : 'patch';
      const next: Rec = { ...d.values };
      for (const f of schemaFor(d.target.kind).fields) if (accepts(f, op) && Object.hasOwn(values, f.name)) next[f.name] = values[f.name];
      put(key, { ...d, values: next, updatedAt: ctx.now() });
    },
    startCreate(kind, conf) {
      const key = newRecordKey(kind, conf);
      const blank = blankOf({ kind, op: 'create', ...(conf !== undefined ? { conf } : {}) });
      set((s) => ({ blanks: { ...s.blanks, [key]: blank } }));
      return key;
    },
    leaveForm(key) {
      if (get().blanks[key]) set((s) => ({ blanks: without(s.blanks, key) }));
    },
    markAttempted(key) {
      const d = get().drafts[key];
      if (d && !d.attempted) put(key, { ...d, attempted: true });
    },
    markDelete(key) {
      const server = get().records[key];
      if (!server) {
        put(key, undefined); // a new record not sent yet: deleting it drops the draft
        return;
      }
      const now = ctx.now();
      put(key, { target: targetOf(key, 'delete'), base: server, values: server, startedAt: now, updatedAt: now });
    },
    revertFields(keys, field) {
      for (const key of keys) revertField(key, field);
    },
    discardDrafts(keys) {
      // Drafts waiting for a record one of these was to make cannot go without it: they go too.
      for (const key of [...keys, ...dependents(keys, get().drafts)]) {
        const d = get().drafts[key];
        put(key, undefined);
        if (d?.target.op === 'create' && !d.refs) set((s) => ({ blanks: { ...s.blanks, [key]: blankOf(d.target) } }));
      }
    },
    startUndo(entries) {
      const made = undoDrafts(get(), entries, ctx.now());
      return 'problem' in made ? made : putAll(made.drafts, made.notes);
    },
    copyRecords(keys, conf) {
      const sources = copySources(get(), keys);
      if ('problem' in sources) return sources;
      const made = copyDrafts(get(), sources, conf, ctx.now());
      return 'problem' in made ? made : putAll(made.drafts, made.notes);
    },
    cloneConfiguration(conf, name) {
      const state = get();
      const configuration = state.records[recordKey('configuration', undefined, conf)];
      const listed = (kind: 'origin' | 'cache_setting' | 'rule') => {
        const list = state.lists[listKey(kind, conf)];
        return list && !list.incomplete ? list.keys.map((k) => state.records[k]).filter((r): r is Rec => r !== undefined) : undefined;
      };
      const [origins, caches, rules] = [listed('origin'), listed('cache_setting'), listed('rule')];
      const errors = state.records[recordKey('error_responses', conf)];
      if (!configuration || !origins || !caches || !rules || !errors) return { problem: `configuration ${conf} is not all loaded yet` };
      const wanted = name.trim();
      if (!wanted) return { problem: 'the clone needs a name' };
      const holder = configurationNamed(state, wanted);
      if (holder) return { problem: `a configuration named ${JSON.stringify(wanted)} exists already (${parseKey(holder).id ?? ''})` };
      const made = cloneDrafts(configuration, { origins, cache_settings: caches, rules, error_responses: errors }, wanted, ctx.now());
      return putAll(made.drafts, made.notes);
    },
    putDrafts(drafts) {
      return putAll(drafts, []);
    },
    review(key) {
      const d = get().drafts[key];
      if (!d) return undefined;
      const shown = standIn(d);
      const then = followUp(d.target, d.values);
      return {
        key,
        target: d.target,
        changes: changedFields(shown.target, shown.base, shown.values),
        request: shownRequest(d, get().drafts),
        ...(d.refs ? { refs: refWords(d, get().drafts) } : {}),
        ...(then ? { then: followUpRequest(shown.target, then) } : {}),
      };
    },
  };
}
