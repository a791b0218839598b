// A table that mounts only its visible rows (smooth at 10,000): header, cursor row in inverse video,
// marks, and a scroll position derived from the cursor.
import { Box, Text } from 'ink';
import { memo } from 'react';
import { pad } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface Column<Row> {
  readonly title: string;
  /** Characters; the last column takes what is left when omitted. */
  readonly width?: number;
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

/** The first visible row: keeps the cursor in view, centred only when it jumps far. */
export function windowStart(cursor: number, height: number, total: number): number {
  if (total <= height) return 0;
  const start = Math.min(Math.max(0, cursor - Math.floor(height / 2)), total - height);
  return Math.max(0, start);
}

function line<Row>(row: Row, columns: readonly Column<Row>[], width: number): string {
  const fixed = columns.reduce((n, c) => n + (c.width ?? 0) + 1, 0);
  return columns
    .map((c) => {
      const w = c.width ?? Math.max(4, width - fixed - 1);
      const text = c.cell(row);
      return c.align === 'right' ? text.slice(0, w).padStart(w) : pad(text, w);
    })
    .join(' ');
}

function TableView<Row>(props: WindowedTableProps<Row>) {
  const theme = useTheme();
  const { rows, columns, cursor, height, width, rowKey } = props;
  const start = windowStart(cursor, height, rows.length);
  const visible = rows.slice(start, start + height);
  const inner = width - 2;
  const header = columns.map((c) => ({ ...c, cell: () => c.title }));
  return (
    <Box flexDirection="column" height={height + 1} width={width} overflow="hidden">
      <Text bold color={theme.c('cyan')} wrap="truncate">
        {'  '}
        {line(undefined as Row, header, inner)}
      </Text>
      {visible.length === 0 ? <Text dimColor>{`  ${props.empty ?? 'nothing here'}`}</Text> : null}
      {visible.map((row, i) => {
        const key = rowKey(row);
        const focused = start + i === cursor;
        const mark = props.marked?.has(key) ? theme.sym.mark : props.pending?.has(key) ? '*' : ' ';
        return (
          <Text key={key} inverse={focused} wrap="truncate">
            {mark} {line(row, columns, inner)}
          </Text>
        );
      })}
    </Box>
  );
}

export const WindowedTable = memo(TableView) as typeof TableView;
