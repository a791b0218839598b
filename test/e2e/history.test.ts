// History and undo (docs/ux.md §6): a change sent is listed by `H` with its diff (Enter); `z` makes its
// inverse a draft in the normal review, and `y` puts the record back; when a second client changed
// the record since, the review shows the conflict and sends nothing. A deleted configuration comes
// back with what it held; undoing a create of a configuration asks for its name, as `d` does.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { editField, FLOW_TIMEOUT, LIST_LOADED, openConfiguration, reviewOf } from './flows-helpers.js';
import { confNamed, contentsOf, requestsToMake } from '../helpers/contents.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG4 = `/content_delivery/configurations/${demoId(4)}`;
const CFG = '/content_delivery/configurations';

describe.skipIf(!existsSync(BIN))('history and undo', () => {
  it(
    'edit, send, H, Enter shows the diff, z then y: the emulator has the original name again',
    async () => {
      const app = await startApp();
      try {
        const original = (await app.emulator.call('GET', CFG4)).body.name as string;
        await openConfiguration(app, demoId(4));
        await editField(app, 'name', 'partner api (history)', 'replace');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText(`✓ saved configuration partner api (history) (${demoId(4)})`);
        await app.press('H');
        await app.waitForText(/^history/m);
        await app.waitForText(new RegExp(`PATCH +configuration partner api \\(history\\) \\(${demoId(4)}\\) +applied`));
        await app.press('enter');
        await app.waitForText(`name: -"${original}" → +"partner api (history)"`);
        await app.press('z');
        await app.waitForText(reviewOf(1));
        await app.waitForText(`name: -"partner api (history)" → +"${original}"`);
        await app.press('y');
        await app.waitForText(`✓ saved configuration ${original} (${demoId(4)})`);
        expect((await app.emulator.call('GET', CFG4)).body.name).toBe(original);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a second client changed the record since: z shows the conflict and sends nothing',
    async () => {
      const app = await startApp();
      try {
        await openConfiguration(app, demoId(4));
        await editField(app, 'name', 'partner api (mine)', 'replace');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText(`✓ saved configuration partner api (mine) (${demoId(4)})`);
        expect((await app.emulator.call('PATCH', CFG4, { body: { name: 'partner api (theirs)' } })).status).toBe(200);
        await app.press('H');
        await app.waitForText(new RegExp(`PATCH +configuration partner api \\(mine\\) \\(${demoId(4)}\\) +applied`));
        const patches = () => app.log().filter((l) => l.method === 'PATCH').length;
        const before = patches();
        await app.press('z');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText('m: keep mine where both changed · t: take theirs');
        expect(patches()).toBe(before);
        expect((await app.emulator.call('GET', CFG4)).body.name).toBe('partner api (theirs)');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a deleted configuration: z makes it again with its cache settings, rules and error responses; z on that create asks for its name before deleting',
    async () => {
      const app = await startApp();
      try {
        await app.waitForText(LIST_LOADED);
        const name = 'acme partner api';
        const before = await contentsOf(app.emulator, demoId(4));
        const settings = (await app.emulator.call('GET', `${CFG}/${demoId(4)}`)).body as Record<string, unknown>;
        // What a create cannot set (raw logs on, or inactive) comes back by a PATCH after the POST.
        const requests = requestsToMake(before) + (settings.rawlogs === true || settings.active === false ? 1 : 0);
        await app.press('j', 'j', 'j', 'd');
        await app.waitForText(`Type the name to confirm (${name})`);
        await app.type(name);
        await app.press('enter');
        await app.waitForText(`✓ deleted configuration ${name} (${demoId(4)})`);
        await app.press('H');
        await app.waitForText(new RegExp(`DELETE +configuration ${name} \\(${demoId(4)}\\) +applied`));
        await app.press('enter');
        await app.waitForText(
          `with ${before.caches.length} cache settings, ${before.rules.length} rules and its error responses: z makes them again`,
        );
        await app.press('z');
        await app.waitForText(new RegExp(`Review: \\d+ changes, ${requests} requests`));
        await app.press('y');
        // One result a change: the PATCH after the configuration's POST is part of its change.
        await app.waitForText(`✓ ${requestsToMake(before)} applied`);
        const again = await confNamed(app.emulator, name);
        expect(again).toBeDefined();
        expect(again).not.toBe(demoId(4));
        expect(await contentsOf(app.emulator, again!)).toEqual(before);
        expect((await app.emulator.call('GET', `${CFG}/${again!}`)).body).toMatchObject({
          active: settings.active,
          rawlogs: settings.rawlogs,
        });

        // Undo that send (one row of H, its requests under →): the configuration's delete takes what it
        // holds with it, so one DELETE; the review's y asks for the name typed out, as d does.
        await app.press('H');
        await app.waitForText(new RegExp(`${requests} POST|POST.* ${requests} applied|\\d+ POST 1 PATCH`));
        await app.press('z');
        await app.waitForText(reviewOf(1));
        await app.waitForText(/are in a configuration this deletes: they go with it/);
        await app.press('y');
        await app.waitForText(`Type the name to confirm (${name})`);
        expect(await confNamed(app.emulator, name)).toBe(again);
        await app.type(name);
        await app.press('enter');
        await app.waitForText(/✓ deleted configuration/);
        expect(await confNamed(app.emulator, name)).toBeUndefined();
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
