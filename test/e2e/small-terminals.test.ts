// Small terminals (docs/ux.md, small terminals; issue 31 point 3): every screen is laid out at
// 60×18 — no line runs past the edge, the tab bar is one line of whole words, the footer's keys and
// the status line are there. Below that one line asks for a bigger terminal: the app goes on, keys
// do nothing (a y typed there sends nothing), the draft is kept, and back at 60×18 the screen is
// as it was; Ctrl-C still quits. Without UTF-8 (LANG=C) not one byte outside ASCII is written.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { editField, FIRST_LOAD_MS, FLOW_TIMEOUT, reviewOf, visibleLines, writes } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const MIN = { cols: 60, rows: 18 } as const;
const TINY = { cols: 40, rows: 12 } as const;
const TAB = /^ \d(?: (?:Settings|Rules|Cache|Cache settings|Errors|Error responses|Origins))? $/;

async function resizeTo(app: App, size: { cols: number; rows: number }): Promise<void> {
  app.resize(size.cols, size.rows);
  await app.waitUntil(() => app.screen().split('\n').length === size.rows, `the frame at ${size.cols}×${size.rows}`);
  await app.waitForIdle(150);
}

/** What a person would call broken: a line that ran past the edge, no header, no footer keys. */
async function expectLaidOut(app: App, what: string): Promise<void> {
  // The footer's keys: `Enter open  Space mark ↓  …`, on the line above the message line.
  const keys = () => /^\S+ \S+( \S+)* {2}\S/.test(visibleLines(app)[app.size().rows - 2] ?? '');
  await app.waitUntil(keys, `${what}: the footer's keys`);
  expect(app.wrappedRows(), `${what}: no line runs past the right edge\n${app.screen()}`).toEqual([]);
  expect(visibleLines(app)[0], `${what}: the header`).toMatch(/\S/);
}

/** The tab bar's labels as drawn: each a number and a whole word (or none), never a broken one. */
function tabLabels(app: App): string[] {
  const bar = visibleLines(app).find((l) => /^ 1 /.test(l));
  if (bar === undefined) throw new Error(`no tab bar:\n${app.screen()}`);
  return bar.match(/ \d(?: [A-Z][a-z]+(?: [a-z]+)?)? /g) ?? [];
}

describe.skipIf(!existsSync(BIN))('small terminals', () => {
  it(
    'at 60×18 every route is laid out and the tab bar is whole words; at 40×12 one line asks for 60×18, keys do nothing, the draft is kept',
    async () => {
      const app = await startApp({ ...MIN });
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        await expectLaidOut(app, 'the browser');
        await app.press('enter'); // the first row: the shop (the breadcrumb at 60 columns is cut before its id)
        await app.waitForText(new RegExp(`^ {2}id +${demoId(1)}$`, 'm'));
        for (const tab of ['1', '2', '3', '4', '5']) {
          await app.press(tab);
          await app.waitForIdle(150);
          await expectLaidOut(app, `tab ${tab}`);
          const labels = tabLabels(app);
          expect(labels, `tab ${tab}: five tabs, each whole\n${app.screen()}`).toHaveLength(5);
          for (const label of labels) expect(label).toMatch(TAB);
        }
        // The error responses' labels whole beside their values.
        await app.press('4');
        await app.waitForText(/^ {2}416 Range Not Satisfiable +\S/m);
        // A form, its help, the palette, the history.
        await app.press('2', 'enter');
        await app.waitForText(/^[* ] path /m);
        await expectLaidOut(app, 'a rule form');
        await app.press('esc', '?');
        await app.waitForText('Keys of this view');
        await expectLaidOut(app, 'the help');
        expect(
          visibleLines(app)
            .filter((l) => l.startsWith('│'))
            .join('\n'),
        ).not.toContain('…'); // no description cut: the help scrolls instead
        expect(app.screen()).toMatch(/↓\/j PgDn more · lines 1–\d+ of \d+/);
        await app.press('esc', ':');
        await app.waitForIdle(150);
        await expectLaidOut(app, 'the palette');
        await app.press('esc', 'H');
        await app.waitForText(/history/i);
        await expectLaidOut(app, 'the history');
        await app.press('q');

        // A draft and its review.
        await app.press('1');
        await editField(app, 'name', ' (eu)', 'append');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await expectLaidOut(app, 'the review');
        const review = visibleLines(app);

        await resizeTo(app, TINY);
        await app.waitForText(/^need 60×18, now 40×12$/m);
        expect(visibleLines(app)).toEqual(['need 60×18, now 40×12', ...Array(TINY.rows - 1).fill('')]);
        await app.press('y', 'j', 'enter');
        await app.waitForIdle(300);
        expect(writes(app.log()), 'a y typed while too small sends nothing').toEqual([]);
        app.resize(59, 30);
        await app.waitForText(/^make the terminal at least 60×18 \(now 59×30\)$/m);

        await resizeTo(app, MIN);
        // Below the header (whose 'updated … ago' moves on with the clock), the review as it was.
        const body = (lines: string[]) => lines.slice(1).join('\n');
        await app.waitUntil(() => body(visibleLines(app)) === body(review), 'the review as it was before');
        expect(visibleLines(app)[0]).toMatch(/^review › settings /);
        await app.press('ctrl-c');
        expect(await app.exited).toEqual({ exitCode: 130, signal: null });
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT * 2,
  );

  it(
    'LANG=C: the review and its arrow in ASCII, not one byte outside it written',
    async () => {
      const app = await startApp({ cols: 100, rows: 30, env: { TERM: 'xterm', LANG: 'C', LC_ALL: 'C' } });
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        await app.press('enter'); // the first row: the shop
        await app.waitForText(`(${demoId(1)}) > `); // the breadcrumb's arrow in ASCII
        await app.waitForText(/^[* ] name /m);
        await editField(app, 'name', ' (eu)', 'append');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitForText('name: -"acme-outdoor shop (prod)" -> +"acme-outdoor shop (prod) (eu)"');
        await app.press('?');
        await app.waitForText('Keys of this view');
        expect([...app.rawOutput()].filter((c) => c.charCodeAt(0) > 0x7e && c !== '\x7f')).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
