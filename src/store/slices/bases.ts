// Re-reading before writing, in bulk. Before an edit is sent its record is read again, so that a
// change someone else made is found (a three-way conflict) and never overwritten. Sent one by one,
// that is one GET per PATCH. When many drafts of one list go together, one read of the list (one
// page) gives the server's record of each of them instead, made just before their writes: the
// drafts go in batches, and the read of a batch goes out while the batch before it is still being
// written, so a record is read again at most about one batch's worth of writes before its own.
// A draft whose record the page does not hold (gone, or past the page) is read alone, as before;
// so is every draft of a batch whose list read failed.
import type { ApiClient, CallOptions, Place } from '../../api/index.js';
import type { Rec } from '../../schema/index.js';
import { listOf, placeOfTarget, type ListKey, type RecordKey } from '../keys.js';
import type { DataState, Draft } from '../types.js';

/** The most records one list read asks for (`page_size`, docs/api.md §1). */
export const PAGE_SIZE = 1000;

/** One read of a list, for the drafts of one batch. */
export interface Batch {
  /** Sends the read, once however often asked; resolves when its answer is in. */
  read(call: CallOptions): Promise<void>;
  /** The server's record of `id` from the read (sent now if it was not yet); undefined: read it alone. */
  recordOf(id: number, call: CallOptions): Promise<Rec | undefined>;
}

/** What applyMany's workers take in turn: a list read, or a draft (with the batch that reads its record). */
export type Task = { readonly read: Batch } | { readonly draft: number; readonly batch?: Batch };

/** A list worth reading once for many drafts: the store does not know it to be longer than a page. */
interface Group {
  readonly place: Place;
  readonly drafts: number[];
  /** The list turned out longer than one page: later batches read their records alone. */
  tooLong: boolean;
}

function batchOf(api: ApiClient, group: Group): Batch {
  let records: Promise<Map<number, Rec> | undefined> | undefined;
  const read = (call: CallOptions) =>
    (records ??= (async () => {
      if (group.tooLong) return undefined;
      try {
        const { items, total } = await api.list(group.place, { ...call, page: 1, pageSize: PAGE_SIZE });
        if (total > items.length) group.tooLong = true;
        return new Map(items.map((r) => [Number(r.id), r]));
      } catch {
        return undefined; // each draft's record is read alone, with that read's own errors
      }
    })());
  return {
    read: async (call) => void (await read(call)),
    recordOf: async (id, call) => (await read(call))?.get(id),
  };
}

/**
 * The order in which applyMany sends `keys`, `limit` at a time. Edits of a list with more than
 * `limit` of them (more than one round of single reads) go in batches of `4 × limit`, each batch's
 * drafts together and its list read `limit` tasks before them (the first batch's, first).
 * Everything else keeps its place and is read alone.
 */
export function planApply(state: DataState, api: ApiClient, keys: readonly RecordKey[], limit: number): Task[] {
  const groups = new Map<ListKey, Group>();
  keys.forEach((key, i) => {
    const d: Draft | undefined = state.drafts[key];
    if (!d || d.target.op !== 'update' || d.target.kind === 'error_responses' || d.target.id === undefined) return;
    const list = listOf(d.target)!;
    const known = state.lists[list]?.total;
    if (known !== undefined && known > PAGE_SIZE) return;
    let g = groups.get(list);
    if (!g) groups.set(list, (g = { place: placeOfTarget(d.target), drafts: [], tooLong: false }));
    g.drafts.push(i);
  });

  const size = 4 * limit;
  const batchAt = new Map<number, { batch: Batch; drafts: readonly number[] }>();
  const inBatch = new Set<number>();
  for (const g of groups.values()) {
    if (g.drafts.length <= limit) continue;
    for (let at = 0; at < g.drafts.length; at += size) {
      const drafts = g.drafts.slice(at, at + size);
      batchAt.set(drafts[0]!, { batch: batchOf(api, g), drafts });
      for (const i of drafts) inBatch.add(i);
    }
  }

  const tasks: Task[] = [];
  const reads: Array<{ at: number; batch: Batch }> = [];
  keys.forEach((_, i) => {
    const b = batchAt.get(i);
    if (b) {
      reads.push({ at: Math.max(0, tasks.length - limit), batch: b.batch });
      for (const draft of b.drafts) tasks.push({ draft, batch: b.batch });
    } else if (!inBatch.has(i)) tasks.push({ draft: i });
  });
  // From the last, so that the places of the earlier ones still hold; a read never after its drafts.
  for (const { at, batch } of reads.reverse()) tasks.splice(at, 0, { read: batch });
  return tasks;
}
