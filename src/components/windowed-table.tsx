// A table that mounts only its visible rows (smooth at 10,000): header, cursor row in inverse video,
// marks, and a scroll position derived from the cursor.
import { Box, Text } from 'ink';
import { memo, useRef } from 'react';
import { pad } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface Column<Row> {
  readonly title: string;
  /** Characters; without it the column shares what is left, by `weight` (default 1). */
  readonly width?: number;
  readonly weight?: number;
  /** The cell's text (already made safe by the caller). */
  readonly cell: (row: Row) => string;
  readonly align?: 'left' | 'right';
}

export interface WindowedTableProps<Row> {
  readonly rows: readonly Row[];
  readonly columns: readonly Column<Row>[];
  readonly cursor: number;
  /** Rows of the body (the header takes one more). */
  readonly height: number;
  readonly width: number;
  /** Keys of marked rows (bulk edit), shown with a mark. */
  readonly marked?: ReadonlySet<string>;
  readonly rowKey: (row: Row) => string;
  /** Rows with a pending draft, shown with a `*`. */
  readonly pending?: ReadonlySet<string>;
  /** @default 'nothing here' */
  readonly empty?: string;
}

/**
 * The first visible row: it stays where it was while the cursor is in view, and moves only as far
 * as the cursor needs (a step down at the bottom scrolls one row), so a cursor move redraws two
 * rows, not the whole window.
 */
export function windowStart(cursor: number, height: number, total: number, previous = 0): number {
  if (total <= height) return 0;
  const start = Math.min(Math.max(previous, cursor - height + 1), cursor);
  return Math.max(0, Math.min(start, total - height));
}

/** Widths of the columns: fixed ones as given, the others share the rest by weight. */
export function columnWidths(columns: readonly Column<unknown>[], width: number): number[] {
  const fixed = columns.reduce((n, c) => n + (c.width ?? 0) + 1, 0);
  const weights = columns.reduce((n, c) => n + (c.width === undefined ? (c.weight ?? 1) : 0), 0);
  const rest = Math.max(0, width - fixed);
  return columns.map((c) => c.width ?? Math.max(4, Math.floor((rest * (c.weight ?? 1)) / Math.max(1, weights))));
}

function line<Row>(row: Row, columns: readonly Column<Row>[], width: number, ascii: boolean): string {
  const widths = columnWidths(columns as readonly Column<unknown>[], width);
  return columns
    .map((c, i) => {
      const w = widths[i]!;
      const text = c.cell(row);
      return c.align === 'right' ? text.slice(0, w).padStart(w) : pad(text, w, ascii);
    })
    .join(' ');
}

function TableView<Row>(props: WindowedTableProps<Row>) {
  const theme = useTheme();
  const { rows, columns, cursor, height, width, rowKey } = props;
  const previous = useRef(0);
  const start = windowStart(cursor, height, rows.length, previous.current);
  previous.current = start;
  const visible = rows.slice(start, start + height);
  const inner = width - 2;
  const header = columns.map((c) => ({ ...c, cell: () => c.title }));
  return (
    <Box flexDirection="column" height={height + 1} width={width} overflow="hidden">
      <Text bold color={theme.c('cyan')} wrap="truncate">
        {'  '}
        {line(undefined as Row, header, inner, !theme.unicode)}
      </Text>
      {visible.length === 0 ? <Text dimColor>{`  ${props.empty ?? 'nothing here'}`}</Text> : null}
      {visible.map((row, i) => {
        const key = rowKey(row);
        const focused = start + i === cursor;
        const mark = props.marked?.has(key) ? theme.sym.mark : props.pending?.has(key) ? '*' : ' ';
        return (
          <Text key={key} inverse={focused} wrap="truncate">
            {mark} {line(row, columns, inner, !theme.unicode)}
          </Text>
        );
      })}
    </Box>
  );
}

export const WindowedTable = memo(TableView) as typeof TableView;
