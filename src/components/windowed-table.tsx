// A table that mounts only its visible rows (smooth at 10,000): a header, the focused row in
// inverse video, marks, and columns measured in terminal cells.
import { Box, Text } from 'ink';
import { pad, padStart } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface Column<Row> {
  readonly title: string;
  /** Cells; without it the column shares what is left, by `weight` (default 1). */
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
  /** The first row shown (the list controller keeps it). */
  readonly top: number;
  /** Rows of the body (the header takes one more). */
  readonly height: number;
  readonly width: number;
  readonly rowKey: (row: Row) => string;
  /** Keys of marked rows (bulk edit), shown with a mark. */
  readonly marked?: ReadonlySet<string>;
  /** Rows with a pending draft, shown with a `*`. */
  readonly pending?: ReadonlySet<string>;
  /** @default 'nothing here' */
  readonly empty?: string;
}

/** Widths of the columns in cells: fixed ones as given, the others share the rest by weight. */
export function columnWidths(columns: ReadonlyArray<Pick<Column<never>, 'width' | 'weight'>>, width: number): number[] {
  const fixed = columns.reduce((n, c) => n + (c.width ?? 0) + 1, 0);
  const weights = columns.reduce((n, c) => n + (c.width === undefined ? (c.weight ?? 1) : 0), 0);
  const rest = Math.max(0, width - fixed);
  return columns.map((c) => c.width ?? Math.max(4, Math.floor((rest * (c.weight ?? 1)) / Math.max(1, weights))));
}

/** One line of cells: each column padded (or cut with …) to its width, joined by a space. */
export function tableLine(cells: readonly string[], columns: ReadonlyArray<Pick<Column<never>, 'align'>>, widths: readonly number[], ascii: boolean): string {
  return cells.map((text, i) => (columns[i]?.align === 'right' ? padStart(text, widths[i] ?? 0, ascii) : pad(text, widths[i] ?? 0, ascii))).join(' ');
}

/**
 * The rows as one text of lines (one layout node, however many rows: the first frame and every
 * key lay out and measure one node instead of one per row), the focused row in nested inverse text.
 */
export function WindowedTable<Row>(props: WindowedTableProps<Row>) {
  const theme = useTheme();
  const { rows, columns, cursor, top, height, width, rowKey } = props;
  const ascii = !theme.unicode;
  const inner = width - 2;
  const widths = columnWidths(columns, inner);
  const lines = rows.slice(top, top + height).map((row) => {
    const key = rowKey(row);
    const mark = props.marked?.has(key) ? theme.sym.mark : props.pending?.has(key) ? '*' : ' ';
    return `${mark} ${tableLine(
      columns.map((c) => c.cell(row)),
      columns,
      widths,
      ascii,
    )}`;
  });
  const at = cursor - top;
  const focused = at >= 0 && at < lines.length;
  const before = focused ? lines.slice(0, at) : lines;
  const after = focused ? lines.slice(at + 1) : [];
  return (
    <Box flexDirection="column" height={height + 1} width={width} overflow="hidden">
      <Text bold color={theme.c('cyan')} wrap="truncate">
        {'  '}
        {tableLine(
          columns.map((c) => c.title),
          columns,
          widths,
          ascii,
        )}
      </Text>
      {lines.length === 0 ? (
        <Text dimColor>{`  ${props.empty ?? 'nothing here'}`}</Text>
      ) : (
        <Text wrap="truncate">
          {before.length ? `${before.join('\n')}${focused ? '\n' : ''}` : ''}
          {focused ? <Text inverse>{lines[at]}</Text> : null}
          {after.length ? `\n${after.join('\n')}` : ''}
        </Text>
      )}
    </Box>
  );
}
