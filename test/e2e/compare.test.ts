// The compare view (docs/ux.md §8) in a real terminal, staging and prod as two profiles (two emulators):
// `=` on a configuration, the other side chosen in the palette as `prod:ID`, the differences grouped
// with both values; two rule differences marked and copied with `>` — the app switches to prod and
// reviews exactly those requests (kept with `n`, they are marked `*` in the compare), `y` sends
// them, prod has them, and the compare then shows them gone. Under prod's rate limit, a promote of 30 new rules goes through paced, each written once.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, type App } from './harness.js';
import { FIRST_LOAD_MS, reviewOf } from './flows-helpers.js';
import { CFG } from './view-helpers.js';
import { twoProfiles, type TwoProfiles } from './profiles-helpers.js';
import { demoId } from '../helpers/seed-ids.js';
import type { ChildEmulator } from '../helpers/emulator.js';

const TIMEOUT = 120_000;
const CONF = demoId(1);

let run: TwoProfiles | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

interface Rule {
  readonly id: number;
  readonly path: string;
  readonly gzip: boolean;
  readonly forward_cookies: string;
  readonly path_origin_id: number;
}

const rulesOf = async (emu: ChildEmulator): Promise<Rule[]> => (await emu.call('GET', `${CFG}/${CONF}/rules_engine`)).body as Rule[];
const ruleAt = async (emu: ChildEmulator, path: string): Promise<Rule> => (await rulesOf(emu)).find((r) => r.path === path)!;

/** `=` on the first configuration of the browser, then `prod:ID` in the palette: the compare view. */
async function compareWithProd(app: App): Promise<void> {
  await app.waitForText(/\d+ of \d+ configurations/, FIRST_LOAD_MS);
  await app.press('=');
  await app.waitForText(`compare staging:`);
  await app.type(`prod:${CONF}`);
  await app.waitForText(`compare with prod:`);
  await app.press('enter');
  await app.waitForText(`compare › staging:`);
  await app.waitForText(`› ↔ prod:`);
}

/** The compare view's row of a record and field (the line that holds both). */
const rowOf = (app: App, record: string, field: string) =>
  app
    .screen()
    .split('\n')
    .find((l) => l.includes(record) && l.includes(field));

