// The review is windowed (issue 10), end to end: 40 drafts at 100x30 — the summary line stays on
// top and the footer at the bottom, the changes scroll under them with a cursor line (G, k/j by one
// line, g; the window follows the cursor), no line is wider than the terminal, and `y` sends all 40,
// seen or not.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellWidth } from '../../src/ui/text.js';
import { BIN, startApp, type App } from './harness.js';
import { FLOW_TIMEOUT, writes } from './flows-helpers.js';
import { RULE_FIELDS, fieldLine, focusLabel, openTab } from './editors-helpers.js';
import { CFG, create, records } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const COLS = 100;
const ROWS = 30;
const SUMMARY = 'Review: 40 changes, 40 requests · y sends all · n/Esc back (drafts kept)';

/** The review's body: the lines between the summary (line 2, then a blank line) and the footer's two lines. */
const body = (app: App) =>
  app
    .screen()
    .split('\n')
    .slice(4, ROWS - 2);
/** "lines 137-160 of 160" from the summary line. */
function window(app: App): { first: number; last: number; total: number } {
  const m = / · lines (\d+)-(\d+) of (\d+)$/.exec(app.line(2));
  if (!m) throw new Error(`no "lines a-b of n" in the summary line:\n${app.screen()}`);
  return { first: Number(m[1]), last: Number(m[2]), total: Number(m[3]) };
}

/** The review's keys, most important first (↑/↓ are the first to go when the line is too short). */
const FOOTER = /^y send {2}Enter fix {2}x drop change {2}n back, drafts kept /;

/** The frame of the review: summary on top, footer keys on the second-to-last line, nothing wider than the terminal. */
function expectFrame(app: App): void {
  const lines = app.screen().split('\n');
  expect(lines).toHaveLength(ROWS);
  expect(lines[0]).toMatch(/^review › 40 marked rules /);
  expect(lines[2]!.startsWith(SUMMARY)).toBe(true);
  expect(lines[ROWS - 2]).toMatch(FOOTER);
  for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(COLS);
}

describe.skipIf(!existsSync(BIN))('the review of 40 changes', () => {
  it(
    'scrolls under a fixed summary and footer: G shows the last PATCH, k/j move the cursor line and the window follows it, y sends all 40',
    async () => {
      const app = await startApp({ cols: COLS, rows: ROWS });
      try {
        // Configuration 2 of the demo has 5 rules: 35 more through the API make 40.
        const seeded = await records(app, `${CFG}/${demoId(2)}/rules_engine`);
        for (let i = seeded.length + 1; i <= 40; i++) {
          await create(app, `${CFG}/${demoId(2)}/rules_engine`, {
            path: `/section-${i}/`,
            regex: false,
            protocol_policy: 'http,https',
            behavior: 'delivery',
            path_origin_id: seeded[0]!.path_origin_id,
          });
        }
        const rules = await records<{ id: number; waf_rule_set_id: number | null }>(app, `${CFG}/${demoId(2)}/rules_engine`);
        expect(rules).toHaveLength(40);
        expect(rules.every((r) => r.waf_rule_set_id === null)).toBe(true);
        const ours = app.log().length;

        await openTab(app, demoId(2), 'rules');
        for (let i = 0; i < 40; i++) await app.press('space'); // marks the row and moves down
        await app.waitForText(`● ${rules[39]!.id} /section-40/`);
        await app.press('enter');
        await app.waitForText('Bulk edit of 40 rules');
        await focusLabel(
          app,
          'WAF rule set',
          RULE_FIELDS.filter((l) => l !== 'id'),
        );
        await app.press('enter', 'ctrl-u');
        await app.type('7');
        await app.press('enter');
        await app.waitUntil(() => fieldLine(app, 'WAF rule set').startsWith('* WAF rule set '), 'the * mark on WAF rule set');

        await app.press('s');
        await app.waitForText(SUMMARY);
        await app.waitForText(`  PATCH ${CFG}/${demoId(2)}/rules_engine/${rules[0]!.id} {"waf_rule_set_id": 7}`);
        await app.waitUntil(() => FOOTER.test(app.line(ROWS - 2)), "the review's keys in the footer");
        expectFrame(app);
        const top = window(app);
        expect(top).toMatchObject({ first: 1, last: ROWS - 6 });
        expect(top.total).toBeGreaterThanOrEqual(120); // a title, a change and a request for each of 40
        expect(app.screen()).not.toContain(`rules_engine/${rules[39]!.id} `);

        // A cursor line (x and Enter act on its change): on the first line; the window follows it.
        const cursorRow = () => app.inverseRows().filter((r) => r >= 4 && r < ROWS - 2);
        expect(cursorRow()).toEqual([4]);
        const lastPatch = `  PATCH ${CFG}/${demoId(2)}/rules_engine/${rules[39]!.id} {"waf_rule_set_id": 7}`;
        await app.press('G');
        await app.waitForText(lastPatch);
        expectFrame(app);
        expect(window(app)).toEqual({ first: top.total - (ROWS - 6) + 1, last: top.total, total: top.total });
        await app.waitUntil(() => cursorRow()[0] === ROWS - 3, 'the cursor on the last line');
        const bottom = body(app);

        await app.press('k');
        await app.waitUntil(() => cursorRow()[0] === ROWS - 4, 'the cursor one line up');
        expect(window(app).last).toBe(top.total); // the window stays while the cursor is in it
        expectFrame(app);
        await app.press('j');
        await app.waitUntil(() => cursorRow()[0] === ROWS - 3, 'the cursor one line down');
        expect(body(app).map((l) => l.trimEnd())).toEqual(bottom.map((l) => l.trimEnd()));

        await app.press('g');
        await app.waitUntil(() => window(app).first === 1 && cursorRow()[0] === 4, 'the window and the cursor at the top');
        const first = body(app).map((l) => l.trimEnd());
        // Down past the window's last line: the window follows by one line.
        for (let i = 0; i < ROWS - 6; i++) await app.press('j');
        await app.waitUntil(() => window(app).first === 2, 'the window one line down');
        expect(cursorRow()).toEqual([ROWS - 3]);
        expect(
          body(app)
            .slice(0, -1)
            .map((l) => l.trimEnd()),
        ).toEqual(first.slice(1));
        expect(writes(app.log().slice(ours))).toEqual([]); // scrolling sends nothing

        await app.press('y'); // the window shows only the first drafts: y still sends all 40
        await app.waitForText('✓ 40 applied', 15_000);
        const sent = writes(app.log().slice(ours));
        expect(sent).toHaveLength(40);
        expect(sent.every((w) => w.method === 'PATCH' && w.status === 200)).toBe(true);
        expect(new Set(sent.map((w) => w.path))).toEqual(new Set(rules.map((r) => `${CFG}/${demoId(2)}/rules_engine/${r.id}`)));
        const after = await records<{ id: number; waf_rule_set_id: number | null }>(app, `${CFG}/${demoId(2)}/rules_engine`);
        expect(after.every((r) => r.waf_rule_set_id === 7)).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
