// A patch must leave the terminal exactly as a full paint of the new frame would: same text, same
// styles in every cell, whatever moved. Checked in a headless xterm, on frames like the app's (a
// list that scrolls under a fixed header and footer) and on random ones.
import xterm from '@xterm/headless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullPaint, screenPatch } from '../../src/ui/screen-patch.js';
import { snapshot } from '../e2e/xterm-snapshot.js';

const COLS = 40;
const ROWS = 12;

function terminal(): xterm.Terminal {
  return new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
}

/**
 * The visible cells, an unstyled written space the same as an erased cell (a terminal shows both
 * alike; the patch leaves a line of spaces alone where a full paint writes it).
 */
function cellsOf(term: xterm.Terminal): unknown {
  return snapshot(term).cells.map((row) => row.map((cell) => (cell.chars === '' ? { ...cell, chars: ' ' } : cell)));
}

const written = (term: xterm.Terminal, data: string) => new Promise<void>((ok) => term.write(data, ok));

/** What a terminal shows after `frames` were drawn one after another with patches; and the bytes of the last patch. */
async function drawn(frames: readonly (readonly string[])[]): Promise<{ cells: unknown; text: string; bytes: number }> {
  const term = terminal();
  let prev: readonly string[] | undefined;
  let bytes = 0;
  for (const frame of frames) {
    const patch = screenPatch(prev, frame, ROWS);
    bytes = patch.length;
    await written(term, patch);
    prev = frame;
  }
  const text = Array.from({ length: ROWS }, (_, r) => term.buffer.active.getLine(r)?.translateToString(true) ?? '').join('\n');
  const cells = cellsOf(term);
  term.dispose();
  return { cells, text, bytes };
}

/** The same frame painted whole on a fresh terminal. */
async function painted(frame: readonly string[]): Promise<{ cells: unknown; text: string }> {
  const term = terminal();
  await written(term, fullPaint(frame, ROWS));
  const text = Array.from({ length: ROWS }, (_, r) => term.buffer.active.getLine(r)?.translateToString(true) ?? '').join('\n');
  const cells = cellsOf(term);
  term.dispose();
  return { cells, text };
}

const inverse = (s: string) => `\u001b[7m${s}\u001b[27m`;
/** A frame like the browser's: header, a window of rows with the focus bar, a count line. */
function listFrame(top: number, cursor: number): string[] {
  const body = Array.from({ length: ROWS - 3 }, (_, i) => {
    const row = `  ${String(top + i).padStart(5)} shop-${String(top + i).padStart(5, '0')}`.padEnd(COLS - 2);
    return top + i === cursor ? inverse(row) : row;
  });
  return ['\u001b[1mconfigurations\u001b[22m', '', ...body, `\u001b[2m${cursor + 1} of 500\u001b[22m`];
}

describe('screenPatch', () => {
  it('draws a list scrolled by a row as a full paint would, writing two rows and a scroll', async () => {
    // The focus bar on the window's last row, then one row down: the list scrolls.
    const before = listFrame(10, 18);
    const after = listFrame(11, 19);
    const got = await drawn([before, after]);
    expect(got.text).toBe((await painted(after)).text);
    expect(got.cells).toEqual((await painted(after)).cells);
    expect(got.bytes).toBeLessThan(after[ROWS - 2]!.length * 3 + 40); // the bar's old row, its new row, the count line
  });

  it('scrolls down as well (k at the top of the window)', async () => {
    const before = listFrame(10, 10);
    const after = listFrame(9, 9);
    const got = await drawn([before, after]);
    expect(got.cells).toEqual((await painted(after)).cells);
    expect(got.text).toContain('shop-00009');
  });

  it('writes nothing when the frame did not change, and only the changed rows when the bar moves inside the window', async () => {
    const frame = listFrame(10, 12);
    expect((await drawn([frame, frame])).bytes).toBe(0);
    const moved = await drawn([frame, listFrame(10, 13)]);
    expect(moved.cells).toEqual((await painted(listFrame(10, 13))).cells);
    expect(moved.bytes).toBeLessThan(3 * (COLS + 20));
  });

  it('erases what a shorter line or a shorter frame leaves behind', async () => {
    const long = Array.from({ length: ROWS }, (_, i) => `line ${i} ${'x'.repeat(30)}`);
    const short = ['short', '', 'x'];
    const got = await drawn([long, short]);
    expect(got.text).toBe('short\n\nx' + '\n'.repeat(ROWS - 3));
  });

  it('draws full-width lines and wide characters without wrapping', async () => {
    const wide = ['界'.repeat(COLS / 2), 'a'.repeat(COLS), inverse('b'.repeat(COLS)), '表'.repeat(COLS / 2)];
    const got = await drawn([[], wide, [...wide.slice(1), 'tail']]);
    expect(got.cells).toEqual((await painted([...wide.slice(1), 'tail'])).cells);
  });

  it('leaves any sequence of frames exactly as a full paint of the last one', async () => {
    // Lines no wider than the terminal, as Ink's are (it cuts them).
    const styled = fc.oneof(
      fc.constantFrom('', 'a', 'word', '  spaced  ', '界面', 'é'),
      fc
        .constantFrom('red', 'bold', 'inv')
        .map((s) => (s === 'red' ? '\u001b[31mred\u001b[39m' : s === 'bold' ? '\u001b[1mbold\u001b[22m' : inverse(' inv '))),
    );
    const line = fc.oneof(
      fc.array(styled, { maxLength: 3 }).map((parts) => parts.join(' ')),
      fc.constantFrom('x'.repeat(COLS), inverse('y'.repeat(COLS)), '界'.repeat(COLS / 2)),
    );
    const pool = fc.array(line, { minLength: 1, maxLength: 30 });
    // Frames cut from one pool of lines at different offsets (so blocks move), some lines replaced.
    const frame = (lines: string[]) =>
      fc
        .tuple(
          fc.integer({ min: 0, max: 29 }),
          fc.integer({ min: 0, max: ROWS + 2 }),
          fc.array(fc.tuple(fc.nat(ROWS), line), { maxLength: 3 }),
        )
        .map(([offset, length, edits]) => {
          const out = Array.from({ length }, (_, i) => lines[(offset + i) % lines.length]!);
          for (const [at, text] of edits) if (at < out.length) out[at] = text;
          return out;
        });
    await fc.assert(
      fc.asyncProperty(
        pool.chain((lines) => fc.array(frame(lines), { minLength: 1, maxLength: 4 })),
        async (frames) => {
          const last = frames.at(-1)!;
          expect((await drawn(frames)).cells).toEqual((await painted(last)).cells);
        },
      ),
      { numRuns: 150 },
    );
  });
});
