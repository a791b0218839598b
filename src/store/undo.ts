// The reversal of sent changes as drafts (docs/ux.md §6, §9): an edit's fields back to what they were
// (based on what the change left, so a change made since shows as a conflict); a created record
// deleted; a deleted one made again (a new id; a configuration with what it held then). A send is
// reversed whole: its records made again take each other's new ids (a rule re-made on its cache
// setting re-made), through `Draft.refs`. Nothing is sent: the normal review shows the drafts.
import { schemaFor } from '../schema/index.js';
import { cloneDrafts, configurationNames, freeName, restoreValuesOf } from './clone.js';
import type { HistoryEntry } from './history.js';
import { newRecordKey, parseKey, recordKey, type RecordKey } from './keys.js';
import type { DataState, Draft } from './types.js';

export interface UndoDrafts {
  /** In the order they are sent. */
  readonly drafts: ReadonlyArray<readonly [RecordKey, Draft]>;
  readonly notes: readonly string[];
}

type Made = UndoDrafts | { readonly problem: string };

function targetOf(key: RecordKey, op: Draft['target']['op']): Draft['target'] {
  const { kind, conf, id } = parseKey(key);
  return { kind, op, ...(conf !== undefined ? { conf } : {}), ...(id !== undefined ? { id } : {}) };
}

/** What making a deleted record again cannot give back: its id, and a configuration's domain name (the platform makes a new one). */
function lostWords(entry: HistoryEntry): string[] {
  const domain = entry.before?.domain_name;
  return [
    `${entry.title} comes back with new ids (it and what it held)${typeof domain === 'string' ? ` and a new domain name: ${domain} is not given back, so a CNAME record pointing at it must point at the new one` : ''}`,
  ];
}

/** The drafts that reverse one applied entry. */
function reverse(state: DataState, entry: HistoryEntry, now: number): Made {
  const { kind, conf } = parseKey(entry.key);
  if (entry.method === 'DELETE') {
    if (kind === 'configuration' && entry.contents && entry.before) {
      // Made again with what it held: its cache settings, rules (remapped) and error responses;
      // under another name if a configuration has taken its name since.
      const was = String(entry.before.name);
      const names = configurationNames(state);
      const name = names.has(was) ? freeName(was, 'restored', names) : was;
      const made = cloneDrafts(entry.before, entry.contents, name, now, true);
      const renamed = name === was ? [] : [`named ${JSON.stringify(name)}: another configuration is named ${JSON.stringify(was)} now`];
      return { drafts: made.drafts, notes: [...renamed, ...made.notes, ...lostWords(entry)] };
    }
    const key = newRecordKey(kind, conf);
    const values = restoreValuesOf(kind, entry.before ?? {});
    return {
      drafts: [[key, { target: { kind, op: 'create', ...(conf !== undefined ? { conf } : {}) }, values, startedAt: now, updatedAt: now }]],
      notes: [],
    };
  }
  if (state.drafts[entry.key]) return { problem: `a change of ${entry.title} is pending: send or drop it first` };
  const server = state.records[entry.key];
  if (entry.method === 'POST') {
    const record = server ?? entry.after;
    if (!record) return { problem: `${entry.title} is not known` };
    return {
      drafts: [[entry.key, { target: targetOf(entry.key, 'delete'), base: record, values: record, startedAt: now, updatedAt: now }]],
      notes: [],
    };
  }
  if (!server) return { problem: `${entry.title} is gone from the server` };
  // Based on the record as the change left it: a field changed since is a conflict at the re-read.
  const base = { ...server, ...entry.after };
  return {
    drafts: [
      [
        entry.key,
        {
          target: targetOf(entry.key, 'update'),
          base,
          values: { ...base, ...structuredClone(entry.before ?? {}) },
          startedAt: now,
          updatedAt: now,
        },
      ],
    ],
    notes: [],
  };
}

/** Fields that name a record the reversal makes again (by its id then) take its new id once made: `refs` to the draft that makes it. */
function linkRemade(drafts: Array<[RecordKey, Draft]>, remade: ReadonlyMap<string, RecordKey>): void {
  for (const entry of drafts) {
    const [, d] = entry;
    if (d.target.op === 'delete') continue;
    const refs: Record<string, RecordKey> = { ...d.refs };
    for (const f of schemaFor(d.target.kind).fields) {
      const v = d.values[f.name];
      const to = f.type === 'integer' && f.ref && typeof v === 'number' ? remade.get(recordKey(f.ref, d.target.conf, v)) : undefined;
      if (to) refs[f.name] = to;
    }
    if (Object.keys(refs).length) entry[1] = { ...d, refs };
  }
}

/**
 * The drafts that reverse `entries` (one entry, or the applied ones of a send), or why there are
 * none. Entries that changed nothing (failed) or cannot be undone (purges) are left out, said in the notes.
 */
export function undoDrafts(state: DataState, entries: readonly HistoryEntry[], now: number): Made {
  const [only] = entries;
  if (entries.length === 1 && only) {
    if (only.purge) return { problem: 'a purge cannot be undone: the edge fills its cache again from the origin' };
    if (only.result !== 'applied') return { problem: 'that change was not applied: nothing to undo' };
  }
  const drafts: Array<[RecordKey, Draft]> = [];
  const notes: string[] = [];
  const undone: HistoryEntry[] = [];
  /** A record deleted by the send (its key then) → the draft that makes it again. */
  const remade = new Map<RecordKey, RecordKey>();
  // A parking request whose record's own request was applied after it is undone by undoing that
  // one; an edit of a record the send made (the PATCH after a create) by deleting the record.
  const ownApplied = new Set(entries.filter((e) => !e.parked && e.result === 'applied').map((e) => `${e.send ?? ''} ${e.key}`));
  const madeHere = new Set(
    entries.filter((e) => e.method === 'POST' && !e.purge && e.result === 'applied').map((e) => `${e.send ?? ''} ${e.key}`),
  );
  for (const e of entries) {
    if (e.purge || e.result !== 'applied') continue;
    const id = `${e.send ?? ''} ${e.key}`;
    if ((e.parked && ownApplied.has(id)) || (e.method === 'PATCH' && madeHere.has(id))) {
      undone.push(e);
      continue;
    }
    const made = reverse(state, e, now);
    if ('problem' in made) return made;
    const [first] = made.drafts;
    if (e.method === 'DELETE' && first && first[1].target.kind === parseKey(e.key).kind) remade.set(e.key, first[0]);
    for (const [k, d] of made.drafts) drafts.push([k, d]);
    notes.push(...made.notes);
    undone.push(e);
  }
  const skipped = entries.length - undone.length;
  if (undone.length === 0) return { problem: 'nothing of it was applied: nothing to undo' };
  if (skipped) notes.push(`${skipped} of its ${entries.length} requests changed nothing (refused, failed, or a purge): not undone`);
  linkRemade(drafts, remade);
  return { drafts: withinDeleted(drafts, notes), notes };
}

/** A configuration the reversal deletes takes what it holds with it: the reversal's other drafts in it go. */
function withinDeleted(drafts: Array<[RecordKey, Draft]>, notes: string[]): Array<[RecordKey, Draft]> {
  const gone = new Set(drafts.filter(([, d]) => d.target.kind === 'configuration' && d.target.op === 'delete').map(([, d]) => d.target.id));
  if (gone.size === 0) return drafts;
  const kept = drafts.filter(([, d]) => d.target.kind === 'configuration' || d.target.conf === undefined || !gone.has(d.target.conf));
  const left = drafts.length - kept.length;
  if (left) notes.push(`${left} of its requests are in a configuration this deletes: they go with it`);
  return kept;
}
