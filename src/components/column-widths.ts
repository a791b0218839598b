// Column widths from what the columns hold (docs/ux.md §5): each column is as wide as its widest text
// (its title included), in terminal cells. Only when the line is too narrow for all of them are
// columns cut, the widest texts first: every column wider than a cap is cut to the cap, chosen as
// large as the line allows, so a column of short values is never cut while another has spare cells.
import { cellWidth } from '../ui/text.js';

export interface Measurable<Row> {
  readonly title: string;
  /** The cell's text (already made safe by the caller). */
  readonly cell: (row: Row) => string;
  /** Cut last, after every other column is cut to nothing (an id: what a user types elsewhere). */
  readonly keep?: boolean;
  /**
   * How telling the column is: columns of a higher rank are cut only once those of lower ranks are
   * cut to nothing (a configuration's name after its domain and cnames). @default 0
   */
  readonly rank?: number;
}

/** Rows measured at most per list: a list that long is measured on a sample spread through it. */
export const MEASURED_ROWS = 1000;

/**
 * The widest text of each column, title included, over the rows (all of them up to MEASURED_ROWS,
 * else MEASURED_ROWS spread evenly through the list: measuring must stay cheap at 10,000 rows while
 * a filter is typed, and the rows on screen are measured besides, see `widest`).
 */
export function measureColumns<Row>(columns: readonly Measurable<Row>[], rows: readonly Row[]): number[] {
  const widths = columns.map((c) => cellWidth(c.title));
  const step = rows.length > MEASURED_ROWS ? rows.length / MEASURED_ROWS : 1;
  for (let at = 0; at < rows.length; at += step)
    widest(
      widths,
      columns.map((c) => c.cell(rows[Math.floor(at)]!)),
    );
  return widths;
}

/** Widens `widths` (in place) to hold one row's cells. */
export function widest(widths: number[], cells: readonly string[]): number[] {
  for (let i = 0; i < cells.length; i++) {
    const w = cellWidth(cells[i]!);
    if (w > (widths[i] ?? 0)) widths[i] = w;
  }
  return widths;
}

/** The sum of each width held between its floor and the cap. */
function capped(natural: readonly number[], floor: readonly number[], cap: number): number {
  let sum = 0;
  for (let i = 0; i < natural.length; i++) sum += Math.max(floor[i]!, Math.min(natural[i]!, cap));
  return sum;
}

/**
 * Widths for columns that need `natural` cells each, in `room` cells (the spaces between columns
 * not counted). All fit: each gets what it needs and the last one the cells left over (the focus bar
 * runs across the line). Too narrow: the least telling columns lose first — those of the lowest
 * `rank` (default 0) down to nothing, then the next rank, `keep` columns last (and when not even
 * they fit, all columns alike). A ranked column keeps up to 60% of the line that way; what it needs
 * beyond that is cut with the least telling. Among the columns of
 * the rank being cut the largest cap that fits is found, every one wider than it is cut to it (the
 * widest texts lose first, all cut columns end equally wide), and the cells the rounding leaves go
 * one each to the widest of them.
 */
export function fitColumns(
  natural: readonly number[],
  room: number,
  keep: readonly boolean[] = [],
  rank: readonly number[] = [],
): number[] {
  const n = natural.length;
  if (n === 0) return [];
  room = Math.max(0, Math.floor(room));
  const need = natural.reduce((a, b) => a + b, 0);
  if (need <= room) return natural.map((w, i) => (i === n - 1 ? w + room - need : w));
  if (!rank.some((r, i) => r > 0 && !keep[i])) return fitRanked(natural, room, keep, rank);
  // A ranked column is kept only up to RANKED_SHARE of the line: what it needs beyond that is cut
  // with the least telling (one very long name does not take every other column's place).
  const share = Math.floor(room * RANKED_SHARE);
  const extra: number[] = [];
  const parts = natural.map((w, i) => {
    if (keep[i] || (rank[i] ?? 0) <= 0 || w <= share) return w;
    extra.push(i);
    return share;
  });
  const split = fitRanked(
    [...parts, ...extra.map((i) => natural[i]! - share)],
    room,
    [...keep, ...extra.map(() => false)],
    [...rank, ...extra.map(() => 0)],
  );
  const widths = split.slice(0, n);
  extra.forEach((i, k) => (widths[i] = widths[i]! + split[n + k]!));
  return widths;
}

/** The share of the line a ranked column (a configuration's name) keeps before it is cut with the others. */
const RANKED_SHARE = 0.6;

function fitRanked(natural: readonly number[], room: number, keep: readonly boolean[], rank: readonly number[]): number[] {
  const n = natural.length;
  const need = natural.reduce((a, b) => a + b, 0);
  if (need <= room) return natural.map((w, i) => (i === n - 1 ? w + room - need : w));
  // The rank cut: the lowest whose columns alone can make room; those below it are cut to nothing,
  // those above it kept whole.
  const at = (i: number) => (keep[i] ? Infinity : (rank[i] ?? 0));
  const levels = [...new Set(natural.map((_, i) => at(i)))].sort((a, b) => a - b);
  // Not even the kept columns fit: every column is cut alike.
  const level = levels.find((l) => l !== Infinity && natural.reduce((sum, w, i) => sum + (at(i) > l ? w : 0), 0) <= room);
  const top = natural.map((w, i) => (level !== undefined && at(i) < level ? 0 : w));
  const floor = natural.map((w, i) => (level !== undefined && at(i) > level ? w : 0));
  // The largest cap whose widths fit (capped() grows with the cap).
  let lo = 0;
  let hi = Math.max(...top);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (capped(top, floor, mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  const widths = top.map((w, i) => Math.max(floor[i]!, Math.min(w, lo)));
  let left = room - capped(top, floor, lo);
  const cut = top.map((_, i) => i).filter((i) => top[i]! > widths[i]!);
  cut.sort((a, b) => top[b]! - top[a]! || a - b);
  for (const i of cut) {
    if (left <= 0) break;
    widths[i] = widths[i]! + 1;
    left--;
  }
  return widths;
}
