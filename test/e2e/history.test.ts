// History and undo (UX.md §6): a change sent is listed by `H` with its diff (Enter); `z` makes its
// inverse a draft in the normal review, and `y` puts the record back; when a second client changed
// the record since, the review shows the conflict and sends nothing.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { editField, FLOW_TIMEOUT, openConfiguration, reviewOf } from './flows-helpers.js';

const CFG4 = '/content_delivery/configurations/4';

describe.skipIf(!existsSync(BIN))('history and undo', () => {
  it(
    'edit, send, H, Enter shows the diff, z then y: the emulator has the original name again',
    async () => {
      const app = await startApp();
      try {
        const original = (await app.emulator.call('GET', CFG4)).body.name as string;
        await openConfiguration(app, 4);
        await editField(app, 'name', 'partner api (history)', 'replace');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText('✓ saved configuration partner api (history) (4)');
        await app.press('H');
        await app.waitForText(/^history/m);
        await app.waitForText(/PATCH +configuration partner api \(history\) \(4\) +applied/);
        await app.press('enter');
        await app.waitForText(`name: -"${original}" → +"partner api (history)"`);
        await app.press('z');
        await app.waitForText(reviewOf(1));
        await app.waitForText(`name: -"partner api (history)" → +"${original}"`);
        await app.press('y');
        await app.waitForText(`✓ saved configuration ${original} (4)`);
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
        await openConfiguration(app, 4);
        await editField(app, 'name', 'partner api (mine)', 'replace');
        await app.press('s');
        await app.waitForText(reviewOf(1));
        await app.press('y');
        await app.waitForText('✓ saved configuration partner api (mine) (4)');
        expect((await app.emulator.call('PATCH', CFG4, { body: { name: 'partner api (theirs)' } })).status).toBe(200);
        await app.press('H');
        await app.waitForText(/PATCH +configuration partner api \(mine\) \(4\) +applied/);
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
});
