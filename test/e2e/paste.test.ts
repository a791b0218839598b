// Pastes into the inline text inputs (issue 10), end to end. 10,000 characters into a
// configuration's name (at most 250): taken in one go, the end shown, refused beside the field,
// Enter refuses, Esc drops. About 4,000 characters into a field that allows them (the cnames
// list: up to 50 hostnames of up to 253 characters): kept, reviewed in wrapped lines, sent.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellWidth } from '../../src/ui/text.js';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, focusField, formRow, openConfiguration, visibleLines, writes, reviewOf } from './flows-helpers.js';
import { CFG, expectNothingPending } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const COLS = 160;
const ROWS = 30;

describe.skipIf(!existsSync(BIN))('pasting into a text input', () => {
  it(
    'a 10,000-character name: the end shows at once, "at most 250 characters" beside the field, Enter refuses, Esc drops',
    async () => {
      const app = await startApp({ cols: COLS, rows: ROWS });
      try {
        await openConfiguration(app, demoId(3));
        await focusField(app, 'name');
        await app.press('enter');
        await app.waitForText('Enter keep  Esc drop');
        await app.press('ctrl-u');
        const nameRow = () => visibleLines(app).find((l) => /^[* ] name( |$)/.test(l)) ?? '';
        await app.waitUntil(() => nameRow() === '  name', 'the input cleared');

        const end = 'END-OF-THE-PASTE';
        const text = 'pasted name '.repeat(1000).slice(0, 10_000 - end.length) + end;
        expect(text).toHaveLength(10_000);
        const started = performance.now();
        const pasted = app.paste(text); // one write to the pty
        await app.waitUntil(() => nameRow().includes(end), 'the end of the paste in the input');
        const ms = performance.now() - started;
        await pasted;
        console.log(`a 10,000-character paste was on screen after ${ms.toFixed(0)} ms`);

        const error = 'error: at most 250 characters (this is 10,000) (Enter refuses)';
        await app.waitUntil(() => formRow(app, 'name').endsWith(error), 'the error beside the field');
        expect(formRow(app, 'name')).toMatch(
          /^ {2}name +.*pasted name pasted .*END-OF-THE-PASTE +error: at most 250 characters \(this is 10,000\) \(Enter refuses\)$/,
        );
        for (const line of app.screen().split('\n')) expect(cellWidth(line)).toBeLessThanOrEqual(COLS);

        await app.press('enter'); // refused: the input stays open with the text and the error
        await app.waitForIdle();
        expect(formRow(app, 'name')).toContain(end);
        expect(formRow(app, 'name').endsWith(error)).toBe(true);
        expect(app.screen()).toContain('Enter keep  Esc drop');

        // At 100 columns the error still shows whole: the input keeps a little room beside it.
        app.resize(100, ROWS);
        await app.waitUntil(() => nameRow().endsWith(error) && cellWidth(nameRow()) <= 100, 'the whole error at 100 columns');
        expect(nameRow()).toMatch(/PASTE +error: at most 250 characters/);

        await app.press('esc');
        await app.waitUntil(() => /^ {2}name +acme public api v2$/.test(formRow(app, 'name')), 'the name as it was, not marked changed');
        expect(app.screen()).not.toContain(end);
        await expectNothingPending(app);
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a 4,000-character list of cnames: kept, its PATCH line wrapped in the review, sent as it was pasted',
    async () => {
      const app = await startApp({ cols: COLS, rows: ROWS });
      try {
        await openConfiguration(app, demoId(3));
        await focusField(app, 'cnames');
        // 45 hostnames of 89 characters: "c01-aaa…a.bbb…b.example", joined by ", ".
        const hosts = Array.from(
          { length: 45 },
          (_, i) => `c${String(i + 1).padStart(2, '0')}-${'a'.repeat(55)}.${'b'.repeat(21)}.example`,
        );
        const text = hosts.join(', ');
        expect(text.length).toBeGreaterThanOrEqual(4000);
        await app.press('enter');
        await app.waitForText('Enter keep  Esc drop');
        await app.press('ctrl-u');
        await app.paste(text);
        await app.waitUntil(() => formRow(app, 'cnames').includes(hosts.at(-1)!.slice(-40)), 'the end of the paste in the input');
        expect(formRow(app, 'cnames')).not.toContain('error:');
        await app.press('enter');
        await app.waitUntil(() => formRow(app, 'cnames').startsWith('* cnames '), 'the * mark on cnames');
        expect(formRow(app, 'cnames')).not.toContain('error:');

        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitForText(`  cname: -["api.acme-outdoor.example"]`);
        // The footer is the review's once its keys are bound (a render after its body): wait for it.
        await app.waitUntil(() => (app.screen().split('\n')[ROWS - 2] ?? '').startsWith('↑ up  ↓ down  y send '), "the review's footer");
        const wrapped = () => {
          const lines = app.screen().split('\n');
          expect(lines).toHaveLength(ROWS);
          expect(lines[2]).toMatch(/^Review: 1 change, 1 request · y sends all · n\/Esc back \(drafts kept\) · lines \d+-\d+ of \d+$/);
          expect(lines[ROWS - 2]!.startsWith('↑ up  ↓ down  y send ')).toBe(true);
          for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(COLS);
        };
        wrapped();
        await app.press('G'); // the end of the request: its last wrapped line
        await app.waitForText(/^ {4}b*\.example"\]\}$/m);
        wrapped();
        // The window is all continuation lines of the request, indented under its first line.
        const shown = app
          .screen()
          .split('\n')
          .slice(4, ROWS - 3)
          .filter((l) => l !== '');
        expect(shown.length).toBeGreaterThan(20);
        for (const line of shown) expect(line).toMatch(/^ {4}\S/);
        expect(shown.map((l) => l.slice(4)).join('')).toContain(`"${hosts[44]}"]}`);

        await app.press('y');
        await app.waitForText(`✓ saved configuration acme public api v2 (${demoId(3)})`);
        const sent = writes(app.log());
        expect(sent).toEqual([
          expect.objectContaining({ method: 'PATCH', path: `${CFG}/${demoId(3)}`, status: 200, body: { cname: hosts } }),
        ]);
        expect((await app.emulator.call('GET', `${CFG}/${demoId(3)}`)).body.cname).toEqual(hosts);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a paste outside a text input is not keys: pasting "yes" in the review sends nothing',
    async () => {
      const app = await startApp({ cols: 100, rows: ROWS });
      try {
        await openConfiguration(app, demoId(3));
        await focusField(app, 'name');
        await app.press('enter', 'ctrl-u');
        await app.type('renamed');
        await app.press('enter');
        await app.waitUntil(() => formRow(app, 'name').startsWith('* name'), 'the draft');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.paste('yes');
        await app.waitForText('error: pasted text goes into a text input only');
        expect(app.screen()).toContain('Review: 1 change, 1 request');
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
