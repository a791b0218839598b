// Add to many (docs/ux.md §10): rules copied (`c`), or a new rule made (`n`), in several marked
// configurations at once — one draft of a POST per configuration, one review — and a new rule whose
// path its configuration has already turned, on request, into an edit of that rule.
import type { Rec } from '../../schema/index.js';
import { createValuesOf } from '../clone.js';
import { copyDrafts, copySources, type CopyOptions, type CopySource } from '../copy-into.js';
import { listKey, parseKey, type RecordKey } from '../keys.js';
import { configurationWords, titleOf } from '../outcome.js';
import type { SliceContext } from '../context.js';
import type { DataState, Draft } from '../types.js';
import { without, type Drafted } from './drafts.js';

export interface ManyActions {
  /**
   * Copies of these rules or cache settings in each configuration of `confs` (their origins and
   * cache settings read), as copyRecords makes them in one: notes name their configuration; a
   * problem in one drafts nothing in any.
   */
  copyIntoMany(keys: readonly RecordKey[], confs: readonly number[]): Drafted | { readonly problem: string };
  /**
   * The new rule being drafted as `key` made in each configuration of `confs` too: its origin and
   * cache setting resolved by name there (the first origin when none has the name; a cache setting
   * copied along when none has the name). Returns the copies' keys (not `key`).
   */
  addToMany(key: RecordKey, confs: readonly number[]): Drafted | { readonly problem: string };
  /**
   * The new rule `key`, whose path (and regex) a rule of its configuration has already as read,
   * becomes an edit of that rule with the new rule's values; the review's key follows (`moved`).
   * Returns that rule's key, and whether there is anything left to change in it.
   */
  updateInstead(key: RecordKey): { readonly key: RecordKey; readonly unchanged: boolean } | { readonly problem: string };
  /** Drops the drafts of copies made before (a new rule's, made again at the next `s`), following `moved`; no blank form is left of them. */
  dropCopies(keys: readonly RecordKey[]): void;
}

/** The key of the rule (as read) of configuration `conf` with the path and regex of `rule`. */
export function ruleWithPath(state: Pick<DataState, 'records' | 'lists'>, conf: number, rule: Rec): RecordKey | undefined {
  return state.lists[listKey('rule', conf)]?.keys.find((k) => {
    const r = state.records[k];
    return r !== undefined && r.path === rule.path && (r.regex === true) === (rule.regex === true);
  });
}

export function manySlice(ctx: SliceContext): ManyActions {
  const { set, get } = ctx;

  /** Drafts copying `sources` into each of `confs`, stored together; or the first problem, nothing stored. */
  function intoMany(
    sources: readonly CopySource[],
    confs: readonly number[],
    options?: CopyOptions,
  ): Drafted | { readonly problem: string } {
    const state = get();
    const now = ctx.now();
    const drafts: Array<readonly [RecordKey, Draft]> = [];
    const notes: string[] = [];
    for (const conf of confs) {
      const made = copyDrafts(state, sources, conf, now, options);
      if ('problem' in made) return { problem: `${configurationWords(state, conf)}: ${made.problem}` };
      drafts.push(...made.drafts);
      notes.push(...made.notes.map((n) => `${configurationWords(state, conf)}: ${n}`));
    }
    return { ...get().putDrafts(drafts), notes };
  }

  return {
    copyIntoMany(keys, confs) {
      const sources = copySources(get(), keys);
      return 'problem' in sources ? sources : intoMany(sources, confs);
    },
    addToMany(key, confs) {
      const d = get().drafts[key] ?? get().blanks[key];
      if (!d || d.target.kind !== 'rule' || d.target.op !== 'create') return { problem: 'only a new rule is added to many configurations' };
      return intoMany([[key, d.values]], confs, { originByName: true });
    },
    updateInstead(key) {
      const state = get();
      const d = state.drafts[key];
      const conf = d?.target.conf;
      if (!d || d.target.op !== 'create' || d.target.kind !== 'rule' || conf === undefined)
        return { problem: 'only a new rule can update the rule that has its path' };
      const holder = ruleWithPath(state, conf, d.values);
      const theirs = holder === undefined ? undefined : state.records[holder];
      const id = holder === undefined ? undefined : parseKey(holder).id;
      if (holder === undefined || !theirs || id === undefined)
        return { problem: `${configurationWords(state, conf)} has no rule ${String(d.values.path)} as read` };
      if (state.drafts[holder]) return { problem: `${titleOf(holder, theirs)} has a change pending already: send or drop it first` };
      const now = ctx.now();
      const update: Draft = {
        target: { kind: 'rule', op: 'update', conf, id },
        base: theirs,
        values: { ...theirs, ...createValuesOf('rule', d.values) },
        startedAt: now,
        updatedAt: now,
        ...(d.refs ? { refs: d.refs } : {}),
      };
      set((s) => ({
        drafts: without(s.drafts, key),
        fieldErrors: without(s.fieldErrors, key),
        moved: { ...s.moved, [key]: holder },
      }));
      get().putDrafts([[holder, update]]);
      return { key: holder, unchanged: get().drafts[holder] === undefined };
    },
    dropCopies(keys) {
      const gone = keys.map((k) => get().moved[k] ?? k);
      set((s) => {
        const drafts = { ...s.drafts };
        const fieldErrors = { ...s.fieldErrors };
        for (const k of gone) {
          delete drafts[k];
          delete fieldErrors[k];
        }
        return { drafts, fieldErrors };
      });
    },
  };
}
