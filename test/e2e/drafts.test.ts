// Drafts the user did not mean to keep leave nothing behind (issue 10), end to end: bulk `u`
// reverts one field of every marked rule and `U` all of them; a new-record form left with Esc
// before anything was typed leaves no draft. "Nothing pending" is checked as a user would: the
// footer, the palette's "pending changes (0)", and on disk the journal.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, LIST_LOADED, visibleLines, writes, reviewOf } from './flows-helpers.js';
import { RULE_FIELDS, fieldLine, focusLabel, openTab } from './editors-helpers.js';
import { CFG, expectNothingPending, journalDrafts } from './view-helpers.js';
import { demoId, demoRuleId } from '../helpers/seed-ids.js';

const BULK_FIELDS = RULE_FIELDS.filter((l) => l !== 'id');

describe.skipIf(!existsSync(BIN))('drafts left behind', () => {
  it(
    'bulk edit of 3 marked rules: u reverts the focused field of all three, U reverts everything: nothing pending, nothing sent',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openTab(app, demoId(1), 'rules');
        await app.press('space', 'space', 'space');
        await app.waitUntil(() => visibleLines(app).filter((l) => l.startsWith('●')).length === 3, 'three rules marked');
        await app.press('enter');
        await app.waitForText('Bulk edit of 3 rules');
        for (const [label, value] of [
          ['WAF rule set', '42'],
          ['edge firewall', '5'],
        ] as const) {
          await focusLabel(app, label, BULK_FIELDS);
          await app.press('enter', 'ctrl-u');
          await app.type(value);
          await app.press('enter');
          await app.waitUntil(() => fieldLine(app, label).startsWith(`* ${label} `), `the * mark on ${label}`);
        }
        await app.waitForText('3 pending'); // one draft per marked rule
        await app.waitUntil(() => journalDrafts(app) === 3, 'three drafts in the journal'); // written within ~100 ms of the change

        await focusLabel(app, 'WAF rule set', BULK_FIELDS);
        await app.press('u');
        await app.waitUntil(() => fieldLine(app, 'WAF rule set').startsWith('  WAF rule set '), 'WAF rule set reverted');
        expect(fieldLine(app, 'edge firewall')).toMatch(/^\* edge firewall +5\b/);
        await app.press('s');
        await app.waitForText(reviewOf(3));
        await app.waitForText(`PATCH ${CFG}/${demoId(1)}/rules_engine/${demoRuleId(3)} {"edge_firewall_id": 5}`);
        const review = visibleLines(app);
        for (const id of [1, 2, 3].map(demoRuleId))
          expect(review).toContain(`  PATCH ${CFG}/${demoId(1)}/rules_engine/${id} {"edge_firewall_id": 5}`);
        expect(review.join('\n')).not.toContain('waf_rule_set_id'); // reverted in all three
        await app.press('esc');
        await app.waitForText('Bulk edit of 3 rules');

        await app.press('U');
        await app.waitUntil(() => !visibleLines(app).some((l) => l.startsWith('* ')), 'no field marked changed');
        await app.waitForNoText(/\d+ pending/);
        await expectNothingPending(app);
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'n then Esc, in the browser and in the Rules tab: no draft, nothing pending, nothing sent',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.press('n');
        await app.waitForText('New configuration');
        await app.press('esc');
        await app.waitForNoText('New configuration');
        await app.waitForText('12 of 12 configurations');
        await expectNothingPending(app);

        await openTab(app, demoId(1), 'rules');
        await app.press('n');
        await app.waitForText('New rule');
        await app.press('esc');
        await app.waitForNoText('New rule');
        await app.waitForText(/^ +id path +behavior/m);
        await expectNothingPending(app);
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
