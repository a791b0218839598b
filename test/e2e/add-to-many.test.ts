// Add to many (docs/ux.md §10), driven as a user does: configurations marked in the browser, a rule
// of another configuration copied onto them with `c` (the palette's first entry), one review of a
// POST in each, `y`; a target that has the path already is a problem `y` refuses until `o` makes
// it an update of that target's rule; `n` in one of the marked makes the new rule in each.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, LIST_LOADED, reviewOf, writes } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const RULES = (conf: number) => `/content_delivery/configurations/${conf}/rules_engine`;

interface Rule {
  readonly id: number;
  readonly path: string;
  readonly path_origin_id: number;
}

async function rulesOf(app: App, conf: number): Promise<Rule[]> {
  return (await app.emulator.call('GET', RULES(conf))).body as Rule[];
}

/** In the browser: marks the configurations at these rows (1 the first), from the top. */
async function markRows(app: App, rows: readonly number[]): Promise<void> {
  await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
  let at = 1;
  for (const row of rows) {
    while (at < row) {
      await app.press('j');
      at++;
    }
    await app.press('space');
    at++;
    await app.waitForText(`${rows.indexOf(row) + 1} marked`);
  }
}

/** The review of one POST into each target is sent with `y`: the emulator got exactly those, once each. */
async function sendsOnePostEach(app: App, sent: number, targets: readonly number[]): Promise<void> {
  await app.waitForText(reviewOf(targets.length));
  await app.waitForText(/· y sends all ·/);
  await app.press('y');
  await app.waitForText(`✓ ${targets.length} applied`, 15_000);
  expect(
    writes(app.log().slice(sent))
      .map((l) => [l.method, l.path, l.status])
      .sort(),
  ).toEqual(targets.map((c) => ['POST', RULES(c), 201]).sort());
}

/** Opens configuration 1 from the palette (Enter in the browser would edit the marked ones), its Rules tab filtered to `path`. */
async function ruleOfShop(app: App, path: string): Promise<void> {
  await app.press(':');
  await app.type('shop (prod)');
  await app.waitForText(`configuration acme-outdoor shop (prod) (${demoId(1)})`);
  await app.press('enter');
  await app.waitForText(`(${demoId(1)}) › `);
  await app.press('2');
  await app.waitForText(/ of \d+ rules/);
  await app.press('/');
  await app.type(path);
  await app.press('enter');
  await app.waitForText(/^1 of \d+ rules/m);
}

describe.skipIf(!existsSync(BIN))('add to many', () => {
  it(
    'c onto 3 marked configurations: one review of 3 POSTs, y makes the rule in each, once',
    async () => {
      const app = await startApp({ cols: 110, rows: 32 });
      try {
        const targets = [demoId(3), demoId(4), demoId(5)];
        await markRows(app, [3, 4, 5]);
        await ruleOfShop(app, '/old-catalog/');
        await app.press('c');
        await app.waitForText('copy 1 rule to the 3 marked configurations');
        expect(app.screen().indexOf('the 3 marked configurations')).toBeLessThan(app.screen().indexOf('acme-outdoor shop (staging)'));
        const sent = app.log().length;
        await app.press('enter');
        await app.waitForText('1 rule into 3 configurations');
        await sendsOnePostEach(app, sent, targets);
        for (const conf of targets) {
          const origins = (await app.emulator.call('GET', `/content_delivery/configurations/${conf}/origins`)).body as Array<{
            id: number;
          }>;
          const made = (await rulesOf(app, conf)).filter((r) => r.path === '/old-catalog/');
          expect(made.map((r) => r.path_origin_id)).toEqual([origins[0]!.id]);
        }
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a target with the path already: the problem names it, y sends nothing, o makes it a PATCH of their rule, then y sends',
    async () => {
      const app = await startApp({ cols: 110, rows: 32 });
      try {
        // Configuration 4 has an /admin rule; 3 has none. The source (1) is marked too: left out, and said.
        const theirs = (await rulesOf(app, demoId(4))).find((r) => r.path === '/admin')!;
        expect((await rulesOf(app, demoId(3))).some((r) => r.path === '/admin')).toBe(false);
        await markRows(app, [1, 3, 4]);
        await ruleOfShop(app, '/admin');
        await app.press('c');
        await app.waitForText('copy 1 rule to the 2 marked configurations (this one left out: the source)');
        const sent = app.log().length;
        await app.press('enter');
        await app.waitForText(/Review: .* · 1 would be refused ·/);
        const problem = `✗ path: configuration acme partner api (${demoId(4)}) has a rule /admin already`;
        await app.waitUntil(() => app.inverseRows().some((r) => app.inverseText(r).includes(problem)), 'the cursor on the problem');
        expect(app.screen()).toContain('o updates that rule instead');
        await app.press('y');
        await app.waitForText('1 request would be refused');
        expect(writes(app.log().slice(sent))).toEqual([]);
        await app.press('o');
        await app.waitForText(`rule /admin (${theirs.id}) is updated instead`);
        await app.waitForText(/· y sends all ·/);
        expect(app.screen()).toContain(`PATCH ${RULES(demoId(4))}/${theirs.id}`);
        await app.press('y');
        await app.waitForText(/✓ 2 applied/, 15_000);
        expect(
          writes(app.log().slice(sent))
            .map((l) => [l.method, l.path, l.status])
            .sort(),
        ).toEqual([
          ['PATCH', `${RULES(demoId(4))}/${theirs.id}`, 200],
          ['POST', RULES(demoId(3)), 201],
        ]);
        for (const conf of [demoId(3), demoId(4)]) expect((await rulesOf(app, conf)).filter((r) => r.path === '/admin').length).toBe(1);
        expect((await rulesOf(app, demoId(4))).find((r) => r.path === '/admin')!.id).toBe(theirs.id);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'n on the Rules tab of a marked configuration: the form says so (o this one only), s reviews a POST in each, y makes them',
    async () => {
      const app = await startApp({ cols: 110, rows: 32 });
      try {
        const targets = [demoId(3), demoId(4), demoId(5)];
        await markRows(app, [3, 4, 5]);
        await app.press(':');
        await app.type('partner api');
        await app.waitForText(`configuration acme partner api (${demoId(4)})`);
        await app.press('enter');
        await app.waitForText(`(${demoId(4)}) › `);
        await app.press('2');
        await app.waitForText(/ of \d+ rules/);
        await app.press('n');
        await app.waitForText('New rule in 3 marked configurations (o: this one only); s reviews one POST for each.');
        await app.press('o');
        await app.waitForText('New rule in this configuration only (o: in all 3 marked)');
        await app.press('o');
        await app.waitForText('New rule in 3 marked configurations');
        await app.press('enter');
        await app.type('/many-new/');
        await app.press('enter');
        await app.waitForText(/path \*\s+\/many-new\//);
        await app.press('j', 'j', 'l', 'j', 'l'); // protocol policy and behavior: their first choices
        await app.waitForText(/behavior \*\s+delivery/);
        const sent = app.log().length;
        await app.press('s');
        await app.waitForText('new rule /many-new/ in 3 configurations');
        await sendsOnePostEach(app, sent, targets);
        for (const conf of targets) expect((await rulesOf(app, conf)).filter((r) => r.path === '/many-new/').length).toBe(1);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
