// The UI keeps each view's state (issue 10), end to end: a filtered, scrolled list keeps its row,
// window and filter while a configuration is open; a configuration reopens on its last tab, each
// tab on its own row; a saved rule stays in its list with its new values without a reload.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, focusField, visibleLines, writes, reviewOf } from './flows-helpers.js';
import { RULE_FIELDS, fieldLine, focusLabel, focusRow, openTab } from './editors-helpers.js';
import { CFG, create, focusedId, focusedText, records } from './view-helpers.js';
import { demoId, demoRuleId } from '../helpers/seed-ids.js';

/** The browser's list as drawn: the header row down to the count line (the title's "updated … ago" left out). */
function browserList(app: App): string[] {
  const lines = visibleLines(app);
  const end = lines.findIndex((l) => / of \d+ configurations$/.test(l));
  return lines.slice(2, end + 1);
}

async function tabReady(app: App, key: '1' | '2' | '3', ready: RegExp): Promise<void> {
  await app.press(key);
  await app.waitForText(ready);
  await app.waitForNoText(/loading [a-z ]+…/);
}

describe.skipIf(!existsSync(BIN))('view state', () => {
  it(
    'a filtered list scrolled to row 18 keeps row, window and filter while a configuration is open; it reopens on its last tab, each tab on its own row',
    async () => {
      // 20 rows: 14 list rows on screen, so row 18 of the filtered list needs the window to scroll.
      const app = await startApp({ rows: 20, emulatorArgs: ['--seed', '200'] });
      try {
        await app.waitForText('200 of 200 configurations', FIRST_LOAD_MS); // the later --seed won
        const all = await records<{ id: number; name: string }>(app, CFG);
        const blog = all.filter((c) => c.name.includes('blog'));
        expect(blog.length).toBeGreaterThanOrEqual(20);
        const target = blog[17]!; // row 18
        // Three cache settings, so the Cache settings tab has rows to move through.
        for (const name of ['fonts 1y', 'html 5m']) {
          await create(app, `${CFG}/${target.id}/cache_settings`, {
            name,
            browser_cache_settings: false,
            cdn_cache_settings: 'override',
            cdn_cache_settings_maximum_ttl: 300,
            cache_by_query_string: 'ignore',
            cache_by_cookies: 'ignore',
          });
        }
        const rules = await records(app, `${CFG}/${target.id}/rules_engine`);
        const settings = await records(app, `${CFG}/${target.id}/cache_settings`);
        expect(rules.length).toBe(3);
        expect(settings.length).toBe(3);
        const ours = app.log().length; // what the app sends from here on

        await app.press('/');
        await app.waitForText('Enter keep  Esc drop');
        await app.type('blog');
        await app.press('enter');
        const countLine = `${blog.length} of 200 configurations · /blog`;
        await app.waitForText(countLine);
        await app.waitForNoText('Enter keep  Esc drop');
        await focusRow(app, target.id);
        expect(visibleLines(app)).not.toContainEqual(expect.stringMatching(new RegExp(`^[ !] +${blog[0]!.id} blog`))); // the window scrolled
        const list = browserList(app);
        const barRow = app.inverseRows();

        await app.press('enter');
        await app.waitForText(`${target.name} (${target.id}) › settings`);
        await app.waitForText(/^[* ] name /m);
        await focusField(app, 'active');
        await tabReady(app, '2', /behavior/);
        await focusRow(app, rules[2]!.id);
        await tabReady(app, '3', /query string/);
        await focusRow(app, settings[1]!.id);

        await app.press('esc');
        await app.waitForText(countLine);
        expect(focusedId(app)).toBe(target.id);
        expect(app.inverseRows()).toEqual(barRow); // the bar on the same screen row
        expect(browserList(app)).toEqual(list); // the same window, the same filter

        await app.press('enter'); // reopens on the tab last used, on its row
        await app.waitForText(`${target.name} (${target.id}) › cache settings`);
        await app.waitForNoText(/loading [a-z ]+…/);
        await app.waitUntil(() => focusedId(app) === settings[1]!.id, `cache setting ${settings[1]!.id} focused`);
        expect(app.inverseText(2)).toBe('3 Cache settings');
        await tabReady(app, '2', /behavior/);
        await app.waitUntil(() => focusedId(app) === rules[2]!.id, `rule ${rules[2]!.id} focused`);
        await tabReady(app, '1', /^[* ] name /m);
        await app.waitUntil(() => /^active +yes$/.test(focusedText(app)), 'the Settings field "active" focused');

        await app.press('esc');
        await app.waitForText(countLine);
        expect(focusedId(app)).toBe(target.id);
        expect(writes(app.log().slice(ours))).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a rule edited and saved stays in the Rules tab with its new path, without a reload',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openTab(app, demoId(1), 'rules');
        const before = await records(app, `${CFG}/${demoId(1)}/rules_engine`);
        await focusRow(app, demoRuleId(2)); // "/static/"
        await app.press('enter');
        await app.waitForText(/^[* ] path +\/static\//m);
        await focusLabel(app, 'path', RULE_FIELDS);
        await app.press('enter', 'ctrl-u');
        await app.type('/assets/');
        await app.press('enter');
        await app.waitUntil(() => fieldLine(app, 'path').startsWith('* path '), 'the * mark on path');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitForText(`PATCH ${CFG}/${demoId(1)}/rules_engine/${demoRuleId(2)} {"path": "/assets/"}`);
        await app.press('y');
        await app.waitForText('✓ saved');
        await app.waitForNoText('Review:');

        await app.press('esc');
        await app.waitForText(/^ +id path +behavior/m); // the Rules tab's header
        await app.waitUntil(
          () => visibleLines(app).some((l) => l.startsWith(`  ${demoRuleId(2)} /assets/ `)),
          'rule 2 listed with its new path',
        );
        expect(focusedId(app)).toBe(demoRuleId(2));
        for (const r of before) expect(visibleLines(app)).toContainEqual(expect.stringMatching(new RegExp(`^[ *●] +${r.id} `)));
        expect(visibleLines(app).some((l) => l.startsWith(`  ${demoRuleId(2)} /static/ `))).toBe(false);

        expect((await app.emulator.call('GET', `${CFG}/${demoId(1)}/rules_engine/${demoRuleId(2)}`)).body.path).toBe('/assets/');
        expect(writes(app.log())).toEqual([
          expect.objectContaining({ method: 'PATCH', path: `${CFG}/${demoId(1)}/rules_engine/${demoRuleId(2)}`, status: 200 }),
        ]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
