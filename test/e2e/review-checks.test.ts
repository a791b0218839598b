// The review is the truth (docs/ux.md §9), end to end against the emulator: a copy onto a configuration
// that has some of the paths is flagged before y, `x` drops those, `y` sends the rest and the
// emulator answers nothing ≥ 400; a bulk edit of 3 is one send, undone with one `z`; a send that
// fails partway for a reason nobody could know offers `u`, the review of the reversal.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, openConfiguration, visibleLines } from './flows-helpers.js';
import { CFG, records } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

interface RuleRecord {
  readonly id: number;
  readonly path: string;
  readonly regex: boolean;
  readonly gzip: boolean;
  readonly waf_rule_set_id: number | null;
  readonly path_origin_id: number;
}

describe.skipIf(!existsSync(BIN))('the review checks every request before y', () => {
  it(
    'copy of every rule onto a configuration with some of the paths: flagged, x drops each, y sends the rest, no answer ≥ 400',
    async () => {
      const app = await startApp({ cols: 120, rows: 34 });
      try {
        const from = await records<RuleRecord>(app, `${CFG}/${demoId(1)}/rules_engine`);
        const there = await records<RuleRecord>(app, `${CFG}/${demoId(2)}/rules_engine`);
        const clash = from.filter((r) => there.some((t) => t.path === r.path && t.regex === r.regex));
        expect(clash.length).toBeGreaterThan(0);
        await openConfiguration(app, demoId(1));
        await app.press('2');
        await app.waitForText(`${from.length} of ${from.length} rules`);
        for (let i = 0; i < from.length; i++) await app.press('space');
        await app.waitForText(`${from.length} marked`);
        await app.press('c');
        await app.type('staging');
        await app.waitForText(`copy ${from.length} rules to acme-outdoor shop (staging) (${demoId(2)})`);
        const sent = app.log().length;
        await app.press('enter');
        // The rules that need a product (the demo's account has them) are warned of, not refused.
        await app.waitForText(
          new RegExp(`Review: \\d+ changes, \\d+ requests · ${clash.length} would be refused( · \\d+ warnings?)? · Enter fixes, x drops`),
        );
        // The first refusal under the cursor, naming the configuration, the path and (in the API's words) the rule there.
        const first = there.find((t) => t.path === clash[0]!.path && t.regex === clash[0]!.regex)!;
        const refusal = `✗ path: configuration acme-outdoor shop (staging) (${demoId(2)}) has a rule ${first.path} already`;
        await app.waitUntil(() => app.inverseRows().some((r) => app.inverseText(r).includes(refusal)), 'the cursor on the first refusal');
        expect(app.screen()).toContain(`(Rule ${first.id} already has`);
        for (let left = clash.length; left > 0; left--) {
          await app.press('x');
          await app.waitForText(left > 1 ? `${left - 1} would be refused` : /· y sends all ·/);
        }
        expect(visibleLines(app).join('\n')).not.toContain('✗');
        await app.press('y');
        await app.waitForText(/✓ \d+ applied/, 15_000);
        const answers = app.log().slice(sent);
        expect(answers.filter((l) => l.status >= 400)).toEqual([]);
        const after = await records<RuleRecord>(app, `${CFG}/${demoId(2)}/rules_engine`);
        const copied = from.filter((r) => !clash.includes(r));
        expect(after.length).toBe(there.length + copied.length);
        for (const r of copied)
          expect(
            after.some((a) => a.path === r.path && a.regex === r.regex),
            r.path,
          ).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a bulk edit of 3 rules is one send: H shows one row, one z reviews the 3 PATCHes back and y restores them',
    async () => {
      const app = await startApp({ cols: 120, rows: 34 });
      try {
        const path = `${CFG}/${demoId(3)}/rules_engine`;
        const before = (await records<RuleRecord>(app, path)).slice(0, 3);
        await openConfiguration(app, demoId(3));
        await app.press('2');
        await app.waitForText(/\d+ of \d+ rules/);
        await app.press('space', 'space', 'space');
        await app.waitForText('3 marked');
        await app.press('enter');
        await app.waitForText('Bulk edit of 3 rules');
        for (let i = 0; i < 8; i++) await app.press('down'); // path … WAF rule set
        await app.press('enter', 'ctrl-u');
        await app.type('9');
        await app.press('enter');
        await app.press('s');
        await app.waitForText('Review: 3 changes, 3 requests · y sends all');
        await app.press('y');
        await app.waitForText('3 applied');
        expect((await records<RuleRecord>(app, path)).slice(0, 3).map((r) => r.waf_rule_set_id)).toEqual([9, 9, 9]);

        await app.press('H');
        await app.waitForText('1 of 1 send');
        expect(visibleLines(app).find((l) => l.includes('3 PATCH'))).toMatch(/3 PATCH +▸ rule .* +3 applied$/);
        const sent = app.log().length;
        await app.press('z');
        await app.waitForText('Review: 3 changes, 3 requests · y sends all');
        await app.press('y');
        await app.waitForText('3 applied');
        const undo = app
          .log()
          .slice(sent)
          .filter((l) => l.method !== 'GET');
        expect(undo.map((l) => [l.method, l.status])).toEqual([
          ['PATCH', 200],
          ['PATCH', 200],
          ['PATCH', 200],
        ]);
        expect((await records<RuleRecord>(app, path)).slice(0, 3)).toEqual(before);
        // The history: two sends now, the undo on top; → opens it into its 3 requests.
        await app.press('H');
        await app.waitForText('2 of 2 sends');
        await app.press('right');
        await app.waitUntil(
          () => visibleLines(app).filter((l) => /^ {2,}.* {2}PATCH +rule /.test(l)).length === 3,
          'its 3 requests under it',
        );
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a send that fails partway for a reason nobody could know offers u; u reviews the reversal of what it applied',
    async () => {
      const app = await startApp({ cols: 120, rows: 34 });
      try {
        const path = `${CFG}/${demoId(4)}/rules_engine`;
        const origin = ((await app.emulator.call('GET', `${CFG}/${demoId(4)}/origins`)).body as Array<{ id: number }>)[0]!.id;
        // Two rules to copy onto configuration 4: /x-one and /x-two, made on configuration 5 for this.
        const origin5 = ((await app.emulator.call('GET', `${CFG}/${demoId(5)}/origins`)).body as Array<{ id: number }>)[0]!.id;
        for (const p of ['/x-one', '/x-two']) {
          await app.emulator.call('POST', `${CFG}/${demoId(5)}/rules_engine`, {
            body: { path: p, regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin5 },
          });
        }
        await openConfiguration(app, demoId(5));
        await app.press('2');
        await app.waitForText('/x-two');
        await app.press('G', 'space', 'k', 'space');
        await app.waitForText('2 marked');
        await app.press('c');
        await app.type('partner');
        await app.waitForText(`copy 2 rules to acme partner api (${demoId(4)})`);
        await app.press('enter');
        await app.waitForText(/Review: \d+ changes, 2 requests · y sends all/);
        // Someone else makes /x-one there after the review's check (the second sent: new rules of a
        // configuration go in their order, one after the other).
        await app.emulator.call('POST', path, {
          body: { path: '/x-one', regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin },
        });
        await app.press('y');
        await app.waitForText('error: 1 applied, 1 failed · u undo the 1 applied: POST');
        expect(app.screen()).toContain('path: Rule');
        expect((await records<RuleRecord>(app, path)).filter((r) => r.path === '/x-two')).toHaveLength(1);
        await app.press('u');
        await app.waitForText('Review: 1 change, 1 request · y sends all');
        expect(visibleLines(app).join('\n')).toMatch(/DELETE \/content_delivery\/configurations\/\d+\/rules_engine\/\d+/);
        await app.press('y');
        await app.waitForText(/✓ deleted rule \/x-two/);
        expect((await records<RuleRecord>(app, path)).filter((r) => r.path === '/x-two')).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
