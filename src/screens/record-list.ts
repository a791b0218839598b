// A list of records on screen (the browser, a configuration's rules, cache settings, origins): its
// rows under the filter, its marks, its view, and the same as of now for key handlers (keys may
// come faster than renders). The table takes all the height but the status line under it.
import { useMemo } from 'react';
import type { ListCounts } from '../components/list-status.js';
import type { RecordKey } from '../store/index.js';
import { safe } from '../ui/text.js';
import { cursorNow, markedNow, setFilter, useListView, useMarked, type ListControl } from '../app/list-controller.js';
import { useAppStore, useStores, useUiStore } from '../app/stores.js';
import { listView } from '../app/ui-store.js';
import type { ListView, Marked } from '../app/views.js';
import type { Row, rowsSelector } from './rows.js';

export interface RecordList {
  readonly keys: readonly RecordKey[] | undefined;
  readonly rows: readonly Row[];
  readonly filter: string;
  /** The filter's input has focus. */
  readonly filtering: boolean;
  readonly marked: Marked;
  readonly markedSet: ReadonlySet<string>;
  /** Rows of the table. */
  readonly tableHeight: number;
  readonly current: ListView;
  readonly control: ListControl;
  rowsNow(): readonly Row[];
  focusedNow(): Row | undefined;
  markedNow(): readonly RecordKey[];
  /** The marked rows, or else the focused one. */
  chosenNow(): readonly RecordKey[];
  /** What the status line says of the rows: shown, marked (and hidden by the filter), the filter. */
  readonly counts: Pick<ListCounts, 'shown' | 'marked' | 'markedHidden' | 'filter'>;
  /** The status line's filter input changed. */
  onFilter(text: string, typing: boolean): void;
}

export function useRecordList(list: string, view: string, height: number, rowsOf: ReturnType<typeof rowsSelector>): RecordList {
  const { data, ui } = useStores();
  const keys = useAppStore((s) => s.lists[list]?.keys);
  const records = useAppStore((s) => s.records);
  const filter = useUiStore((s) => listView(s, view).filter);
  const filtering = useUiStore((s) => listView(s, view).filtering);
  const rows = rowsOf(keys, records, filter);
  const marked = useMarked(view, keys, rows);
  const markedSet = useMemo(() => new Set(marked.keys), [marked]);
  const tableHeight = Math.max(1, height - 2); // the header's row is the table's; the status line's is not
  const current = useListView(view, rows.length, tableHeight);
  const rowsNow = () => rowsOf(data.getState().lists[list]?.keys, data.getState().records, listView(ui.getState(), view).filter);
  const control: ListControl = { ui, view, height: tableHeight, total: () => rowsNow().length };
  const focusedNow = () => rowsNow()[cursorNow(control)];
  const marksNow = () => markedNow(control, data.getState().lists[list]?.keys);
  return {
    keys,
    rows,
    filter,
    filtering,
    marked,
    markedSet,
    tableHeight,
    current,
    control,
    rowsNow,
    focusedNow,
    markedNow: marksNow,
    chosenNow: () => (marksNow().length ? marksNow() : [focusedNow()?.key].filter((k) => k !== undefined)),
    counts: { shown: rows.length, marked: marked.keys.length, markedHidden: marked.hidden, filter: safe(filter) },
    onFilter: (text, typing) => setFilter(ui, view, text, typing),
  };
}
