// References chosen by name across configurations (docs/ux.md §10, src/store/by-name.ts): a rule's
// cache setting named `html 5m` is the one of each rule's own configuration; a configuration
// without it leaves the draft unresolved, and the review's pre-flight refuses it until it is chosen
// again (or dropped); the unresolved name is journaled with the draft.
import { describe, expect, it } from 'vitest';
import { listKey, preflight, type AppStore, type RecordKey } from '../../src/store/index.js';
import { draftsOf } from '../../src/store/journal.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { storeFor } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo']);

/** shop (prod), shop (staging), brand site: the first and the last have a cache setting `html 5m`, staging has not. */
const [PROD, STAGING, BRAND] = [demoId(1), demoId(2), demoId(5)];

async function loaded(): Promise<AppStore> {
  const store = storeFor(emu);
  await store.getState().loadConfigurations();
  await store.getState().loadLists(
    [PROD, STAGING, BRAND].flatMap((c) => [listKey('rule', c), listKey('cache_setting', c)]),
    {
      concurrency: 4,
    },
  );
  return store;
}

/** The key of configuration `conf`'s rule of `path` (absent: the first not on cache setting `notOn`). */
function ruleOf(store: AppStore, conf: number, path?: string, notOn?: unknown): RecordKey {
  const s = store.getState();
  const key = s.lists[listKey('rule', conf)]!.keys.find((k) =>
    path === undefined ? s.records[k]?.cache_settings_id !== notOn : s.records[k]?.path === path,
  );
  if (!key) throw new Error(`no rule ${path ?? ''} in ${conf}`);
  return key;
}

/** The id of the cache setting named `name` in `conf`. */
function cacheId(store: AppStore, conf: number, name: string): unknown {
  const s = store.getState();
  return s.lists[listKey('cache_setting', conf)]!.keys.map((k) => s.records[k]!).find((r) => r.name === name)?.id;
}

describe('references chosen by name', () => {
  it('resolves a name in each rule’s own configuration', async () => {
    const store = await loaded();
    const keys = [PROD, BRAND].map((c) => ruleOf(store, c, undefined, cacheId(store, c, 'html 5m')));
    store.getState().editRefByName(keys, 'cache_settings_id', 'html 5m');
    const [prod, brand] = keys.map((k) => store.getState().drafts[k]);
    expect(prod?.values.cache_settings_id).toBe(cacheId(store, PROD, 'html 5m'));
    expect(brand?.values.cache_settings_id).toBe(cacheId(store, BRAND, 'html 5m'));
    expect(prod?.values.cache_settings_id).not.toBe(brand?.values.cache_settings_id);
    expect(prod?.unresolved).toBeUndefined();
    expect(preflight(store.getState(), keys).refused).toBe(0);
  });

  it('leaves a configuration without the name unresolved: refused in the review until chosen again', async () => {
    const store = await loaded();
    const prod = ruleOf(store, PROD, '/admin');
    const staging = ruleOf(store, STAGING, '/admin');
    const before = store.getState().records[staging]!.cache_settings_id;
    store.getState().editRefByName([prod, staging], 'cache_settings_id', 'html 5m');
    const draft = store.getState().drafts[staging]!;
    expect(draft.unresolved).toEqual({ cache_settings_id: 'html 5m' });
    expect(draft.values.cache_settings_id).toBe(before); // nothing sent for it
    expect(store.getState().review(staging)?.request).toBeUndefined();

    const checked = preflight(store.getState(), [prod, staging]);
    expect(checked.refused).toBe(1);
    expect(checked.findings[staging]).toEqual([
      expect.objectContaining({
        severity: 'refused',
        field: 'cache_settings_id',
        message: `configuration acme-outdoor shop (staging) (${STAGING}) has no cache setting named "html 5m".`,
      }),
    ]);
    expect(checked.findings[prod]).toBeUndefined();

    // Journaled with the draft: a restart finds it unresolved still.
    const restored = draftsOf(JSON.parse(JSON.stringify({ version: 1, drafts: store.getState().drafts })));
    expect(restored?.[staging]?.unresolved).toEqual({ cache_settings_id: 'html 5m' });

    // A name both have resolves both; a value set outright settles it too.
    store.getState().editRefByName([prod, staging], 'cache_settings_id', 'HTML NO-CACHE'); // staging's, in another case
    expect(store.getState().drafts[staging]?.values.cache_settings_id).toBe(cacheId(store, STAGING, 'html no-cache'));
    expect(store.getState().drafts[prod]?.unresolved).toEqual({ cache_settings_id: 'HTML NO-CACHE' });
    store.getState().editFields([prod], 'cache_settings_id', null);
    expect(store.getState().drafts[prod]?.unresolved).toBeUndefined();
    expect(preflight(store.getState(), [prod, staging]).refused).toBe(0);
  });
});
