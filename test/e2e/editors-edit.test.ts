// The editors of part 2, end to end: the rule editor, the error-code TTL grid, and validation
// errors from the schema (while typing) and from the API (beside the field, draft kept).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, writes, reviewOf } from './flows-helpers.js';
import { ERROR_CODES, RULE_FIELDS, fieldLine, focusLabel, focusRow, openTab } from './editors-helpers.js';
import { demoId, demoRuleId } from '../helpers/seed-ids.js';

const RULES_1 = `/content_delivery/configurations/${demoId(1)}/rules_engine`;

describe.skipIf(!existsSync(BIN))('editors', () => {
  it(
    'rule editor: toggles gzip, the review shows the PATCH, the log shows exactly {"gzip": true}',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openTab(app, demoId(1), 'rules');
        await focusRow(app, demoRuleId(4));
        await app.press('enter');
        await app.waitForText('forward cookies');
        // fields that do not apply to image_optimization are there, explained when focused
        await focusLabel(app, 'redirect to', RULE_FIELDS);
        await app.waitForText('not used now: used only when behavior is "redirect"');
        await focusLabel(app, 'gzip', RULE_FIELDS);
        await app.press('enter');
        await app.waitUntil(() => fieldLine(app, 'gzip').startsWith('* gzip'), 'gzip marked changed');
        await app.press('s');
        await app.waitForText(`PATCH ${RULES_1}/${demoRuleId(4)} {"gzip": true}`);
        expect(writes(app.log())).toEqual([]);
        await app.press('y');
        await app.waitForText('✓ saved rule');
        const sent = writes(app.log());
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ method: 'PATCH', path: `${RULES_1}/${demoRuleId(4)}`, status: 200, body: { gzip: true } });
        expect(Object.keys(sent[0]!.body)).toEqual(['gzip']);
        expect((await app.emulator.call('GET', `${RULES_1}/${demoRuleId(4)}`)).body.gzip).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'error-code grid: two cells typed as 5m and 1h, the PATCH carries only those codes',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openTab(app, demoId(2), 'error_responses');
        await focusLabel(app, '404 Not Found', ERROR_CODES);
        await app.press('enter', 'ctrl-u');
        await app.type('5m');
        await app.press('enter');
        await app.waitForText(/\* 404 Not Found +300 \(5m\)/);
        await app.press('l'); // → moves across the grid
        await app.waitUntil(() => app.inverseRows().some((r) => app.inverseText(r).includes('405 Method')), 'the 405 cell focused');
        await app.press('enter', 'ctrl-u');
        await app.type('1h');
        await app.press('enter');
        await app.waitForText(/\* 405 Method Not Allowed +3600 \(1h\)/);
        await app.press('s');
        await app.waitForText(`PATCH /content_delivery/configurations/${demoId(2)}/error_responses`);
        await app.press('y');
        await app.waitForText('✓ saved');
        const sent = writes(app.log());
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ method: 'PATCH', path: `/content_delivery/configurations/${demoId(2)}/error_responses` });
        expect(sent[0]!.body).toEqual({ cache_error_404: 300, cache_error_405: 3600 });
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a regex path is checked while typing; an error only the API knows lands beside its field and keeps the draft',
    async () => {
      // an account without the application_acceleration product: only the server can refuse "acceleration"
      const app = await startApp({ cols: 140, rows: 30, emulatorArgs: ['--products', 'none'] });
      try {
        await openTab(app, demoId(1), 'rules');
        await focusRow(app, demoRuleId(4));
        await app.press('enter');
        await app.waitForText('forward cookies');
        await focusLabel(app, 'path', RULE_FIELDS);
        await app.press('enter', 'end');
        await app.type('(');
        await app.waitForText('error: Not a valid regular expression');
        await app.press('esc');
        await app.waitForNoText('error: Not a valid regular expression');

        await focusLabel(app, 'behavior', RULE_FIELDS);
        await app.press('enter');
        await app.waitForText('application acceleration product');
        for (let i = 0; i < 6 && !app.inverseRows().some((r) => app.inverseText(r).startsWith('acceleration')); i++)
          await app.press('down');
        await app.press('enter');
        await app.waitUntil(() => /^\* behavior +acceleration/.test(fieldLine(app, 'behavior')), 'behavior set');
        await app.press('s');
        await app.waitForText('{"behavior": "acceleration"}');
        await app.press('y');
        await app.waitForText(/error: .*application_acceleration/);
        await app.waitUntil(
          () => /^\* behavior .*error: "acceleration" needs the application_acceleration product/.test(fieldLine(app, 'behavior')),
          'the error beside behavior',
        );
        const sent = writes(app.log());
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ method: 'PATCH', status: 400 });
        expect((await app.emulator.call('GET', `${RULES_1}/${demoRuleId(4)}`)).body.behavior).toBe('image_optimization');
        // the draft is kept: the review still has it
        await app.press('s');
        await app.waitForText(reviewOf(1));
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
