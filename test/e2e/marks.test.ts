// Lists say what they hold (issue 22, points 1 and 2; docs/ux.md §5): the line under a list counts the
// rows shown, the total, the marked rows and the filter, so marks scrolled out of view are never
// invisible, and Enter/d read `edit N marked`/`delete N marked`. The browser marks configurations:
// a bulk edit of their settings (one review, one PATCH each) and a delete of the marked ones after
// typing how many. Rows are found by name and text, never by the demo's ids.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, LIST_LOADED, reviewOf, visibleLines } from './flows-helpers.js';
import { confNamed } from '../helpers/contents.js';
import { spawnEmulator, type LogLine } from '../helpers/emulator.js';

const CFG = '/content_delivery/configurations';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
});

/** The line under the list (it ends in "… of N <what>" or a marked count / filter after it). */
function statusLine(app: App, what: string): string {
  const line = visibleLines(app).find((l) => new RegExp(`^\\d+ of \\d+ ${what}\\b`).test(l));
  if (line === undefined) throw new Error(`no status line of ${what} on screen:\n${app.screen()}`);
  return line;
}

/** The footer's keys: the line under the list's status line. */
function footer(app: App): string {
  const lines = visibleLines(app);
  return lines[lines.findIndex((l) => /^\d+ of \d+ \w/.test(l)) + 1] ?? '';
}

/** The browser with the filter typed and kept, then Enter on the one row it leaves: the configuration opens. */
async function openNamed(app: App, name: string): Promise<void> {
  await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
  await app.press('/');
  await app.type(name);
  await app.press('enter');
  await app.waitForText(/1 of \d+ configurations/);
  await app.press('enter');
  await app.waitForText(`${name} (`);
}

const confWrites = (log: readonly LogLine[], method: string) =>
  log.filter((l) => l.method === method && new RegExp(`^${CFG}/\\d+$`).test(l.path));

