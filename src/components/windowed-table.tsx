// A table that mounts only its visible rows (smooth at 10,000): a header, the focused row in
// inverse video, marks, and columns as wide as what they hold, measured in terminal cells
// (column-widths.ts: cut only when the line is too narrow for all of them, widest texts first).
import { Box, Text, Transform, useIsScreenReaderEnabled } from 'ink';
import { useMemo } from 'react';
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

/** `count` lines of one space: what Ink lays out for `count` rows drawn by a Transform (kept: one per count). */
function blankLines(count: number): string {
  let text = blanks[count];
  if (text === undefined) blanks[count] = text = Array.from({ length: count }, () => ' ').join('\n');
  return text;
}
const blanks: string[] = [];

/**
 * Rows drawn over a blank text of as many lines: Ink lays out and measures the blank text (the same
 * from key to key: measured once), and the rows' lines take its lines' places as the frame is drawn
 * (Transform; the table's box gives them its width). Ink keeps the size of every text it lays out,
 * up to 8,192 of them (its measure cache): with a text of the rows themselves, a new one of ~4,500
 * characters at every key, that cache held ~37 MB after 5,000 keys over 10,000 rows.
 */
function Rows({ lines }: { readonly lines: readonly string[] }) {
  const reader = useIsScreenReaderEnabled(); // Ink reads out the text itself, not what a Transform makes of it
  if (lines.length === 0) return null;
  if (reader) return <Text>{lines.join('\n')}</Text>;
  return <Transform transform={(_, i) => lines[i] ?? ''}>{blankLines(lines.length)}</Transform>;
}

/** The rows shown, the focused one in inverse video (a text of its own: one row's line, ~120 characters, for Ink to keep). */
export function WindowedTable<Row>(props: WindowedTableProps<Row>) {
  const theme = useTheme();
  const { rows, columns, cursor, top, height, width, rowKey } = props;
  const ascii = !theme.unicode;
  const measured = useMemo(() => measureColumns(columns, rows), [columns, rows]);
  const shown = rows.slice(top, top + height);
  const cells = shown.map((row) => columns.map((c) => c.cell(row)));
  const widths = tableWidths(columns, measured, cells, width - 2);
  const lines = shown.map((row, i) => {
    const key = rowKey(row);
    const mark = props.marked?.has(key) ? theme.sym.mark : props.pending?.has(key) ? '*' : props.flagged?.(row) ? '!' : ' ';
    return `${mark} ${tableLine(cells[i]!, columns, widths, ascii)}`;
  });
  const at = cursor - top;
  const focused = at >= 0 && at < lines.length;
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
      ) : focused ? (
        <>
          <Rows lines={lines.slice(0, at)} />
          <Text inverse wrap="truncate">
            {lines[at]}
          </Text>
          <Rows lines={lines.slice(at + 1)} />
        </>
      ) : (
        <Rows lines={lines} />
      )}
    </Box>
  );
}
