// Keys that reach the app in one read (issue 21), end to end in a pseudo-terminal against the
// emulator: "/XYZ\r" written at once into a rule's path saves exactly "/XYZ" (no space), keys typed
// ahead after the Enter move on; a 2,000-character paste with line breaks into the path is refused
// whole beside the field, marked by the terminal or not; a path with a space at its end is refused.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FLOW_TIMEOUT, writes } from './flows-helpers.js';
import { RULE_FIELDS, fieldLine, focusLabel, focusRow, openTab } from './editors-helpers.js';
import { expectNothingPending } from './view-helpers.js';
import { demoId, demoRuleId } from '../helpers/seed-ids.js';

const RULES_1 = `/content_delivery/configurations/${demoId(1)}/rules_engine`;
const INPUT_OPEN = 'Enter keep  Esc drop';

/** Rule 4 of configuration 1, its path's input open and cleared. */
async function openPathInput(app: App): Promise<string> {
  await openTab(app, demoId(1), 'rules');
  await focusRow(app, demoRuleId(4));
  await app.press('enter');
  await app.waitForText('forward cookies');
  await focusLabel(app, 'path', RULE_FIELDS);
  const before = fieldLine(app, 'path');
  await app.press('enter');
  await app.waitForText(INPUT_OPEN);
  await app.press('ctrl-u');
  await app.waitUntil(() => /^ {2}path *$/.test(fieldLine(app, 'path')), 'the input cleared');
  return before;
}

/** The label of the form field under the focus bar. */
function focusedField(app: App): string | undefined {
  const rows = app.inverseRows().map((r) => app.inverseText(r).replace(/^\*?\s*/, ''));
  return RULE_FIELDS.find((f) => rows.some((t) => t.startsWith(`${f} `)));
}

describe.skipIf(!existsSync(BIN))('keys read together', () => {
  it(
    '"/XYZ\\r" in one write: typed, then kept; the review and the API get exactly "/XYZ"',
    async () => {
      const app = await startApp({ cols: 140, rows: 30 });
      try {
        await openPathInput(app);
        // A space at the end, typed: refused beside the field, Enter refuses.
        await app.type('/XYZ ');
        await app.waitUntil(
          () => fieldLine(app, 'path').endsWith('error: May not start or end with white space. (Enter refuses)'),
          'the error beside the path',
        );
        await app.press('enter');
        await app.waitForIdle();
        expect(app.screen()).toContain(INPUT_OPEN);
        await app.press('ctrl-u');
        await app.waitUntil(() => /^ {2}path *$/.test(fieldLine(app, 'path')), 'the input cleared');

        app.write('/XYZ\r'); // one read: the text and Enter together
        await app.waitUntil(() => /^\* path +\/XYZ *$/.test(fieldLine(app, 'path')), 'the path kept as "/XYZ"');
        await app.waitForNoText(INPUT_OPEN);
        await app.press('s');
        await app.waitForText(`PATCH ${RULES_1}/${demoRuleId(4)} {"path": "/XYZ"}`);
        await app.press('y');
        await app.waitForText('✓ saved rule');
        const sent = writes(app.log());
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ method: 'PATCH', path: `${RULES_1}/${demoRuleId(4)}`, status: 200, body: { path: '/XYZ' } });
        expect((await app.emulator.call('GET', `${RULES_1}/${demoRuleId(4)}`)).body.path).toBe('/XYZ');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    '"/QQ\\rjj" in one write: kept, then j j move the focus two fields down; nothing else typed',
    async () => {
      const app = await startApp({ cols: 140, rows: 30 });
      try {
        await openPathInput(app);
        app.write('/QQ\rjj');
        await app.waitUntil(() => focusedField(app) === 'protocol policy', 'the focus two fields below path');
        expect(fieldLine(app, 'path')).toMatch(/^\* path +\/QQ *$/);
        expect(app.screen()).not.toContain(INPUT_OPEN);
        await app.press('s');
        await app.waitForText(`PATCH ${RULES_1}/${demoRuleId(4)} {"path": "/QQ"}`);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a 2,000-character paste with line breaks into the path: refused whole beside the field, marked or not; nothing kept or sent',
    async () => {
      const app = await startApp({ cols: 140, rows: 30 });
      try {
        const before = await openPathInput(app);
        await app.type('/kept');
        const lines = Array.from({ length: 40 }, (_, i) => `/images/${String(i).padStart(2, '0')}/${'s'.repeat(38)}`);
        const text = `${lines.join('\n')}\n`;
        expect(text.length).toBeGreaterThanOrEqual(2000);
        const refused = 'error: not pasted: 40 lines (1,999 characters); this field takes one line';

        await app.paste(text); // bracketed: the app has bracketed paste on
        await app.waitUntil(() => fieldLine(app, 'path').endsWith(refused), 'the refusal beside the path');
        expect(fieldLine(app, 'path')).toMatch(/^ {2}path +\/kept +error:/);
        await app.press('x'); // typing goes on where it was; the refusal goes
        await app.waitUntil(() => /^ {2}path +\/keptx *$/.test(fieldLine(app, 'path')), 'x typed after /kept');

        app.write(text.replace(/\n/g, '\r')); // a terminal that does not mark pastes: one long read
        await app.waitUntil(() => fieldLine(app, 'path').endsWith(refused), 'the refusal of the unmarked paste');
        expect(fieldLine(app, 'path')).toMatch(/^ {2}path +\/keptx +error:/);
        expect(app.screen()).toContain(INPUT_OPEN);

        await app.press('esc');
        await app.waitUntil(() => fieldLine(app, 'path') === before.trimEnd() || fieldLine(app, 'path') === before, 'the path as it was');
        await expectNothingPending(app);
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
