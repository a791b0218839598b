// A query's matches as a list of their own (docs/ux.md §10): `:gzip:false` → the palette's first
// entry `all N matches in M configurations` → the results screen → `a` marks them all → Enter: one
// bulk form over rules of every configuration → gzip on → `s` one review grouped by configuration
// → `y`: the emulator gets exactly N PATCHes, each rule once → `H`, `z`, `y` puts every rule back.
// And a cache setting chosen by name in that form is each rule's own configuration's; a
// configuration without one of that name is a refusal in the review, and `y` sends nothing.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, focusedRows, formRow, writes } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const DEMO_CONFIGURATIONS = 12;

type Rec = Record<string, unknown>;

/** Every rule of the demo's configurations, as the emulator has them: `conf/id` → rule. */
async function rulesOf(app: App): Promise<Map<string, Rec>> {
  const out = new Map<string, Rec>();
  for (let n = 1; n <= DEMO_CONFIGURATIONS; n++) {
    const conf = demoId(n);
    for (const r of (await app.emulator.call('GET', `${CFG}/${conf}/rules_engine`)).body as Rec[]) out.set(`${conf}/${String(r.id)}`, r);
  }
  return out;
}

/** Opens the results screen of `query` from the palette (its first entry), once it counts `entry`. */
async function openResults(app: App, query: string, entry: RegExp): Promise<void> {
  await app.waitForText(/of 12 configurations/, FIRST_LOAD_MS);
  await app.press(':');
  await app.paste(query);
  await app.waitForText(entry, 20_000); // the rules of every configuration read in the background
  expect(focusedRows(app).join('\n')).toMatch(entry); // the first entry, under the cursor
  await app.press('enter');
  await app.waitForText(/^matches › /m);
}

/** Moves the bulk form's focus onto the field `label` (one key at a time, each drawn before the next). */
async function focusFormField(app: App, label: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const now = focusedRows(app).join('\n');
    if (now.split('\n').some((row) => row.replace(/^\*?\s*/, '').startsWith(`${label} `))) return;
    await app.press('down');
    await app.waitUntil(() => focusedRows(app).join('\n') !== now, `the focus to move on from ${now}`);
  }
  throw new Error(`no field ${label}:\n${app.screen()}`);
}

describe.skipIf(!existsSync(BIN))('the matches as a list', () => {
  it(
    ':gzip:false → all matches → a → Enter → gzip on → s → y: one PATCH a rule; H, z, y puts them all back',
    async () => {
      const app = await startApp({ cols: 110, rows: 30 });
      try {
        const before = await rulesOf(app);
        const off = [...before].filter(([, r]) => r.gzip === false).map(([k]) => k);
        const confs = new Set(off.map((k) => k.split('/')[0])).size;
        expect(off.length).toBeGreaterThan(confs); // several rules in several configurations
        await openResults(app, 'gzip:false', new RegExp(`all ${off.length} matches in ${confs} configurations`));
        await app.waitForText(`${off.length} of ${off.length} rules · gzip:false`);
        await app.press('a');
        await app.waitForText(`${off.length} marked`);
        await app.press('enter');
        await app.waitForText(`Bulk edit of ${off.length} rules in ${confs} configurations`);
        expect(app.screen()).toContain(`matches › ${off.length} marked rules`); // the breadcrumb
        await focusFormField(app, 'gzip');
        await app.press('enter');
        await app.waitUntil(() => /^\* gzip +yes/.test(formRow(app, 'gzip')), 'gzip set on every marked rule');
        await app.press('s');
        await app.waitForText(`Review: ${off.length} changes in ${confs} configurations, ${off.length} requests`);
        await app.waitForText(`configuration acme-outdoor shop (prod) (${demoId(1)})`); // grouped by configuration
        const sent = app.log().length;
        await app.press('y');
        await app.waitForText(`✓ ${off.length} applied`, 20_000);
        const patches = app
          .log()
          .slice(sent)
          .filter((l) => l.method === 'PATCH')
          .map((l) => l.path.replace(/^.*configurations\/(\d+)\/rules_engine\/(\d+).*$/, '$1/$2'));
        expect(patches.sort()).toEqual([...off].sort()); // each rule once, no other
        const after = await rulesOf(app);
        expect(off.every((k) => after.get(k)?.gzip === true)).toBe(true);

        // One entry of the history; one z undoes it all.
        await app.press('H');
        await app.waitForText(new RegExp(`${off.length} PATCH `));
        await app.press('z');
        await app.waitForText(`Review: ${off.length} changes in ${confs} configurations, ${off.length} requests`);
        await app.press('y');
        await app.waitUntil(() => app.log().filter((l) => l.method === 'PATCH').length === 2 * off.length, 'the undo sent', 20_000);
        await app.waitForText(`✓ ${off.length} applied`);
        const undone = await rulesOf(app);
        expect([...undone].filter(([, r]) => r.gzip === false).map(([k]) => k)).toEqual(off);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT * 2,
  );

  it(
    'a cache setting chosen by name is each configuration’s own; one without it is refused in the review',
    async () => {
      const app = await startApp({ cols: 110, rows: 30 });
      try {
        // `/admin` rules: in shop (prod) — which has a cache setting `html 5m` — and three configurations that have none.
        await openResults(app, 'path:=/admin', /all 4 matches in 4 configurations/);
        await app.press('a');
        await app.press('enter');
        await app.waitForText('Bulk edit of 4 rules in 4 configurations');
        await focusFormField(app, 'cache setting');
        await app.press('enter');
        await app.waitForText(/html 5m +the one of this name in each/);
        for (let i = 0; i < 20 && !focusedRows(app).some((r) => r.startsWith('html 5m')); i++) await app.press('down');
        await app.press('enter');
        await app.waitUntil(() => /^\* cache setting +html 5m/.test(formRow(app, 'cache setting')), 'the name chosen');
        await app.press('s');
        await app.waitForText(`has no cache setting named "html 5m"`);
        const caches = (await app.emulator.call('GET', `${CFG}/${demoId(1)}/cache_settings`)).body as Rec[];
        const html5m = caches.find((c) => c.name === 'html 5m')!.id;
        await app.waitForText(`cache_settings_id: -none → +${String(html5m)} (html 5m)`); // shop (prod)'s own
        expect(app.screen()).toContain(`configuration acme partner api (${demoId(4)}) has no cache setting named "html 5m"`);
        expect(app.screen()).toMatch(/3 would be refused/);
        const sent = app.log().length;
        await app.press('y');
        await app.waitForText(/3 requests would be refused/);
        expect(writes(app.log().slice(sent))).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
  it(
    'a query and Enter typed ahead in one write, before any list is read over a slow link: the matches as a list, filled as they come',
    async () => {
      const app = await startApp({ cols: 110, rows: 30, emulatorArgs: ['--latency', '400'] });
      try {
        await app.waitForText(/of 12 configurations/, FIRST_LOAD_MS);
        app.write(':gzip:false\r');
        await app.waitForText(/^matches › gzip:false/m);
        const off = [...(await rulesOf(app)).values()].filter((r) => r.gzip === false).length;
        await app.waitForText(`${off} of ${off} rules · gzip:false`, 30_000);
        // Three marked and Enter in one write: the first three are shop (prod)'s, one bulk form of its
        // rules, their origin named as read for it (its origins were never opened before).
        app.write('   \r');
        await app.waitForText('Bulk edit of 3 rules');
        await app.waitUntil(() => /Default Origin/.test(formRow(app, 'origin')), 'the origin named, not #id');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
