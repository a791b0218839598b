// The history's rows (docs/ux.md §6, §9): one row a send (one `y`, one `cdn-tui apply`), newest first;
// a send of several requests opens (→) into a row per request under it. Pure: the history screen
// draws and windows them.
import { refused, sendOf, type HistoryEntry } from '../../store/index.js';

export type HistoryRow =
  | { readonly kind: 'send'; readonly send: string; readonly entries: readonly HistoryEntry[]; readonly open: boolean }
  | { readonly kind: 'request'; readonly send: string; readonly entry: HistoryEntry };

/** The rows of `history` (oldest first, as kept), newest send first, the sends in `open` with their requests. */
export function historyRows(history: readonly HistoryEntry[], open: ReadonlySet<string>): HistoryRow[] {
  const sends = new Map<string, HistoryEntry[]>();
  for (const e of history) {
    const id = sendOf(e);
    const list = sends.get(id);
    if (list) list.push(e);
    else sends.set(id, [e]);
  }
  // By each send's newest answer, newest first (two sessions' sends may interleave in time).
  const newest = (entries: readonly HistoryEntry[]) => entries[entries.length - 1]!.at;
  const ordered = [...sends].sort(([, a], [, b]) => (newest(a) < newest(b) ? 1 : newest(a) > newest(b) ? -1 : 0));
  const rows: HistoryRow[] = [];
  for (const [send, entries] of ordered) {
    const isOpen = entries.length > 1 && open.has(send);
    rows.push({ kind: 'send', send, entries, open: isOpen });
    if (isOpen) for (const entry of entries) rows.push({ kind: 'request', send, entry });
  }
  return rows;
}

/** The entries a row stands for: a send's, or one request's. */
export function entriesOf(row: HistoryRow): readonly HistoryEntry[] {
  return row.kind === 'send' ? row.entries : [row.entry];
}

/** What became of one request: `applied`, `refused 400` (the API changed nothing), `failed 503`. */
export function resultOf(e: HistoryEntry): string {
  if (e.result === 'applied') return 'applied';
  const status = e.status ? ` ${e.status}` : '';
  return refused(e) ? `refused${status}` : `failed${status}`;
}

/** What became of a send: its one result, or how many of each (`26 applied, 1 refused`). */
export function sendResult(entries: readonly HistoryEntry[]): string {
  if (entries.length === 1) return resultOf(entries[0]!);
  const counts = new Map<string, number>();
  for (const e of entries) {
    const word = resultOf(e).split(' ')[0]!;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
}

/** A send's methods counted (`3 PATCH`, `1 POST 2 DELETE`), or the one request's method. */
export function sendMethods(entries: readonly HistoryEntry[]): string {
  if (entries.length === 1) return entries[0]!.method;
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.method, (counts.get(e.method) ?? 0) + 1);
  return [...counts].map(([m, n]) => `${n} ${m}`).join(' ');
}
