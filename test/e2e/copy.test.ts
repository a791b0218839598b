// Copy (docs/ux.md §6): `c` on marked rules asks for a configuration in the palette and drafts new
// records there, one review; `y` makes them (on that configuration's origin). A rule whose cache
// setting has no namesake there brings a copy of it along, and refers to the copy.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, openConfiguration, reviewOf } from './flows-helpers.js';
import { demoId, demoRuleId } from '../helpers/seed-ids.js';

const RULES5 = `/content_delivery/configurations/${demoId(5)}/rules_engine`;

describe.skipIf(!existsSync(BIN))('copy to another configuration', () => {
  it(
    'three marked rules to configuration 5: one review of three POSTs there, then made on its origin',
    async () => {
      const app = await startApp();
      try {
        const origin5 = (
          (await app.emulator.call('GET', `/content_delivery/configurations/${demoId(5)}/origins`)).body as Array<{ id: number }>
        )[0]!.id;
        const before = ((await app.emulator.call('GET', RULES5)).body as unknown[]).length;
        await openConfiguration(app, demoId(1));
        await app.press('2');
        await app.waitForText(/\/old-catalog\//);
        // Rows 5 (/api/), 6 (/admin), 7 (/old-catalog/): no cache setting (Space marks and moves on).
        await app.press('j', 'j', 'j', 'j', 'space', 'space', 'space');
        await app.waitForText(new RegExp(`●\\s+${demoRuleId(7)} /old-catalog/`));
        await app.press('c');
        await app.type('brand');
        await app.waitForText(`copy 3 rules to acme brand site (${demoId(5)})`);
        await app.press('enter');
        await app.waitForText(reviewOf(3));
        await app.waitForText(/rules go on the origin/);
        expect(app.screen()).toContain(`POST ${RULES5}`);
        await app.press('y');
        await app.waitForText(/3 applied|✓ saved/);
        const rules = (await app.emulator.call('GET', RULES5)).body as Array<{ path: string; path_origin_id: number }>;
        expect(rules.length).toBe(before + 3);
        const copied = rules.filter((r) => ['/api/', '/admin', '/old-catalog/'].includes(r.path));
        expect(copied.map((r) => r.path).sort()).toEqual(['/admin', '/api/', '/old-catalog/']);
        expect(new Set(copied.map((r) => r.path_origin_id))).toEqual(new Set([origin5]));
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a rule whose cache setting has no namesake there: the cache setting is copied too, the rule pointing at the copy',
    async () => {
      const app = await startApp();
      try {
        await openConfiguration(app, demoId(1));
        await app.press('2');
        await app.waitForText(/category pages/);
        await app.press('j', 'j'); // row 3: /c/, cache setting "category pages 2m"
        await app.press('c');
        await app.type('brand');
        await app.waitForText(`copy 1 rule to acme brand site (${demoId(5)})`);
        await app.press('enter');
        await app.waitForText(reviewOf(2));
        await app.waitForText(/note: .*cache setting category pages 2m copied too/);
        await app.press('G');
        await app.waitForText('cache_settings_id: +{the id of new cache setting category pages 2m}');
        await app.press('y');
        await app.waitForText(/2 applied/);
        const base = `/content_delivery/configurations/${demoId(5)}`;
        const caches = (await app.emulator.call('GET', `${base}/cache_settings`)).body as Array<{ id: number; name: string }>;
        const made = caches.find((c) => c.name === 'category pages 2m');
        expect(made).toBeDefined();
        const rules = (await app.emulator.call('GET', `${base}/rules_engine`)).body as Array<{
          path: string;
          cache_settings_id: number | null;
        }>;
        expect(rules.find((r) => r.path === '/c/')?.cache_settings_id).toBe(made!.id);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
