// User flows, end to end (built CLI in a pty, child emulator): editing a configuration, the diff
// review, a save, a refusal from the API, and a conflict with a second client. Each test has its
// own emulator (`--seed demo`) and app, and checks both the screen and the emulator's state/log.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { editField, FLOW_TIMEOUT, focusField, formRow, openConfiguration, visibleLines, writes, reviewOf } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG3 = `/content_delivery/configurations/${demoId(3)}`;
const CFG4 = `/content_delivery/configurations/${demoId(4)}`;

describe.skipIf(!existsSync(BIN))('editing a configuration', () => {
  it(
    'edits a name and adds a cname, reviews the diff and the PATCH line, applies with y: one PATCH with only those fields',
    async () => {
      const app = await startApp({ cols: 160, rows: 30 }); // wide enough for the whole PATCH line
      try {
        await openConfiguration(app, demoId(3));
        expect(formRow(app, 'name')).toMatch(/^ {2}name +acme public api v2$/);

        await editField(app, 'name', 'acme public api v3', 'replace');
        expect(formRow(app, 'name')).toMatch(/^\* name +acme public api v3$/);
        await editField(app, 'cnames', ', new.acme-outdoor.example', 'append');
        expect(formRow(app, 'cnames')).toMatch(/^\* cnames +api\.acme-outdoor\.example, new\.acme-outdoor\.example$/);
        expect(writes(app.log())).toEqual([]); // editing is local: nothing sent yet

        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitForText(`  PATCH /content_delivery/configurations/${demoId(3)} {`); // the review's last line: the frame is complete
        const review = visibleLines(app);
        expect(review).toContain('  name: -"acme public api v2" → +"acme public api v3"');
        expect(review).toContain('  cname: -["api.acme-outdoor.example"] → +["api.acme-outdoor.example","new.acme-outdoor.example"]');
        expect(review).toContain(
          `  PATCH /content_delivery/configurations/${demoId(3)} {"name": "acme public api v3", "cname": ["api.acme-outdoor.example", "new.acme-outdoor.example"]}`,
        );
        expect(writes(app.log())).toEqual([]); // the review sends nothing either

        await app.press('y');
        await app.waitForText(`✓ saved configuration acme public api v3 (${demoId(3)})`);
        await app.waitForNoText('Review:');
        expect(formRow(app, 'name')).toMatch(/^ {2}name +acme public api v3$/); // no * left: the draft is gone
        expect(formRow(app, 'cnames')).toMatch(/^ {2}cnames /);

        const sent = writes(app.log());
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ method: 'PATCH', path: CFG3, status: 200 });
        expect(Object.keys(sent[0]!.body).sort()).toEqual(['cname', 'name']);
        expect(sent[0]!.body).toEqual({ name: 'acme public api v3', cname: ['api.acme-outdoor.example', 'new.acme-outdoor.example'] });

        const stored = await app.emulator.call('GET', CFG3);
        expect(stored.body).toMatchObject({ name: 'acme public api v3', cname: ['api.acme-outdoor.example', 'new.acme-outdoor.example'] });
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a cname another configuration holds: the review says so under the field before y, y sends nothing, Enter goes to the cnames row with its error, the draft stays',
    async () => {
      const app = await startApp({ cols: 160, rows: 30 }); // wide enough for the whole error beside the value
      try {
        await openConfiguration(app, demoId(3));
        await editField(app, 'cnames', 'shop.acme-outdoor.example', 'replace');
        // The list of configurations is loaded, so the app's own check already knows the holder.
        await app.waitUntil(() => formRow(app, 'cnames').includes('error:'), 'an error on the cnames row');
        expect(formRow(app, 'cnames')).toMatch(
          new RegExp(`^\\* cnames .*error: "shop\\.acme-outdoor\\.example" already belongs to configuration ${demoId(1)} `),
        );

        // The review says so under the field, in the API's words, before y; y sends nothing.
        await app.press('s');
        await app.waitForText('Review: 1 change, 1 request · 1 would be refused · Enter fixes, x drops');
        await app.waitUntil(
          () =>
            visibleLines(app).includes(`  PATCH /content_delivery/configurations/${demoId(3)} {"cname": ["shop.acme-outdoor.example"]}`),
          'the PATCH line in the review',
        );
        expect(visibleLines(app)).toContain(
          `    ✗ cname: "shop.acme-outdoor.example" already belongs to configuration ${demoId(1)} ("acme-outdoor shop (prod)").`,
        );
        await app.press('y');
        await app.waitForText('error: 1 request would be refused: Enter on its line fixes it, x drops it');
        expect(app.screen()).toContain('Review:');
        // Enter on it: back in the form, on the cnames row.
        await app.press('enter');
        await app.waitForNoText('Review:');
        expect(formRow(app, 'cnames')).toMatch(
          new RegExp(`^\\* cnames .*error: "shop\\.acme-outdoor\\.example" already belongs to configuration ${demoId(1)} `),
        );

        // Still a pending draft: the review lists it again.
        await app.press('s');
        await app.waitForText('Review: 1 change, 1 request · 1 would be refused');
        await app.waitForText('cname: -["api.acme-outdoor.example"] → +["shop.acme-outdoor.example"]');
        await app.press('esc');
        await app.waitForNoText('Review:');
        expect(formRow(app, 'cnames')).toMatch(/^\* cnames /);

        expect(writes(app.log())).toEqual([]);
        expect((await app.emulator.call('GET', CFG3)).body.cname).toEqual(['api.acme-outdoor.example']);
        expect((await app.emulator.call('GET', `/content_delivery/configurations/${demoId(1)}`)).body.cname).toContain(
          'shop.acme-outdoor.example',
        );
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a cname taken by a second client after the list was loaded: the 400 from the API lands on the cnames row, the draft stays',
    async () => {
      const app = await startApp({ cols: 160, rows: 30 });
      try {
        await openConfiguration(app, demoId(3));
        // A second client gives configuration 1 a new cname; the app's loaded list does not know it.
        const taken = await app.emulator.call('PATCH', `/content_delivery/configurations/${demoId(1)}`, {
          body: { cname: ['shop.acme-outdoor.example', 'www.acme-outdoor.example', 'acme-outdoor.example', 'race.acme-outdoor.example'] },
        });
        expect(taken.status).toBe(200);

        await editField(app, 'cnames', ', race.acme-outdoor.example', 'append');
        expect(formRow(app, 'cnames')).not.toContain('error:'); // the local check cannot know

        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText(
          new RegExp(`error: 0 applied, 1 failed: PATCH ${CFG3}: 400 Bad Request — cname: "race\\.acme-outdoor\\.example" already belongs`),
        );
        await app.waitForNoText('Review:');
        expect(formRow(app, 'cnames')).toMatch(
          new RegExp(`^\\* cnames .*error: "race\\.acme-outdoor\\.example" already belongs to configuration ${demoId(1)} `),
        );

        const sent = writes(app.log()).filter((e) => e.path === CFG3);
        expect(sent).toEqual([
          expect.objectContaining({
            method: 'PATCH',
            status: 400,
            body: { cname: ['api.acme-outdoor.example', 'race.acme-outdoor.example'] },
          }),
        ]);
        expect((await app.emulator.call('GET', CFG3)).body.cname).toEqual(['api.acme-outdoor.example']);

        // The draft is kept: still marked, still in the review.
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitForText('cname: -["api.acme-outdoor.example"] → +["api.acme-outdoor.example","race.acme-outdoor.example"]');
        await app.press('n');
        await app.waitForNoText('Review:');
        expect(formRow(app, 'cnames')).toMatch(/^\* cnames /);
        expect(writes(app.log()).filter((e) => e.path === CFG3)).toHaveLength(1); // `n` sent nothing
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'raw logs without the raw_logs product (only the server knows the products): the 400 lands on the raw logs row',
    async () => {
      const app = await startApp({ cols: 120, rows: 30, emulatorArgs: ['--products', 'none'] }); // the demo account without its products
      try {
        await openConfiguration(app, demoId(3));
        await focusField(app, 'raw logs');
        await app.press('space');
        await app.waitUntil(() => /^\* raw logs +yes/.test(formRow(app, 'raw logs')), 'raw logs toggled on');
        expect(formRow(app, 'raw logs')).not.toContain('error:');

        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.waitUntil(
          () => visibleLines(app).includes(`  PATCH /content_delivery/configurations/${demoId(3)} {"rawlogs": true}`),
          'the PATCH line in the review',
        );
        await app.press('y');
        await app.waitForText(new RegExp(`error: 0 applied, 1 failed: PATCH ${CFG3}: 400 Bad Request — rawlogs: `));
        await app.waitForNoText('Review:');
        expect(formRow(app, 'raw logs')).toMatch(/^\* raw logs +yes +error: Needs the raw_logs product\.$/);

        expect(writes(app.log())).toEqual([expect.objectContaining({ method: 'PATCH', path: CFG3, status: 400, body: { rawlogs: true } })]);
        expect((await app.emulator.call('GET', CFG3)).body.rawlogs).toBe(false);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a second client changed the same name: the conflict view shows base/theirs/mine and sends nothing until m, y',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openConfiguration(app, demoId(4));
        await editField(app, 'name', 'partner api (mine)', 'replace');

        const theirs = await app.emulator.call('PATCH', CFG4, { body: { name: 'partner api (theirs)' } });
        expect(theirs.status).toBe(200);
        const before = app.log().length;

        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText('Someone else changed this record since your draft began. Nothing was sent.');
        await app.waitForText('m: keep mine where both changed · t: take theirs'); // the view's last line
        const lines = visibleLines(app);
        expect(lines).toContainEqual(expect.stringMatching(/^ {2}field +base +theirs +mine$/));
        expect(lines).toContainEqual(
          expect.stringMatching(/^! name +"acme partner api" +"partner api \(theirs\)" +"partner api \(mine\)"$/),
        );
        expect(writes(app.log().slice(before))).toEqual([]); // the app only re-read the record: no PATCH
        expect((await app.emulator.call('GET', CFG4)).body.name).toBe('partner api (theirs)');

        await app.press('m');
        await app.waitForText('kept your values on top of theirs');
        await app.waitForNoText('Someone else changed this record');
        expect(visibleLines(app)).toContain('  name: -"partner api (theirs)" → +"partner api (mine)"'); // the diff is now against theirs
        expect(writes(app.log().slice(before))).toEqual([]); // choosing sends nothing either

        await app.press('y');
        await app.waitForText(`✓ saved configuration partner api (mine) (${demoId(4)})`);

        const sent = writes(app.log().slice(before));
        expect(sent).toEqual([expect.objectContaining({ method: 'PATCH', path: CFG4, status: 200, body: { name: 'partner api (mine)' } })]);
        expect((await app.emulator.call('GET', CFG4)).body.name).toBe('partner api (mine)');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
