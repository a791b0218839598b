// A send as the pre-flight sees it: each draft's request, the record it changes as read, and what
// the send leaves of each list. The send planner (src/store/send-plan.ts) orders its requests;
// `phaseOf` is its rank among requests free to go: rule deletes first, the other deletes last.
import { buildRequest, type WriteRequest } from '../../diff/index.js';
import type { Rec } from '../../schema/index.js';
import { isFresh } from '../keep/fresh.js';
import { listOf, type ListKey, type RecordKey } from '../keys.js';
import { standIn } from '../refs.js';
import type { Draft } from '../types.js';
import type { PreflightState } from './types.js';

/** Among requests free to go, which go first: 1 rule deletes, 2 creates and edits, 3 the other deletes. */
export type Phase = 1 | 2 | 3;

export function phaseOf(d: Pick<Draft, 'target'>): Phase {
  if (d.target.op !== 'delete') return 2;
  return d.target.kind === 'rule' ? 1 : 3;
}

export interface Entry {
  readonly key: RecordKey;
  /** The draft as the checks take it (a configuration not created yet stood in). */
  readonly draft: Draft;
  readonly request: WriteRequest | undefined;
  /** The record as read in this session (an edit's, a delete's); undefined when not read, or new. */
  readonly server: Rec | undefined;
  /** The record as the send leaves it: an edit's record with the changes; a new record's values; undefined once deleted. */
  readonly after: Rec | undefined;
  readonly list: ListKey | undefined;
}

export interface Batch {
  readonly state: PreflightState;
  readonly entries: readonly Entry[];
  readonly byKey: ReadonlyMap<RecordKey, Entry>;
  readonly byList: ReadonlyMap<ListKey, readonly Entry[]>;
}

/** The record of `key` as read in this session, if it was. */
export function readRecord(state: PreflightState, key: RecordKey): Rec | undefined {
  return isFresh(state, key) ? state.records[key] : undefined;
}

/** The keys of a list as read in this session (whole, not a kept copy), or undefined. */
export function readList(state: PreflightState, list: ListKey): readonly RecordKey[] | undefined {
  return isFresh(state, list) ? state.lists[list]!.keys : undefined;
}

/** Batches made, by state and keys: the review's pre-flight, its plan and its lines share one. */
const made = new WeakMap<PreflightState, WeakMap<readonly RecordKey[], Batch>>();

export function batchOf(state: PreflightState, keys: readonly RecordKey[]): Batch {
  let mine = made.get(state);
  if (!mine) made.set(state, (mine = new WeakMap()));
  let batch = mine.get(keys);
  if (!batch) mine.set(keys, (batch = makeBatch(state, keys)));
  return batch;
}

function makeBatch(state: PreflightState, keys: readonly RecordKey[]): Batch {
  const entries: Entry[] = [];
  for (const key of keys) {
    const given = state.drafts[key];
    if (!given) continue;
    const draft = standIn(given);
    const { target } = draft;
    const server = target.op === 'create' ? undefined : readRecord(state, key);
    const request = buildRequest(target, draft.base, draft.values);
    const after =
      target.op === 'delete' ? undefined : target.op === 'create' ? draft.values : { ...(server ?? draft.base), ...request?.body };
    entries.push({ key, draft, request, server, after, list: listOf(target) });
  }
  const byList = new Map<ListKey, Entry[]>();
  for (const e of entries) {
    if (e.list === undefined) continue;
    const those = byList.get(e.list);
    if (those) those.push(e);
    else byList.set(e.list, [e]);
  }
  return { state, entries, byKey: new Map(entries.map((e) => [e.key, e])), byList };
}

/**
 * A value of a send made once per key (a list, a configuration): what every request of a bulk edit
 * checks against is made for the first and shared by the others.
 */
export function perSend<K, T>(make: (batch: Batch, key: K) => T): (batch: Batch, key: K) => T {
  const made = new WeakMap<Batch, Map<K, T>>();
  return (batch, key) => {
    let mine = made.get(batch);
    if (!mine) made.set(batch, (mine = new Map()));
    if (!mine.has(key)) mine.set(key, make(batch, key));
    return mine.get(key)!;
  };
}

/**
 * The records of `list` as read, with their keys, as the API sees them when the send's creates and
 * edits go: less those it deletes (the send planner puts a delete before what takes its values).
 * A request skips itself.
 */
export const siblingsAsRead = perSend((batch, list: ListKey): ReadonlyArray<readonly [RecordKey, Rec]> => {
  const deletedFirst = new Set((batch.byList.get(list) ?? []).filter((o) => o.draft.target.op === 'delete').map((o) => o.key));
  return (readList(batch.state, list) ?? []).flatMap((k) => {
    const r = batch.state.records[k];
    return r && !deletedFirst.has(k) ? [[k, r] as const] : [];
  });
});

/**
 * The records of `list` as the whole send leaves them, each with its key: those read, with the
 * send's edits; less those it deletes; with those it makes. Undefined when the list was not read.
 */
export function listAfter(batch: Batch, list: ListKey): Array<readonly [RecordKey, Rec]> | undefined {
  const read = readList(batch.state, list);
  if (!read) return undefined;
  const out: Array<readonly [RecordKey, Rec]> = [];
  for (const key of read) {
    const entry = batch.byKey.get(key);
    const record = entry ? entry.after : batch.state.records[key];
    if (record) out.push([key, record]);
  }
  for (const e of batch.byList.get(list) ?? []) if (e.draft.target.op === 'create' && e.after) out.push([e.key, e.after]);
  return out;
}
