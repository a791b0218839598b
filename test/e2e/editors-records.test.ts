// Records of part 2, end to end: create and delete a cache setting, the 409 of a used cache
// setting, bulk edit of 5 rules, the $EDITOR round trip, and pending changes with one failure.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, LIST_LOADED, editField, writes, reviewOf } from './flows-helpers.js';
import { NEW_CACHE_SETTING_FIELDS, RULE_FIELDS, choose, fieldLine, focusLabel, focusRow, focused, openTab } from './editors-helpers.js';
import { demoId, demoRuleId, demoCacheSettingId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const EDITOR = resolve(import.meta.dirname, 'fixtures/scripted-editor.mjs');

/** Chooses a value in the open choice list by its label. */
describe.skipIf(!existsSync(BIN))('records', () => {
  it(
    'creates a cache setting from a form with the required fields first (POST), then deletes it (y)',
    async () => {
      const app = await startApp({ cols: 140, rows: 34 });
      try {
        await openTab(app, demoId(5), 'cache_settings');
        await app.press('n');
        await app.waitForText('New cache setting');
        await app.press('enter');
        await app.type('fonts 1y');
        await app.press('enter');
        await focusLabel(app, 'browser cache', NEW_CACHE_SETTING_FIELDS);
        await app.press('space');
        await focusLabel(app, 'CDN cache', NEW_CACHE_SETTING_FIELDS);
        await app.press('enter');
        await choose(app, 'override');
        for (const label of ['vary by query', 'vary by cookies']) {
          await focusLabel(app, label, NEW_CACHE_SETTING_FIELDS);
          await app.press('enter');
          await choose(app, 'ignore');
        }
        await focusLabel(app, 'CDN TTL', NEW_CACHE_SETTING_FIELDS);
        await app.press('enter', 'ctrl-u');
        await app.type('365d');
        await app.press('enter');
        await app.waitUntil(() => fieldLine(app, 'CDN TTL').includes('31536000 (365d)'), 'the TTL in seconds and days');
        await app.press('s');
        await app.waitForText(`POST ${CFG}/${demoId(5)}/cache_settings {"name": "fonts 1y"`);
        await app.press('y');
        await app.waitForText('✓ saved');
        const post = writes(app.log()).at(-1)!;
        expect(post).toMatchObject({ method: 'POST', status: 201 });
        expect(post.body).toMatchObject({
          name: 'fonts 1y',
          browser_cache_settings: true,
          cdn_cache_settings: 'override',
          cdn_cache_settings_maximum_ttl: 31536000,
          cache_by_query_string: 'ignore',
          cache_by_cookies: 'ignore',
        });
        const list = (await app.emulator.call('GET', `${CFG}/${demoId(5)}/cache_settings`)).body as Array<{ id: number; name: string }>;
        const made = list.find((c) => c.name === 'fonts 1y')!;
        expect(made).toBeDefined();

        await app.press('esc');
        await app.waitForText('fonts 1y');
        await focusRow(app, made.id);
        await app.press('d');
        await app.waitForText(`DELETE ${CFG}/${demoId(5)}/cache_settings/${made.id}`);
        await app.press('y');
        await app.waitForText(`✓ deleted cache setting fonts 1y (${made.id})`);
        expect(writes(app.log()).at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
        expect((await app.emulator.call('GET', `${CFG}/${demoId(5)}/cache_settings/${made.id}`)).status).toBe(404);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'creates a rule (required fields first, marked *; s with one empty goes to it, explained, nothing sent), then deletes it',
    async () => {
      const app = await startApp({ cols: 140, rows: 34 });
      try {
        await openTab(app, demoId(3), 'rules');
        await app.press('n');
        await app.waitForText('New rule: fill in the fields marked *');
        expect(app.screen()).not.toContain('This field is required');
        expect(fieldLine(app, 'protocol policy')).toMatch(/^ {2}protocol policy \* /);
        expect(fieldLine(app, 'gzip')).toMatch(/^ {2}gzip {2,}no/);
        await app.press('enter');
        await app.type('/fonts/');
        await app.press('enter');
        // Protocol policy and behavior still empty: s goes to the first, in the API's words; no review.
        await app.press('s');
        await app.waitForText('error: protocol policy: This field is required. Fill it in, then s.');
        expect(focused(app)[0]).toMatch(/^protocol policy \*/);
        expect(fieldLine(app, 'behavior')).toContain('error: This field is required.');
        expect(app.screen()).not.toContain('Review:');
        expect(writes(app.log())).toEqual([]);
        const NEW_RULE = RULE_FIELDS.filter((l) => l !== 'id');
        for (const [label, value] of [
          ['protocol policy', 'http,https'],
          ['behavior', 'delivery'],
        ] as const) {
          await focusLabel(app, label, NEW_RULE);
          await app.press('enter');
          await choose(app, value);
          await app.waitUntil(() => new RegExp(`^[* ] ${label} \\* +${value}`).test(fieldLine(app, label)), `${label} chosen`);
        }
        await app.press('s');
        await app.waitForText('  behavior: +"delivery"'); // a new record's fields: no old value
        await app.press('y');
        await app.waitForText('✓ saved');
        const post = writes(app.log()).at(-1)!;
        expect(post).toMatchObject({ method: 'POST', path: `${CFG}/${demoId(3)}/rules_engine`, status: 201 });
        expect(post.body).toMatchObject({ path: '/fonts/', regex: false, protocol_policy: 'http,https', behavior: 'delivery' });
        const made = (
          (await app.emulator.call('GET', `${CFG}/${demoId(3)}/rules_engine`)).body as Array<{ id: number; path: string }>
        ).find((r) => r.path === '/fonts/')!;

        await app.press('esc');
        await app.waitForText('/fonts/');
        await focusRow(app, made.id);
        await app.press('d', 'y');
        await app.waitForText(`✓ deleted rule /fonts/ (${made.id})`);
        expect(writes(app.log()).at(-1)).toMatchObject({
          method: 'DELETE',
          path: `${CFG}/${demoId(3)}/rules_engine/${made.id}`,
          status: 204,
        });
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    "deleting a cache setting that rules use: said before anything is sent, in the API's words, with the offer to jump to those rules",
    async () => {
      const app = await startApp({ cols: 140, rows: 30 });
      try {
        await openTab(app, demoId(1), 'cache_settings');
        await focusRow(app, demoCacheSettingId(1)); // "html 5m", used by the first rule
        await app.press('d');
        await app.waitForText(new RegExp(`not deleted: Cache setting ${demoCacheSettingId(1)} is used by rules ${demoRuleId(1)}\\b`));
        await app.waitForText('y: show those rules');
        expect(writes(app.log())).toEqual([]);
        expect((await app.emulator.call('GET', `${CFG}/${demoId(1)}/cache_settings/${demoCacheSettingId(1)}`)).status).toBe(200);
        await app.press('y');
        await app.waitForText(/behavior/);
        await app.waitUntil(
          () =>
            app
              .screen()
              .split('\n')
              .some((l) => new RegExp(`^●\\s+${demoRuleId(1)} /`).test(l)),
          'the first rule marked',
        );
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'bulk edit: 5 marked rules get one WAF rule set each, one review, five PATCHes',
    async () => {
      const app = await startApp({ cols: 140, rows: 40 });
      try {
        await openTab(app, demoId(1), 'rules');
        await app.press('space', 'space', 'space', 'space', 'space');
        await app.press('enter');
        await app.waitForText('Bulk edit of 5 rules');
        await focusLabel(
          app,
          'WAF rule set',
          RULE_FIELDS.filter((l) => l !== 'id'),
        );
        await app.press('enter', 'ctrl-u');
        await app.type('99');
        await app.press('enter');
        await app.press('s');
        await app.waitForText(reviewOf(5));
        await app.press('y');
        await app.waitForText('✓ 5 applied');
        const sent = writes(app.log()).filter((w) => w.method === 'PATCH');
        expect(sent).toHaveLength(5);
        for (const w of sent) expect(w.body).toEqual({ waf_rule_set_id: 99 });
        const rules = (await app.emulator.call('GET', `${CFG}/${demoId(1)}/rules_engine`)).body as Array<{ waf_rule_set_id: number }>;
        expect(rules.slice(0, 5).map((r) => r.waf_rule_set_id)).toEqual([99, 99, 99, 99, 99]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    '$EDITOR: invalid JSON is explained and reopened on the same text; the fixed JSON goes to the review',
    async () => {
      const app = await startApp({ cols: 140, rows: 30, env: { EDITOR: EDITOR, VISUAL: undefined } });
      try {
        await openTab(app, demoId(1), 'rules');
        await focusRow(app, demoRuleId(4)); // gzip off
        await app.press('e');
        await app.waitForText('error: not valid JSON');
        await app.press('e');
        await app.waitForText(`PATCH ${CFG}/${demoId(1)}/rules_engine/${demoRuleId(4)} {"gzip": true}`);
        await app.press('y');
        await app.waitForText('✓ saved');
        expect(writes(app.log())).toEqual([expect.objectContaining({ method: 'PATCH', body: { gzip: true } })]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'pending changes: three drafts applied together, the one that fails stays, the others are applied',
    async () => {
      const app = await startApp({ cols: 140, rows: 34 });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        for (const [id, name] of [
          [5, 'brand site v2'],
          [6, 'journal v2'],
          [7, 'docs v2'],
        ] as const) {
          await focusRow(app, demoId(id)); // rows with drafts carry a * mark: focusRow reads past it
          await app.press('enter');
          await app.waitForText(/^[* ] name /m);
          await editField(app, 'name', name, 'replace');
          await app.press('esc');
          await app.waitForText('of 12 configurations');
        }
        // a second client deletes configuration 7: its draft cannot be applied
        expect((await app.emulator.call('DELETE', `${CFG}/${demoId(7)}`)).status).toBe(204);
        await app.press(':');
        await app.type('pending');
        await app.waitForText('pending changes (3)');
        await app.press('enter');
        await app.waitForText(reviewOf(3));
        await app.press('y');
        await app.waitForText('error: 2 applied, 1 failed');
        await app.waitForText(`✓ applied: configuration brand site v2 (${demoId(5)})`); // what became of each, in the review
        await app.waitForText(/error: .*Not found/);
        await app.waitForText(reviewOf(1));
        const names = ((await app.emulator.call('GET', CFG)).body as Array<{ id: number; name: string }>).map((c) => c.name);
        expect(names).toContain('brand site v2');
        expect(names).toContain('journal v2');
        expect(
          writes(app.log())
            .filter((w) => w.method === 'PATCH')
            .map((w) => w.path)
            .sort(),
        ).toEqual([`${CFG}/${demoId(5)}`, `${CFG}/${demoId(6)}`]); // sent together, in any order
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
