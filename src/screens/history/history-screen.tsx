// `H` (or `:` history): the sends, newest first — when, the requests, the records, what came of
// them; → opens a send of several requests into a row each. Enter shows the focused row's diff below
// the list; `z` undoes it — a whole send, or the one request under the cursor: the inverse becomes
// drafts and the normal review opens (re-read and checked there: a change made since is a conflict).
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import type { ConfigurationContents, HistoryEntry } from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { cursorNow, moveBindings, useListView, type ListControl } from '../../app/list-controller.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { reviewDrafted } from '../../app/drafted.js';
import { VIEW } from '../../app/routes.js';
import { entriesOf, historyRows, resultOf, sendMethods, sendResult, type HistoryRow } from './history-rows.js';

const view = VIEW.history;
const WHAT = ['send', 'sends'] as const;
/** Rows the diff takes under the list when it is shown. */
const DIFF_ROWS = 8;
/** Where the history keeps which sends are open (in the UI store's `expanded`). */
const openKey = (send: string) => `${view}:${send}`;

const show = (v: unknown) => safe(v === undefined ? '(none)' : JSON.stringify(v));

/** The diff of one change, a line a field ("name: -"a" → +"b""). */
export function historyLines(e: HistoryEntry): string[] {
  const head = `${e.method} ${e.path}${e.result === 'failed' ? ` — ${resultOf(e)}: ${safe(e.message ?? '')}` : ''}`;
  if (e.method === 'DELETE') return [head, `deleted ${safe(e.title)}`, ...(e.contents ? [heldLine(e.contents)] : [])];
  if (e.method === 'POST') return [head, ...Object.entries(e.after ?? {}).map(([k, v]) => `${safe(k)}: +${show(v)}`)];
  return [head, ...Object.keys(e.after ?? {}).map((k) => `${safe(k)}: -${show(e.before?.[k])} → +${show(e.after?.[k])}`)];
}

