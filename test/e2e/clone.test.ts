// Clone (docs/ux.md §6): `C` on a configuration asks for a name, drafts the configuration with its cache
// settings, rules and error responses, and one review lists every request in the order it goes,
// naming where the ids of earlier requests go; `y` makes a configuration whose contents equal the
// source's apart from ids.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, LIST_LOADED } from './flows-helpers.js';
import { confNamed, contentsOf, requestsToMake } from '../helpers/contents.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';

describe.skipIf(!existsSync(BIN))('clone a configuration', () => {
  it(
    'C, a name, one review of every request in order, y: the clone holds what the source holds',
    async () => {
      const app = await startApp();
      try {
        await app.waitForText(LIST_LOADED);
        const source = await contentsOf(app.emulator, demoId(1));
        const requests = requestsToMake(source);
        await app.press('C');
        await app.waitForText('Name of the clone: acme-outdoor shop (prod) (copy)');
        await app.press('ctrl-u');
        await app.type('shop two');
        await app.waitForText('Name of the clone: shop two');
        await app.press('enter');
        await app.waitForText(new RegExp(`Review: \\d+ changes, ${requests} requests`));
        expect(app.screen()).toContain('note: cnames not copied');
        expect(app.screen()).toContain(`POST ${CFG} {"name": "shop two"`);
        // A page at a time to the end: a rule names the new cache setting its id comes from.
        let named = false;
        for (let page = 0; page < 30 && !app.screen().includes('/error_responses'); page++) {
          named ||= app.screen().includes('cache_settings_id: +{the id of new cache setting');
          await app.press('pgdn');
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(named).toBe(true);
        await app.waitForText(`PATCH ${CFG}/{the id of new configuration shop two}/error_responses`);
        await app.press('y');
        await app.waitForText(`✓ ${requests} applied`);
        await app.waitForText(/shop two/);
        const clone = await confNamed(app.emulator, 'shop two');
        expect(clone).toBeDefined();
        expect(await contentsOf(app.emulator, clone!)).toEqual(source);
        // In order: the configuration first, the error responses last, nothing else written.
        const writes = app.log().filter((l) => l.method !== 'GET');
        expect(writes[0]).toMatchObject({ method: 'POST', path: CFG });
        expect(writes.at(-1)).toMatchObject({ method: 'PATCH', path: `${CFG}/${String(clone)}/error_responses` });
        expect(writes).toHaveLength(requests);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a name that is taken is said under the input, the name kept; Esc cancels, nothing drafted',
    async () => {
      const app = await startApp();
      try {
        await app.waitForText(LIST_LOADED);
        await app.press('j', 'C');
        await app.waitForText('Name of the clone: acme-outdoor shop (staging) (copy)');
        await app.press('ctrl-u');
        await app.type('acme public api v2');
        await app.press('enter');
        await app.waitForText(`not cloned: a configuration named "acme public api v2" exists already (${demoId(3)})`);
        expect(app.screen()).toContain('Name of the clone: acme public api v2');
        await app.press('esc');
        await app.waitForText('clone cancelled');
        expect(app.screen()).not.toContain('pending');
        expect(app.log().filter((l) => l.method !== 'GET')).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
