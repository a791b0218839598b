// The terminals of ops boxes: the demo opens laid out at 80x24 and 200x60 and stays so across
// resizes under TERM=xterm, screen, tmux-256color and linux, a C locale (ASCII only) and NO_COLOR;
// under TERM=linux (a console without SU/SD) a long list scrolls to the screen a full paint draws;
// TERM=dumb is refused in one sentence before anything is drawn.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, visibleLines } from './flows-helpers.js';
import { focusedId } from './view-helpers.js';

const CSI = '\\u001b\\[';
const SMALL = { cols: 80, rows: 24 } as const;
const LARGE = { cols: 200, rows: 60 } as const;
const LOADED = '12 of 12 configurations';
/** The footer's first line, its key list: Enter among its keys, the help key at its end (`? more` when the width cuts it). */
const FOOTER_KEYS = /^.*Enter open.* \? (more|help)$/;

interface Variant {
  readonly name: string;
  readonly env: Readonly<Record<string, string>>;
  readonly ascii?: boolean;
  readonly noColor?: boolean;
}

const VARIANTS: readonly Variant[] = [
  { name: 'TERM=xterm', env: { TERM: 'xterm' } },
  { name: 'TERM=screen', env: { TERM: 'screen' } },
  { name: 'TERM=tmux-256color', env: { TERM: 'tmux-256color' } },
  { name: 'TERM=linux', env: { TERM: 'linux' } },
  { name: 'LANG=C', env: { TERM: 'xterm', LANG: 'C' }, ascii: true },
  { name: 'NO_COLOR', env: { TERM: 'xterm-256color', NO_COLOR: '1' }, noColor: true },
];

/** The screen as a person compares it: lines, the focus bar's rows; the header's age ("updated just now") left out. */
function layout(app: App): { lines: string[]; bars: number[] } {
  const lines = visibleLines(app);
  return { lines: [lines[0]!.replace(/ DEMO .*$/, ' DEMO'), ...lines.slice(1)], bars: app.inverseRows() };
}

/**
 * Whether the list is drawn for `size`: the header on line 0; at the bottom the count line and the
 * footer (its key list, then its message line, blank here); no line ran past the right edge.
 */
function laidOut(app: App, size: { cols: number; rows: number }): boolean {
  const lines = visibleLines(app);
  const now = app.size();
  return (
    now.cols === size.cols &&
    now.rows === size.rows &&
    /^configurations +DEMO /.test(lines[0] ?? '') &&
    lines[size.rows - 3] === LOADED &&
    FOOTER_KEYS.test(lines[size.rows - 2] ?? '') &&
    lines[size.rows - 1] === '' &&
    app.wrappedRows().length === 0
  );
}

async function resizeTo(app: App, size: { cols: number; rows: number }): Promise<void> {
  const before = app.rawOutput().length;
  app.resize(size.cols, size.rows);
  await app.waitUntil(() => app.rawOutput().length > before && laidOut(app, size), `laid out at ${size.cols}x${size.rows}`);
  await app.waitForIdle(150);
  expect(laidOut(app, size), `still laid out at ${size.cols}x${size.rows}`).toBe(true);
}

/** Whether any cell has a colour of its own (not the terminal's default foreground and background). */
function coloured(app: App): boolean {
  return app.snapshot().cells.some((row) => row.some((cell) => cell.fg.mode !== 'default' || cell.bg.mode !== 'default'));
}

describe.skipIf(!existsSync(BIN))('terminals of ops boxes', () => {
  it.each(VARIANTS)(
    '$name: the demo is laid out at 80x24 and 200x60, and back at 80x24 as at a fresh start',
    async ({ env, ascii, noColor }) => {
      const app = await startApp({ args: ['--demo'], env, ...SMALL });
      try {
        await app.waitUntil(() => laidOut(app, SMALL), 'the demo laid out at 80x24', FIRST_LOAD_MS);
        await app.waitForIdle(150);
        const fresh = layout(app);
        expect(fresh.bars).toHaveLength(1); // the focus bar is inverse video, colour or not
        if (ascii) expect(app.screen()).toMatch(/^[\x20-\x7e\n]*$/);
        expect(coloured(app)).toBe(!noColor);

        await resizeTo(app, LARGE);
        expect(visibleLines(app).filter((l) => /^[ !] +\d+ \S/.test(l))).toHaveLength(12);
        await resizeTo(app, SMALL);
        expect(layout(app)).toEqual(fresh);

        // A box (the key help): ASCII corners without a UTF-8 locale, rounded ones with it.
        await app.press('?');
        await app.waitForText(/Keys of this view/);
        expect(app.screen()).toMatch(ascii ? /^\+-{20,}\+$/m : /^╭─{20,}╮$/m);
        if (ascii) expect(app.screen()).toMatch(/^[\x20-\x7e\n]*$/);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'TERM=linux: a long list scrolled by rows and pages is the screen a full paint draws, without SU/SD',
    async () => {
      const app = await startApp({ env: { TERM: 'linux' }, ...SMALL, emulatorArgs: ['--seed', '200'] });
      try {
        await app.waitForText('200 of 200 configurations', FIRST_LOAD_MS);
        for (const key of [...Array<string>(30).fill('down'), 'pgdn', 'down', 'pgup', ...Array<string>(5).fill('up')]) {
          const at = focusedId(app);
          await app.press(key);
          await app.waitUntil(() => focusedId(app) !== at, `the focus bar to move on ${key}`);
        }
        await app.waitForIdle(150);
        const incremental = layout(app);
        expect(incremental.lines.some((l) => /^ +1 \S/.test(l))).toBe(false); // the list did scroll
        // The terminal scrolled the list itself (a scroll region) with line feeds and reverse indexes,
        // never SU/SD (CSI S / CSI T), which the Linux console does not have.
        expect(app.rawOutput()).toMatch(new RegExp(`${CSI}\\d+;\\d+r`));
        expect(app.rawOutput()).not.toMatch(new RegExp(`${CSI}\\d*[ST]`));
        // Painted whole: out to another width and back.
        for (const size of [{ cols: 81, rows: 24 }, SMALL]) {
          const before = app.rawOutput().length;
          app.resize(size.cols, size.rows);
          await app.waitUntil(() => app.rawOutput().length > before && app.line(0).length > 0, `drawn at ${size.cols}x${size.rows}`);
          await app.waitForIdle(150);
        }
        expect(layout(app)).toEqual(incremental);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it('TERM=dumb: one sentence on stderr and exit 2, before anything is drawn', async () => {
    const app = await startApp({ args: ['--demo'], env: { TERM: 'dumb' }, ...SMALL });
    try {
      expect((await app.exited).exitCode).toBe(2);
      expect(app.rawOutput()).toMatch(/^cdn-tui: needs a terminal that can move the cursor, which TERM=dumb cannot; [^.\r\n]*\r?\n$/);
      expect(app.alternateScreen()).toBe(false);
    } finally {
      await app.close();
    }
  });
});