/** What a deleted configuration held, that undoing its delete makes again. */
function heldLine(c: ConfigurationContents): string {
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  return `with ${n(c.cache_settings.length, 'cache setting')}, ${n(c.rules.length, 'rule')} and its error responses: z makes them again`;
}

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toLocaleDateString('en-CA')} ${d.toLocaleTimeString('en-GB')}`;
};

// As wide as what they hold (the table measures them). A send's requests are indented under it.
const columns = (ascii: boolean): readonly Column<HistoryRow>[] => [
  { title: 'when', cell: (r) => (r.kind === 'send' ? time(r.entries[0]!.at) : '') },
  { title: 'method', cell: (r) => (r.kind === 'send' ? sendMethods(r.entries) : `  ${r.entry.method}`) },
  {
    title: 'record',
    cell: (r) =>
      r.kind === 'request'
        ? `  ${safe(r.entry.title)}`
        : r.entries.length === 1
          ? safe(r.entries[0]!.title)
          : `${r.open ? (ascii ? 'v' : '▾') : ascii ? '>' : '▸'} ${r.entries.map((e) => safe(e.title)).join(', ')}`,
  },
  { title: 'result', cell: (r) => (r.kind === 'send' ? sendResult(r.entries) : resultOf(r.entry)) },
];

const rowKey = (r: HistoryRow) => (r.kind === 'send' ? r.send : `${r.send}:${r.entry.at}:${r.entry.key}:${r.entry.method}`);

/** The review title of an undo: `undo PATCH rule /x (12)`, `undo 3 requests sent 2026-11-27 10:03:04`. */
function undoTitle(entries: readonly HistoryEntry[]): string {
  const [one] = entries;
  return entries.length === 1 && one
    ? `undo ${one.method} ${safe(one.title)}`
    : `undo ${entries.length} requests sent ${time(entries[0]!.at)}`;
}

export function HistoryScreen() {
  const { data, ui } = useStores();
  const { width, height } = useBodySize();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  const history = useAppStore((s) => s.history);
  // The file is shared by the sessions of a profile: what another one sent since shows here too.
  useEffect(() => data.getState().readHistory(), [data]);
  const open = useUiStore(useShallow((s) => Object.keys(s.expanded).filter((k) => k.startsWith(`${view}:`) && s.expanded[k])));
  const rows = useMemo(() => historyRows(history, new Set(open.map((k) => k.slice(view.length + 1)))), [history, open]);
  const diffOpen = useUiStore((s) => s.expanded[view] === true);
  const tableHeight = Math.max(1, height - 2 - (diffOpen ? DIFF_ROWS + 1 : 0));
  const current = useListView(view, rows.length, tableHeight);
  const rowsNow = () =>
    historyRows(
      data.getState().history,
      new Set(
        Object.keys(ui.getState().expanded)
          .filter((k) => k.startsWith(`${view}:`) && ui.getState().expanded[k])
          .map((k) => k.slice(view.length + 1)),
      ),
    );
  const control: ListControl = { ui, view, height: tableHeight, total: () => rowsNow().length };
  const focused = (): HistoryRow | undefined => rowsNow()[cursorNow(control)];
  const setOpen = (on: boolean) => () => {
    const row = focused();
    if (!row || (row.kind === 'send' && row.entries.length === 1)) return false;
    if (row.kind === 'request' && on) return false;
    ui.getState().setExpanded(openKey(row.send), on);
    // Closed from one of its requests: the cursor goes back to the send.
    if (!on && row.kind === 'request')
      ui.getState().setList(view, (v) => ({ ...v, cursor: rowsNow().findIndex((r) => r.kind === 'send' && r.send === row.send) }));
  };
  // → and ← where they act: a send of several requests (open or closed), one of its requests.
  const shown = rows[current.cursor];
  const opens = shown?.kind === 'send' && shown.entries.length > 1 && !shown.open;
  const closes = shown?.kind === 'request' || (shown?.kind === 'send' && shown.open);
  useKeys(PRIORITY.screen, [
    ...moveBindings(control),
    // `r` also reads the history again (and goes on to read the view again: false).
    {
      command: 'reload',
      footer: false,
      run: () => {
        data.getState().readHistory();
        return false;
      },
    },
    { command: 'open', label: 'diff', run: () => ui.getState().setExpanded(view, !ui.getState().expanded[view]) },
    { command: 'expand', footer: opens, run: setOpen(true) },
    { command: 'collapse', footer: closes, run: setOpen(false) },
    {
      command: 'undo',
      disabled: readOnly,
      run: () => {
        const row = focused();
        if (!row) return;
        const entries = entriesOf(row);
        reviewDrafted(ui, data.getState().startUndo(entries), undoTitle(entries), 'cannot undo');
      },
    },
  ]);
  const cols = useMemo(() => columns(!theme.unicode), [theme.unicode]);
  const row = rows[current.cursor];
  const sends = rows.filter((r) => r.kind === 'send').length;
  return (
    <Box flexDirection="column" width={width}>
      <WindowedTable
        rows={rows}
        columns={cols}
        cursor={current.cursor}
        top={current.top}
        height={tableHeight}
        width={width}
        rowKey={rowKey}
        empty="nothing sent yet: changes appear here once sent"
      />
      <ListStatus counts={{ shown: sends, total: sends, what: WHAT, note: 'the newest 1,000 requests are kept' }} width={width} />
      {diffOpen && row ? (
        <Box flexDirection="column" height={DIFF_ROWS} borderStyle={theme.border} borderColor={theme.c('gray')} paddingX={1}>
          {entriesOf(row)
            .flatMap(historyLines)
            .slice(0, DIFF_ROWS - 2)
            .map((line, i) => (
              <Text key={i} wrap="truncate">
                {fit(line, width - 4, !theme.unicode)}
              </Text>
            ))}
        </Box>
      ) : null}
    </Box>
  );
}
