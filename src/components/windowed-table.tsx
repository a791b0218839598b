// A table that mounts only its visible rows (smooth at 10,000): a header, the focused row in
// inverse video, marks, and columns as wide as what they hold, measured in terminal cells
// (column-widths.ts: cut only when the line is too narrow for all of them, widest texts first).
import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { pad, padStart } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { fitColumns, measureColumns, widest, type Measurable } from './column-widths.js';

export interface Column<Row> extends Measurable<Row> {
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
  /** Rows with something to look at (lint warnings), shown with a `!` when neither marked nor pending. Asked of the rows shown only. */
  readonly flagged?: (row: Row) => boolean;
  /** @default 'nothing here' */
  readonly empty?: string;
}

/** One line of cells: each column padded (or cut with …) to its width, joined by a space; a column of no width is left out. */
export function tableLine(
  cells: readonly string[],
  columns: ReadonlyArray<Pick<Column<never>, 'align'>>,
  widths: readonly number[],
  ascii: boolean,
): string {
  const out: string[] = [];
  cells.forEach((text, i) => {
    const w = widths[i] ?? 0;
    if (w > 0) out.push(columns[i]?.align === 'right' ? padStart(text, w, ascii) : pad(text, w, ascii));
  });
  return out.join(' ');
}

/**
 * Widths of the columns in `width` cells (a space between columns): what the list holds (measured
 * once per list and columns) and what the rows on screen hold (their cells are made anyway).
 */
export function tableWidths<Row>(
  columns: readonly Measurable<Row>[],
  measured: readonly number[],
  shown: ReadonlyArray<readonly string[]>,
  width: number,
): number[] {
  const natural = [...measured];
  for (const cells of shown) widest(natural, cells);
  const keep = columns.map((c) => c.keep === true);
  const rank = columns.map((c) => c.rank ?? 0);
  // A column cut to nothing is left out with the space before it, and so is one cut to a sliver
  // (fewer than MIN_CUT cells: `…`, `h…` tell nothing): their cells go to the others.
  for (;;) {
    const visible = natural.filter((w) => w > 0).length;
    const widths = fitColumns(natural, width - Math.max(0, visible - 1), keep, rank);
    const slivers = widths.map((w, i) => natural[i]! > 0 && w < natural[i]! && w < MIN_CUT && !keep[i]);
    const gone = widths.map((w, i) => natural[i]! > 0 && w === 0);
    if (!slivers.some(Boolean) && !gone.some(Boolean)) {
      // The cells left over go to the last column shown (the focus bar runs across), not to one left out.
      const last = natural.findLastIndex((w) => w > 0);
      for (let i = last + 1; i < widths.length && last >= 0; i++) {
        widths[last] = widths[last]! + widths[i]!;
        widths[i] = 0;
      }
      return widths;
    }
    for (let i = 0; i < natural.length; i++) if (slivers[i] || gone[i]) natural[i] = 0;
  }
}

/** A column cut to fewer cells than this is left out (its `…` would tell nothing). */
const MIN_CUT = 4;

/**
 * One row, one text node of its own, drawn again only when its text or its focus changes. Not one
 * text of all the rows: Ink keeps the size of every text it lays out (up to 8,192 of them, its
 * measure cache), and a text of all the rows is a new one of ~4,500 characters at every key: after
 * 5,000 keys over 10,000 rows that cache held ~37 MB. Rows repeat from frame to frame, a row's text
 * whether or not it is focused (inverse is a style, not part of the text), so what it keeps stays
 * small: a row's line for each row shown so far, ~8,192 × ~120 characters at most.
 */
const TableRow = memo(function TableRow({ line, focused }: { readonly line: string; readonly focused: boolean }) {
  return (
    <Text inverse={focused} wrap="truncate">
      {line}
    </Text>
  );
});

/** The rows shown, each a text of its own (TableRow), the focused one in inverse video. */
export function WindowedTable<Row>(props: WindowedTableProps<Row>) {
  const theme = useTheme();
  const { rows, columns, cursor, top, height, width, rowKey } = props;
  const ascii = !theme.unicode;
  const measured = useMemo(() => measureColumns(columns, rows), [columns, rows]);
  const shown = rows.slice(top, top + height);
  const cells = shown.map((row) => columns.map((c) => c.cell(row)));
  const widths = tableWidths(columns, measured, cells, width - 2);
  const keys = new Set<string>();
  const drawn = shown.map((row, i) => {
    let key = rowKey(row);
    const mark = props.marked?.has(key) ? theme.sym.mark : props.pending?.has(key) ? '*' : props.flagged?.(row) ? '!' : ' ';
    if (keys.has(key)) key = `${key}\u0000${String(i)}`; // React wants each key once
    keys.add(key);
    return { key, line: `${mark} ${tableLine(cells[i]!, columns, widths, ascii)}` };
  });
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
      {drawn.length === 0 ? (
        <Text dimColor>{`  ${props.empty ?? 'nothing here'}`}</Text>
      ) : (
        drawn.map(({ key, line }, i) => <TableRow key={key} line={line} focused={top + i === cursor} />)
      )}
    </Box>
  );
}
