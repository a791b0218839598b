// The configuration browser: a windowed table of every configuration, filter as you type, open,
// new, delete, reload. Its cursor, window and filter live in the UI store (view "browser"), so
// coming back from a configuration finds the same row under the same filter.
import { Box } from 'ink';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { markedLabel } from '../../keys/table.js';
import { configurationNames, freeName, lintWarnings, parseKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { filterBinding, markAllBinding, markBinding, moveBindings } from '../../app/list-controller.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores } from '../../app/stores.js';
import { VIEW } from '../../app/routes.js';
import { loadingText } from '../load-state.js';
import { useRecordList } from '../record-list.js';
import { rowsSelector, type Row } from '../rows.js';
import { ID_COLUMN } from '../configuration/columns.js';
import { openMarked } from './marked.js';
import { openPurge } from '../purge/open-purge.js';
import { compareBinding } from '../compare/start-compare.js';

// As wide as what they hold (the table measures them). Too narrow: the domain and cnames are cut
// first, then protocol and active, the name last, the id never (ranks, column-widths.ts).
const COLUMNS: readonly Column<Row>[] = [
  ID_COLUMN,
  { title: 'name', rank: 2, cell: (r) => safe(r.record.name) },
  { title: 'domain', cell: (r) => safe(r.record.domain_name) },
  { title: 'protocol', rank: 1, cell: (r) => safe(r.record.delivery_protocol) },
  { title: 'active', rank: 1, cell: (r) => (r.record.active ? 'yes' : 'no') },
  { title: 'cnames', cell: (r) => (Array.isArray(r.record.cname) ? r.record.cname.map(safe).join(', ') : '') },
];

const view = VIEW.browser;
const rowsOf = rowsSelector();

export function BrowserScreen() {
  const stores = useStores();
  const { data, ui } = stores;
  const { width, height } = useBodySize();
  const readOnly = useReadOnlyReason();
  const total = useAppStore((s) => s.lists.configurations?.total ?? 0);
  const loading = useAppStore((s) => s.lists.configurations?.incomplete === true);
  const request = useAppStore((s) => s.requests.configurations);
  const pendingKeys = useAppStore(useShallow((s) => Object.keys(s.drafts)));
  const pending = useMemo(() => new Set(pendingKeys), [pendingKeys]);
  const list = useRecordList('configurations', view, height, rowsOf);
  // `!` before a row: the configuration has lint warnings (docs/lint.md), from what is read of it
  // (`cdn-tui lint` lists them); counted again when what is read changes (a list read, a record saved).
  const lists = useAppStore((s) => s.lists);
  const flagged = useMemo(
    () => (lists ? (r: Row) => lintWarnings(data.getState(), Number(parseKey(r.key).id)) > 0 : undefined),
    [data, lists],
  );
  const { keys, rows, filter, control, focusedNow } = list;
  useKeys(
    PRIORITY.screen,
    [
      ...moveBindings(control),
      {
        command: 'open',
        label: markedLabel('open', list.marked.keys.length),
        run: () => {
          if (list.markedNow().length) return openMarked({ data, ui }, list.markedNow());
          const row = focusedNow();
          const conf = row ? parseKey(row.key).id : undefined;
          if (conf === undefined) return false;
          ui.getState().push({ screen: 'configuration', conf });
        },
      },
      markBinding(control, (i) => list.rowsNow()[i]?.key),
      markAllBinding(control, () => list.rowsNow().map((r) => r.key)),
      filterBinding(control),
      {
        command: 'create',
        disabled: readOnly,
        run: () =>
          ui.getState().push({ screen: 'form', kind: 'configuration', key: data.getState().startCreate('configuration', undefined) }),
      },
      {
        command: 'remove',
        disabled: readOnly,
        label: markedLabel('remove', list.marked.keys.length),
        run: () => {
          const chosen = list.chosenNow();
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
      {
        command: 'purge',
        disabled: readOnly,
        run: () => {
          const row = focusedNow();
          const conf = row ? parseKey(row.key).id : undefined;
          if (conf === undefined) return false;
          openPurge({ data, ui }, { conf });
        },
      },
      compareBinding(stores, () => {
        const row = focusedNow();
        return row ? parseKey(row.key).id : undefined;
      }),
      { command: 'reload', run: () => void data.getState().reload('configurations') },
    ],
    { active: !list.filtering },
  );

  const waiting = useAppStore((s) => s.connection.lastError);
  const empty = keys
    ? filter
      ? `nothing matches "${safe(filter)}"`
      : 'no configurations yet: n to make one'
    : request?.status === 'error'
      ? `could not load the configurations: ${safe(request.message ?? '')} (r retries)`
      : loadingText('configurations', waiting);
  const { current } = list;
  // On a row marked !, the line under the list says what the mark means and where to read it.
  const focusedRow = rows[current.cursor];
  const lintNote = focusedRow && flagged?.(focusedRow) ? `! lint warnings: cdn-tui lint ${String(parseKey(focusedRow.key).id)}` : undefined;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <WindowedTable
        rows={rows}
        columns={COLUMNS}
        cursor={current.cursor}
        top={current.top}
        height={list.tableHeight}
        width={width}
        rowKey={rowKey}
        marked={list.markedSet}
        pending={pending}
        {...(flagged ? { flagged } : {})}
        empty={empty}
      />
      <ListStatus
        counts={{ ...list.counts, total, what: WHAT, loading, ...(lintNote ? { note: lintNote } : {}) }}
        width={width}
        filtering={list.filtering}
        filterText={filter}
        onFilter={list.onFilter}
      />
    </Box>
  );
}

const WHAT = ['configuration', 'configurations'] as const;
const rowKey = (r: Row) => r.key;