describe.skipIf(!existsSync(BIN))('marks and the line under each list', () => {
  it(
    'marks 40 of 60 rules, scrolls away: the line under the list still says 40 marked, Enter reads "edit 40 marked" and opens the bulk form of all 40',
    async () => {
      const emu = await spawnEmulator(['--seed', 'demo']);
      closing.push(() => emu.close());
      const name = 'acme brand site';
      const conf = await confNamed(emu, name);
      const origin = ((await emu.call('GET', `${CFG}/${conf}/origins`)).body as Array<{ id: number }>)[0]!.id;
      const have = ((await emu.call('GET', `${CFG}/${conf}/rules_engine`)).body as unknown[]).length;
      for (let i = have; i < 60; i++) {
        const made = await emu.call('POST', `${CFG}/${conf}/rules_engine`, {
          body: {
            path: `/marks-${String(i).padStart(2, '0')}/`,
            regex: false,
            protocol_policy: 'http',
            behavior: 'delivery',
            path_origin_id: origin,
          },
        });
        expect(made.status).toBe(201);
      }
      const app = await startApp({ emulator: emu, cols: 120, rows: 30 });
      closing.push(() => app.close());
      await openNamed(app, name);
      await app.press('2');
      await app.waitForText('60 of 60 rules');
      // The id of the first rule: the row under the table's header.
      const lines = visibleLines(app);
      const first = lines[lines.findIndex((l) => /^ +id path /.test(l)) + 1]?.trim().split(/\s+/)[0];
      expect(first).toMatch(/^\d+$/);
      for (let i = 0; i < 40; i++) await app.press('space');
      await app.waitForText('60 of 60 rules · 40 marked');
      // Away from the marked rows: the bottom of the list.
      await app.press('G');
      await app.waitForText('/marks-59/');
      const screen = visibleLines(app);
      expect(
        screen.some((l) => l.includes(` ${first!} `)),
        'the first marked rule is out of view',
      ).toBe(false);
      expect(statusLine(app, 'rules')).toBe('60 of 60 rules · 40 marked');
      expect(footer(app)).toContain('Enter edit 40 marked');
      expect(footer(app)).toContain('d delete 40 marked');
      // A filter hides some of them: still counted, and said so.
      await app.press('/');
      await app.type('marks-5');
      await app.press('enter');
      await app.waitForText(/10 of 60 rules · 40 marked \(\d+ hidden by the filter\) · \/marks-5/);
      expect(footer(app)).toContain('Enter edit 40 marked');
      await app.press('enter');
      await app.waitForText('Bulk edit of 40 rules');
      await app.waitForText('› 40 marked'); // the breadcrumb
    },
    2 * FLOW_TIMEOUT,
  );

  it(
    'browser: 3 configurations marked (one hidden by a filter) get one delivery protocol: one review, exactly 3 PATCHes; sent, their marks are cleared (a later P, c or d acts on nothing old)',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      closing.push(() => app.close());
      await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      await app.waitUntil(() => footer(app).includes('Enter open'), 'the footer, nothing marked');
      // The first three rows: the two acme-outdoor shops and the public api.
      await app.press('space', 'space', 'space');
      await app.waitForText('12 of 12 configurations · 3 marked');
      expect(footer(app)).toContain('Enter edit 3 marked');
      await app.press('/');
      await app.type('shop');
      await app.press('enter');
      await app.waitForText(/\d+ of 12 configurations · 3 marked \(1 hidden by the filter\) · \/shop/);
      await app.press('enter');
      await app.waitForText('Bulk edit of 3 configurations');
      // The settings a bulk edit offers: no name, no cnames (each record's own).
      const form = app.screen();
      for (const label of ['active', 'delivery protocol', 'certificate', 'cname access only', 'raw logs'])
        expect(form).toMatch(new RegExp(`^[* ] ${label} `, 'm'));
      expect(form).not.toMatch(/^[* ] (name|cnames) /m);
      await app.press('down', 'right'); // delivery protocol: http,https → http on all three
      await app.waitForText(/^\* delivery protocol +http /m);
      await app.press('s');
      await app.waitForText(reviewOf(3));
      expect(app.screen()).toContain('review › 3 marked configurations');
      const before = app.log().length;
      await app.press('y');
      await app.waitForText('✓ 3 applied · marks cleared');
      const patches = confWrites(app.log().slice(before), 'PATCH');
      expect(patches.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(new Set(patches.map((p) => p.path)).size).toBe(3);
      for (const p of patches) expect(p.body).toEqual({ delivery_protocol: 'http' });
      for (const name of ['acme-outdoor shop (prod)', 'acme-outdoor shop (staging)', 'acme public api v2']) {
        const id = await confNamed(app.emulator, name);
        expect((await app.emulator.call('GET', `${CFG}/${id}`)).body).toMatchObject({ delivery_protocol: 'http' });
      }
      // Back in the browser: the filter is where it was, the marks of what was sent are gone.
      await app.press('q');
      await app.waitForText(/^\d+ of 12 configurations · \/shop/m);
      expect(app.screen()).not.toContain('marked');
      expect(footer(app)).toContain('Enter open');
    },
    FLOW_TIMEOUT,
  );

  it(
    'a marks every row the filter shows and, pressed again, clears them; Space says it marks and moves down',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      closing.push(() => app.close());
      await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      await app.waitUntil(() => footer(app).includes('Space mark ↓'), 'the footer says what Space does');
      expect(footer(app)).toContain('a mark all');
      await app.press('/');
      await app.type('api');
      await app.press('enter');
      const shown = Number(/^(\d+) of 12 configurations · \/api/m.exec(await app.waitForText(/^\d+ of 12 configurations · \/api/m))![1]);
      expect(shown).toBeGreaterThanOrEqual(2);
      expect(shown).toBeLessThan(12);
      await app.press('a');
      await app.waitForText(`${shown} of 12 configurations · ${shown} marked · /api`);
      expect(footer(app)).toContain(`Enter edit ${shown} marked`);
      // Shown without the filter: the marks stay on the rows they were given to, none on the others.
      await app.press('/', 'esc');
      await app.waitForText(`12 of 12 configurations · ${shown} marked`);
      await app.press('/');
      await app.type('api');
      await app.press('enter');
      await app.waitForText(`${shown} marked · /api`);
      await app.press('a');
      await app.waitForText(/^\d+ of 12 configurations · \/api$/m);
      await app.press('/', 'esc');
      await app.waitForText(/^12 of 12 configurations$/m);
    },
    FLOW_TIMEOUT,
  );

  it(
    'browser: d on 2 marked configurations asks to type 2; a wrong count deletes nothing, 2 deletes both (2 DELETEs)',
    async () => {
      const app = await startApp({ cols: 100, rows: 30 });
      closing.push(() => app.close());
      await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      await app.press('space', 'space');
      await app.waitForText('12 of 12 configurations · 2 marked');
      expect(footer(app)).toContain('d delete 2 marked');
      await app.press('d');
      await app.waitForText('Delete 2 configurations and all they hold?');
      await app.waitForText('Type how many to confirm (2)');
      await app.type('3');
      await app.press('enter');
      await app.waitForText('delete cancelled');
      expect(confWrites(app.log(), 'DELETE')).toEqual([]);
      await app.press('d');
      await app.waitForText('Type how many to confirm (2)');
      await app.type('2');
      await app.press('enter');
      await app.waitForText('deleted 2 configurations');
      await app.waitForText('10 of 10 configurations');
      expect(statusLine(app, 'configurations')).toBe('10 of 10 configurations');
      const deletes = confWrites(app.log(), 'DELETE');
      expect(deletes).toHaveLength(2);
      for (const d of deletes) expect(d.status).toBeLessThan(300);
      for (const name of ['acme-outdoor shop (prod)', 'acme-outdoor shop (staging)'])
        expect(await confNamed(app.emulator, name)).toBeUndefined();
    },
    FLOW_TIMEOUT,
  );
});
