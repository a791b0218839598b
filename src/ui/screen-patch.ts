// What to write to a terminal to turn the frame on it into the next one, line by line: only the
// lines that changed, each at its row (absolute positions, so the lines that did not change cost
// nothing), and when a block of lines moved up or down (a list scrolled by a row) the terminal
// scrolls that block itself (a scroll region, DECSTBM, and line feeds or reverse indexes), so only the lines that came in
// are written. A frame is Ink's: lines of text with SGR styles only, each closing its own styles.

const ESC = '\u001b';
const CSI = `${ESC}[`;
/** Erase the whole line: a shorter line leaves nothing of the longer one behind (Ink trims trailing spaces). */
const ERASE_LINE = `${CSI}2K`;
const HIDE_CURSOR = `${CSI}?25l`;
/** Bytes a scroll costs (styles reset, region, scroll, region reset), against the lines it saves. */
const SCROLL_COST = 20;

const isBlank = (line: string | undefined): boolean => line === undefined || /^ *$/.test(line);
const same = (a: string | undefined, b: string | undefined): boolean => a === b || (isBlank(a) && isBlank(b));

/** The whole frame, as after a clear: every row erased and written from the top. */
export function fullPaint(next: readonly string[], rows: number): string {
  const n = Math.min(next.length, rows);
  let out = `${HIDE_CURSOR}${CSI}m${CSI}H`;
  for (let i = 0; i < n; i++) out += `${i ? '\r\n' : ''}${ERASE_LINE}${next[i]}`;
  // The rows below a frame shorter than the screen are erased too.
  if (n < rows) out += `${n ? '\r\n' : ''}${CSI}J`;
  return out;
}

interface Scroll {
  /** First and last row of the region (0-based, inclusive). */
  readonly top: number;
  readonly bottom: number;
  /** Rows the content moves up (positive) or down (negative). */
  readonly by: number;
}

/** The shift most lines of `next` share with `prev` (lines that appear once in `prev`, not blank), if any. */
function likelyShift(prev: readonly string[], next: readonly string[]): number | undefined {
  const at = new Map<string, number>();
  const repeated = new Set<string>();
  prev.forEach((line, j) => {
    if (isBlank(line)) return;
    if (at.has(line)) repeated.add(line);
    else at.set(line, j);
  });
  const votes = new Map<number, number>();
  next.forEach((line, i) => {
    const j = at.get(line);
    if (j === undefined || j === i || repeated.has(line)) return;
    votes.set(j - i, (votes.get(j - i) ?? 0) + 1);
  });
  let best: number | undefined;
  let most = 1; // a shift needs at least two lines to be worth a scroll
  for (const [by, n] of votes) {
    if (n > most) {
      best = by;
      most = n;
    }
  }
  return best;
}

/** The region that, scrolled by `by`, puts the most lines where `next` wants them. */
function regionFor(prev: readonly string[], next: readonly string[], by: number): Scroll | undefined {
  let first = -1;
  let last = -1;
  for (let i = 0; i < next.length; i++) {
    const from = i + by;
    if (from < 0 || from >= prev.length || isBlank(next[i]) || next[i] !== prev[from]) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return undefined;
  // Moving up, the region runs from the first kept line to where the last one came from; down, the other way.
  const top = by > 0 ? first : first + by;
  const bottom = by > 0 ? last + by : last;
  return bottom - top >= Math.abs(by) ? { top, bottom, by } : undefined;
}

/** The terminal's lines after scrolling `region` (the rows that come in are blank). */
function scrolled(lines: readonly (string | undefined)[], { top, bottom, by }: Scroll): (string | undefined)[] {
  const out = [...lines];
  for (let i = top; i <= bottom; i++) {
    const from = i + by;
    out[i] = from >= top && from <= bottom ? lines[from] : undefined;
  }
  return out;
}

/** Bytes needed to write the rows of `next` that `shown` does not already have. */
function cost(shown: readonly (string | undefined)[], next: readonly (string | undefined)[]): number {
  let bytes = 0;
  for (let i = 0; i < next.length; i++) if (!same(shown[i], next[i])) bytes += (next[i]?.length ?? 0) + 8;
  return bytes;
}

/**
 * What to write to turn `prev` (the lines on the terminal) into `next`, on a terminal `rows` high;
 * `prev` undefined (the screen is not known: first frame, resized, given back by another program)
 * paints the whole frame. Lines below the screen are left out.
 */
export function screenPatch(prev: readonly string[] | undefined, next: readonly string[], rows: number): string {
  if (!prev) return fullPaint(next, rows);
  const want: (string | undefined)[] = Array.from({ length: rows }, (_, i) => next[i]);
  let shown: (string | undefined)[] = Array.from({ length: rows }, (_, i) => prev[i]);
  let out = '';

  const by = likelyShift(
    shown.map((l) => l ?? ''),
    want.map((l) => l ?? ''),
  );
  const region =
    by === undefined
      ? undefined
      : regionFor(
          shown.map((l) => l ?? ''),
          want.map((l) => l ?? ''),
          by,
        );
  if (region) {
    const after = scrolled(shown, region);
    if (cost(after, want) + SCROLL_COST < cost(shown, want)) {
      const n = Math.abs(region.by);
      // Styles reset first: the rows that come in take the current background. A line feed on the
      // region's last row scrolls it up, a reverse index on its first row down (every terminal
      // that has a scroll region knows these; the Linux console has no SU/SD).
      const [row, step] = region.by > 0 ? [region.bottom + 1, '\n'] : [region.top + 1, `${ESC}M`];
      out += `${CSI}m${CSI}${region.top + 1};${region.bottom + 1}r${CSI}${row}H${step.repeat(n)}${CSI}r`;
      shown = after;
    }
  }

  let cursorRow = -2; // the row the cursor is on after the last line written (unknown: -2)
  for (let i = 0; i < rows; i++) {
    if (same(shown[i], want[i])) continue;
    // The next row down is a line feed away; any other row, a cursor position.
    out += i === cursorRow + 1 ? '\r\n' : `${CSI}${i + 1}H`;
    out += ERASE_LINE + (want[i] ?? '');
    cursorRow = i;
  }
  return out;
}
