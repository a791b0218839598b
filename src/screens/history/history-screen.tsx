// `H` (or `:` history): the changes sent, newest first — when, the request, the record, what came of
// it. Enter shows the focused change's diff below the list; `z` undoes it: its inverse becomes a
// draft and the normal review opens (re-read first: a change made since is a conflict there).
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import type { ConfigurationContents, HistoryEntry } from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { cursorNow, moveBindings, useListView, type ListControl } from '../../app/list-controller.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { reviewDrafted } from '../../app/drafted.js';
import { VIEW } from '../../app/routes.js';

const view = VIEW.history;
const WHAT = ['change sent', 'changes sent'] as const;
/** Rows the diff takes under the list when it is shown. */
const DIFF_ROWS = 8;

const show = (v: unknown) => safe(v === undefined ? '(none)' : JSON.stringify(v));

/** The diff of one change, a line a field ("name: -"a" → +"b""). */
export function historyLines(e: HistoryEntry): string[] {
  const head = `${e.method} ${e.path}${e.result === 'failed' ? ` — failed${e.status ? ` (${e.status})` : ''}: ${safe(e.message ?? '')}` : ''}`;
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

// As wide as what they hold (the table measures them).
const COLUMNS: readonly Column<HistoryEntry>[] = [
  { title: 'when', cell: (e) => time(e.at) },
  { title: 'method', cell: (e) => e.method },
  { title: 'record', cell: (e) => safe(e.title) },
  { title: 'result', cell: (e) => (e.result === 'applied' ? 'applied' : `failed${e.status ? ` ${e.status}` : ''}`) },
];

export function HistoryScreen() {
  const { data, ui } = useStores();
  const { width, height } = useBodySize();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  // Newest first.
  const entries = useAppStore(useShallow((s) => [...s.history].reverse()));
  const diffOpen = useUiStore((s) => s.expanded[view] === true);
  const tableHeight = Math.max(1, height - 2 - (diffOpen ? DIFF_ROWS + 1 : 0));
  const current = useListView(view, entries.length, tableHeight);
  const control: ListControl = { ui, view, height: tableHeight, total: () => data.getState().history.length };
  const focused = (): HistoryEntry | undefined => {
    const history = data.getState().history; // oldest first; the list shows it newest first
    return history[history.length - 1 - cursorNow(control)];
  };
  useKeys(PRIORITY.screen, [
    ...moveBindings(control),
    { command: 'open', run: () => ui.getState().setExpanded(view, !ui.getState().expanded[view]) },
    {
      command: 'undo',
      disabled: readOnly,
      run: () => {
        const entry = focused();
        if (!entry) return;
        reviewDrafted(ui, data.getState().startUndo(entry), `undo ${entry.method} ${safe(entry.title)}`, 'cannot undo');
      },
    },
  ]);
  const entry = entries[current.cursor];
  return (
    <Box flexDirection="column" width={width}>
      <WindowedTable rows={entries} columns={COLUMNS} cursor={current.cursor} top={current.top} height={tableHeight} width={width} rowKey={(e) => `${e.at}:${e.key}:${e.method}`} empty="nothing sent yet: changes appear here once sent" />
      <ListStatus counts={{ shown: entries.length, total: entries.length, what: WHAT, note: 'the newest 1,000 are kept' }} width={width} />
      {diffOpen && entry ? (
        <Box flexDirection="column" height={DIFF_ROWS} borderStyle={theme.border} borderColor={theme.c('gray')} paddingX={1}>
          {historyLines(entry)
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
