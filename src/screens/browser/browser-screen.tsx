// The configuration browser: a windowed table of every configuration, filter as you type, open,
// new, delete, reload. Its cursor, window and filter live in the UI store (view "browser"), so
// coming back from a configuration finds the same row under the same filter.
import { Box } from 'ink';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { markedLabel } from '../../keys/table.js';
import { configurationNames, freeName, parseKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { cursorNow, filterBinding, markBinding, markedNow, moveBindings, setFilter, useListView, useMarked, type ListControl } from '../../app/list-controller.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { VIEW } from '../../app/routes.js';
import { listView } from '../../app/ui-store.js';
import { loadingText } from '../load-state.js';
import { rowsSelector, type Row } from '../rows.js';
import { openMarked } from './marked.js';

const COLUMNS: readonly Column<Row>[] = [
  { title: 'id', width: 6, align: 'right', cell: (r) => String(r.record.id) },
  { title: 'name', weight: 3, cell: (r) => safe(r.record.name) },
  { title: 'domain', weight: 3, cell: (r) => safe(r.record.domain_name) },
  { title: 'protocol', width: 10, cell: (r) => safe(r.record.delivery_protocol) },
  { title: 'active', width: 6, cell: (r) => (r.record.active ? 'yes' : 'no') },
  { title: 'cnames', weight: 3, cell: (r) => (Array.isArray(r.record.cname) ? r.record.cname.map(safe).join(', ') : '') },
];

const view = VIEW.browser;
const rowsOf = rowsSelector();

export function BrowserScreen() {
  const { data, ui } = useStores();
  const { width, height } = useBodySize();
  const readOnly = useReadOnlyReason();
  const keys = useAppStore((s) => s.lists.configurations?.keys);
  const records = useAppStore((s) => s.records);
  const total = useAppStore((s) => s.lists.configurations?.total ?? 0);
  const loading = useAppStore((s) => s.lists.configurations?.incomplete === true);
  const request = useAppStore((s) => s.requests.configurations);
  const pendingKeys = useAppStore(useShallow((s) => Object.keys(s.drafts)));
  const pending = useMemo(() => new Set(pendingKeys), [pendingKeys]);
  const filter = useUiStore((s) => listView(s, view).filter);
  const filtering = useUiStore((s) => listView(s, view).filtering);
  const rows = rowsOf(keys, records, filter);
  const marked = useMarked(view, keys, rows);
  const markedSet = useMemo(() => new Set(marked.keys), [marked]);
  const tableHeight = Math.max(1, height - 2);
  const current = useListView(view, rows.length, tableHeight);

  const control: ListControl = { ui, view, height: tableHeight, total: () => rowsNow().length };
  const rowsNow = () => rowsOf(data.getState().lists.configurations?.keys, data.getState().records, listView(ui.getState(), view).filter);
  const focusedNow = () => rowsNow()[cursorNow(control)];
  const markedKeysNow = () => markedNow(control, data.getState().lists.configurations?.keys);
  useKeys(
    PRIORITY.screen,
    [
      ...moveBindings(control),
      {
        command: 'open',
        label: markedLabel('open', marked.keys.length),
        run: () => {
          if (markedKeysNow().length) return openMarked({ data, ui }, markedKeysNow());
          const row = focusedNow();
          const conf = row ? parseKey(row.key).id : undefined;
          if (conf === undefined) return false;
          ui.getState().push({ screen: 'configuration', conf });
        },
      },
      markBinding(control, (i) => rowsNow()[i]?.key),
      filterBinding(control),
      {
        command: 'create',
        disabled: readOnly,
        run: () => ui.getState().push({ screen: 'form', kind: 'configuration', key: data.getState().startCreate('configuration', undefined) }),
      },
      {
        command: 'remove',
        disabled: readOnly,
        label: markedLabel('remove', marked.keys.length),
        run: () => {
          const chosen = markedKeysNow().length ? markedKeysNow() : [focusedNow()?.key].filter((k) => k !== undefined);
          const [one] = chosen;
          if (one === undefined) return false;
          // One configuration: type its name; several: type how many (a name would pick one of them).
          const typeName = chosen.length === 1 ? String(data.getState().records[one]?.name ?? '') : String(chosen.length);
          ui.getState().ask({ kind: 'delete', keys: chosen, view, typeName });
        },
      },
      {
        command: 'clone',
        disabled: readOnly,
        run: () => {
          const row = focusedNow();
          const conf = row ? parseKey(row.key).id : undefined;
          if (!row || conf === undefined) return false;
          const from = String(row.record.name);
          ui.getState().ask({ kind: 'clone', conf, from, name: freeName(from, 'copy', configurationNames(data.getState())) });
        },
      },
      { command: 'reload', run: () => void data.getState().reload('configurations') },
    ],
    { active: !filtering },
  );

  const waiting = useAppStore((s) => s.connection.lastError);
  const empty = keys
    ? filter
      ? `nothing matches "${safe(filter)}"`
      : 'no configurations yet: n to make one'
    : request?.status === 'error'
      ? `could not load the configurations: ${safe(request.message ?? '')} (r retries)`
      : loadingText('configurations', waiting);
  const counts = { shown: rows.length, total, what: WHAT, marked: marked.keys.length, markedHidden: marked.hidden, filter: safe(filter), loading };
  return (
    <Box flexDirection="column" width={width} height={height}>
      <WindowedTable rows={rows} columns={COLUMNS} cursor={current.cursor} top={current.top} height={tableHeight} width={width} rowKey={rowKey} marked={markedSet} pending={pending} empty={empty} />
      <ListStatus counts={counts} width={width} filtering={filtering} filterText={filter} onFilter={(text, typing) => setFilter(ui, view, text, typing)} />
    </Box>
  );
}

const WHAT = ['configuration', 'configurations'] as const;
const rowKey = (r: Row) => r.key;
