// A query's matches as a list of their own (docs/ux.md §10), opened from the palette's `all N
// matches in M configurations`: one row a match with its configuration, windowed like every list,
// the same status line, `/` filter, Space and `a` marks. What is read or kept answers at once; the
// lists the query needs that are not read yet are read in the background, as the palette's find
// reads them. Enter opens the record's form (in its configuration); with marks, one bulk form over
// the marked records of every configuration they are in (src/screens/form/bulk-screen.tsx).
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { markedLabel } from '../../keys/table.js';
import { parseQuery, type Query } from '../../query/index.js';
import { kindWords } from '../../schema/index.js';
import { configurationsOf, listKey, parseKey, type ChildKind, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import {
  cursorNow,
  filterBinding,
  markAllBinding,
  markBinding,
  markedNow,
  moveBindings,
  setFilter,
  useListView,
  useMarked,
  type ListControl,
} from '../../app/list-controller.js';
import { VIEW } from '../../app/routes.js';
import { openFresh } from '../../app/open-fresh.js';
import { useAppStore, useBodySize, useStores, useUiStore, type Stores } from '../../app/stores.js';
import { listView } from '../../app/ui-store.js';
import { searchFor } from '../palette/query-items.js';
import { resultRowsSelector, type ResultRow } from './result-rows.js';
import { RESULT_COLUMNS } from './result-columns.js';

export function ResultsScreen({ query: text }: { readonly query: string }) {
  const parsed = useMemo(() => parseQuery(text), [text]);
  const theme = useTheme();
  if (!parsed.ok) return <Text color={theme.c('red')}>{safe(parsed.error)}</Text>;
  return <Results text={text} query={parsed.query} />;
}

const rowKey = (r: ResultRow) => r.key;
const rowsOf = resultRowsSelector();
const CHILD_KINDS: readonly ChildKind[] = ['rule', 'cache_setting', 'origin'];

function Results({ text, query }: { readonly text: string; readonly query: Query }) {
  const stores = useStores();
  const { data, ui } = stores;
  const { width, height } = useBodySize();
  const view = VIEW.results(text);
  // Redrawn as lists come in (the background reads) and records change (a send).
  useAppStore((s) => s.lists);
  useAppStore((s) => s.records);
  const searching = useAppStore((s) => s.searching);
  const filter = useUiStore((s) => listView(s, view).filter);
  const filtering = useUiStore((s) => listView(s, view).filtering);
  const { all, keys: allKeys, confs, word, shown } = rowsOf(query, data.getState(), filter);
  const marked = useMarked(view, allKeys, shown);
  const markedSet = useMemo(() => new Set(marked.keys), [marked]);
  const pendingKeys = useAppStore(useShallow((s) => Object.keys(s.drafts)));
  const pending = useMemo(() => new Set(pendingKeys), [pendingKeys]);
  useEffect(() => {
    // The lists the query needs, of the configurations its `in:` keeps: those not read in this session, in the background.
    if (query.needs.length) void data.getState().loadEverywhere(searchFor(query, data.getState()));
  }, [data, query]);
  const tableHeight = Math.max(1, height - 2);
  const current = useListView(view, shown.length, tableHeight);
  const rowsNow = () => rowsOf(query, data.getState(), listView(ui.getState(), view).filter);
  const control: ListControl = { ui, view, height: tableHeight, total: () => rowsNow().shown.length };
  const marksNow = () => markedNow(control, rowsNow().keys);
  useKeys(
    PRIORITY.screen,
    [
      ...moveBindings(control),
      {
        command: 'open',
        label: markedLabel('open', marked.keys.length),
        run: () => {
          const chosen = marksNow();
          if (chosen.length) return openMarked(stores, chosen);
          const row = rowsNow().shown[cursorNow(control)];
          if (!row) return false;
          openOne(stores, row);
        },
      },
      markBinding(control, (i) => rowsNow().shown[i]?.key),
      markAllBinding(control, () => rowsNow().shown.map(rowKey)),
      filterBinding(control),
    ],
    { active: !filtering },
  );

  const progress = searching ? ` · searched ${searching.done} of ${searching.total} configurations…` : '';
  const empty = filter ? `nothing matches "${safe(filter)}"` : searching ? 'nothing matches yet' : `nothing matches ${safe(text)}`;
  const table = { cursor: current.cursor, top: current.top, height: tableHeight, width, marked: markedSet, pending };
  return (
    <Box flexDirection="column" width={width} height={height}>
      <WindowedTable rows={shown} columns={RESULT_COLUMNS} rowKey={rowKey} {...table} empty={empty} />
      <ListStatus
        counts={{
          shown: shown.length,
          total: all.length,
          what: word,
          marked: marked.keys.length,
          markedHidden: marked.hidden,
          filter: safe(filter),
          note: `${safe(text)} · in ${confs} configuration${confs === 1 ? '' : 's'}${progress}`,
        }}
        width={width}
        filtering={filtering}
        filterText={filter}
        onFilter={(t, typing) => setFilter(ui, view, t, typing)}
      />
    </Box>
  );
}

/** Enter on a row: its form in its configuration, from its list as read now (a kept one is read again first). */
function openOne(stores: Pick<Stores, 'data' | 'ui'>, row: ResultRow): void {
  const { conf } = parseKey(row.key);
  if (conf === undefined) return;
  openFresh(stores, [listKey(row.kind, conf)], `the ${kindWords(row.kind)[1]} as they are now`, () => {
    if (stores.data.getState().records[row.key]) stores.ui.getState().push({ screen: 'form', key: row.key, kind: row.kind, conf });
    else stores.ui.getState().say('error', `gone from the server since it was read: r shows the ${kindWords(row.kind)[1]} as they are`);
  });
}

/**
 * Enter with marks: one bulk form over the marked records (of one kind), read again first if they
 * were only kept. What their references are chosen among (each configuration's cache settings and
 * origins) is read by the form meanwhile, and again, if need be, when a name is chosen.
 */
function openMarked(stores: Pick<Stores, 'data' | 'ui'>, marked: readonly RecordKey[]): void {
  const { data, ui } = stores;
  const kinds = [...new Set(marked.map((k) => parseKey(k).kind))];
  const kind = CHILD_KINDS.find((k) => k === kinds[0]);
  if (kinds.length !== 1 || !kind)
    return void ui.getState().say('error', 'the marked rows are of several kinds: mark rows of one kind to edit them together');
  const confs = configurationsOf(marked);
  const lists = confs.map((c) => listKey(kind, c));
  openFresh(stores, lists, `the marked ${kindWords(kind)[1]} as they are now`, () => {
    const there = marked.filter((k) => data.getState().records[k] !== undefined); // not gone meanwhile
    const [one] = confs;
    if (there.length === 0) return void ui.getState().say('error', `gone from the server since they were read`);
    ui.getState().push({ screen: 'bulk', keys: there, kind, ...(confs.length === 1 && one !== undefined ? { conf: one } : {}) });
  });
}