describe.skipIf(!existsSync(BIN))('the compare view', () => {
  it(
    '= compares staging with prod; two rule differences marked and copied with > are reviewed, sent, and then gone',
    async () => {
      run = await twoProfiles();
      const { staging, prod } = run;
      // staging moved on: two rules and an error TTL differ from prod.
      const statics = await ruleAt(staging, '/static/');
      const api = await ruleAt(staging, '/api/');
      expect((await staging.call('PATCH', `${CFG}/${CONF}/rules_engine/${statics.id}`, { body: { gzip: !statics.gzip } })).status).toBe(
        200,
      );
      expect((await staging.call('PATCH', `${CFG}/${CONF}/rules_engine/${api.id}`, { body: { forward_cookies: 'none' } })).status).toBe(
        200,
      );
      expect((await staging.call('PATCH', `${CFG}/${CONF}/error_responses`, { body: { cache_error_404: 120 } })).status).toBe(200);

      const stagingWrites = run.log('staging').filter((l) => l.method !== 'GET').length; // the three above

      const app = await run.start('staging', [], { cols: 120, rows: 35 });
      await compareWithProd(app);
      await app.waitForText('3 differences');
      const screen = app.screen();
      // Grouped, both values, no id or domain noise.
      expect(screen).toMatch(/rules +rule \/api\/ \(regex off\) +forward_cookies +- none +\+ all/);
      expect(screen).toMatch(/rule \/static\/ \(regex off\) +gzip +- (yes|no) +\+ (yes|no)/);
      expect(screen).toMatch(/error TTLs +error responses +cache_error_404 +- 120 \(2m\) +\+ 60 \(1m\)/);
      expect(screen).not.toMatch(/domain_name|\bid\b/);

      // The two rule rows (the first two), marked; `>` copies them to prod.
      await app.press('space', 'space');
      await app.waitForText('3 differences · 2 marked');
      await app.press('>');
      await app.waitForText(reviewOf(2));
      expect(app.line(0)).toContain('prod');
      const review = app.screen();
      expect(review).toContain(`PATCH ${CFG}/${CONF}/rules_engine/${statics.id} {"gzip": ${String(!statics.gzip)}}`);
      expect(review).toContain(`PATCH ${CFG}/${CONF}/rules_engine/${api.id} {"forward_cookies": "none"}`);
      expect(review).not.toContain('error_responses');
      expect(run.log('prod').filter((l) => l.method !== 'GET')).toEqual([]);

      // `n`: back to the compare (prod's now), the drafts kept: their rows are drawn with `*`.
      await app.press('n');
      await app.waitForText('3 differences');
      expect(rowOf(app, '/static/', 'gzip')).toMatch(/^\* /);
      expect(rowOf(app, '/api/', 'forward_cookies')).toMatch(/^\* /);
      expect(rowOf(app, 'error responses', 'cache_error_404')).toMatch(/^ {2}/);
      // Sent from `: pending changes`, which then goes back to the compare.
      await app.press(':');
      await app.type('pending');
      await app.press('enter');
      await app.waitForText(reviewOf(2));
      await app.press('y');
      await app.waitForText('1 difference', 20_000);
      expect(app.screen()).toContain('cache_error_404');
      expect(rowOf(app, '/static/', 'gzip')).toBeUndefined();
      expect(rowOf(app, '/api/', 'forward_cookies')).toBeUndefined();
      // prod has exactly those two writes; staging none.
      expect(
        run
          .log('prod')
          .filter((l) => l.method !== 'GET')
          .map((l) => [l.method, l.path, l.status]),
      ).toEqual(
        expect.arrayContaining([
          ['PATCH', `${CFG}/${CONF}/rules_engine/${statics.id}`, 200],
          ['PATCH', `${CFG}/${CONF}/rules_engine/${api.id}`, 200],
        ]),
      );
      expect(run.log('prod').filter((l) => l.method !== 'GET')).toHaveLength(2);
      expect(run.log('staging').filter((l) => l.method !== 'GET')).toHaveLength(stagingWrites);
      expect((await ruleAt(prod, '/static/')).gzip).toBe(!statics.gzip);
      expect((await ruleAt(prod, '/api/')).forward_cookies).toBe('none');
      expect(app.rawOutput()).not.toContain(prod.token);
    },
    TIMEOUT,
  );

  it(
    'identity rows: with several marked they are left out and the message says so; one by one it is copied',
    async () => {
      run = await twoProfiles();
      const { staging, prod } = run;
      const statics = await ruleAt(staging, '/static/');
      expect((await staging.call('PATCH', `${CFG}/${CONF}`, { body: { name: 'acme shop (staging copy)' } })).status).toBe(200);
      expect((await staging.call('PATCH', `${CFG}/${CONF}/rules_engine/${statics.id}`, { body: { gzip: !statics.gzip } })).status).toBe(
        200,
      );

      const app = await run.start('staging', [], { cols: 120, rows: 35 });
      await compareWithProd(app);
      await app.waitForText('2 differences');
      expect(app.screen()).toMatch(/settings +configuration +name \(identity\)/);
      // `:` now asks afresh: the compare's answer (`prod:ID`) is not the palette's query.
      await app.press(':');
      await app.waitForText(/pending changes \(\d+\)/);
      expect(app.screen()).not.toContain(`:prod:${CONF}`);
      await app.press('esc');
      await app.waitForNoText(/pending changes \(\d+\)/);
      // Both marked: only the rule goes, and the review says why the name did not.
      await app.press('space', 'space', '>');
      await app.waitForText(reviewOf(1));
      expect(app.screen()).toContain('identity field (name, cnames, cname access only) not copied');
      expect(app.screen()).not.toContain(`PATCH ${CFG}/${CONF} `);
      await app.press('y');
      await app.waitForText('1 difference', 20_000);
      // The name alone, focused: copied.
      await app.press('>');
      await app.waitForText(reviewOf(1));
      expect(app.screen()).toContain(`PATCH ${CFG}/${CONF} {"name": "acme shop (staging copy)"}`);
      await app.press('y');
      await app.waitForText('no differences', 20_000);
      expect(((await prod.call('GET', `${CFG}/${CONF}`)).body as { name: string }).name).toBe('acme shop (staging copy)');
    },
    TIMEOUT,
  );

  it(
    "a promote of 30 new rules under prod's rate limit (10 writes a 3 s window): paced, each rule written once",
    async () => {
      run = await twoProfiles({ prod: ['--rate-limit', '1000/10', '--rate-window', '3'] });
      const { staging, prod } = run;
      const origin = (await ruleAt(staging, '/')).path_origin_id;
      for (let i = 0; i < 30; i++) {
        const made = await staging.call('POST', `${CFG}/${CONF}/rules_engine`, {
          body: {
            path: `/promo-${String(i).padStart(2, '0')}/`,
            regex: false,
            protocol_policy: 'http',
            behavior: 'delivery',
            path_origin_id: origin,
          },
        });
        expect(made.status).toBe(201);
      }
      const app = await run.start('staging', [], { cols: 120, rows: 35 });
      await compareWithProd(app);
      await app.waitForText('30 differences');
      for (let i = 0; i < 30; i++) await app.press('space');
      await app.waitForText('30 differences · 30 marked');
      await app.press('>');
      await app.waitForText(reviewOf(30));
      await app.press('y');
      // Paced: the status line says the limit while the sends wait for the next window.
      await app.waitForText(/sent \d+ of 30 · rate limit 10 writes\/\d+ s · next in \d+ s/, 30_000);
      await app.waitForText('no differences', 90_000);
      const posts = run.log('prod').filter((l) => l.method === 'POST');
      expect(posts.filter((l) => l.status === 201)).toHaveLength(30);
      expect(posts.filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
      expect((await rulesOf(prod)).filter((r) => r.path.startsWith('/promo-'))).toHaveLength(30);
    },
    TIMEOUT,
  );
});
