// The send planner against the emulator, over random batches (docs/preflight.md, "The order of a
// send"): a small configuration (rules on a few paths, cache settings of a few names, rules using
// them), then a batch of renames, swaps, moves, creates that refer to each other (a new rule on a
// new cache setting) and deletes. Whenever the batch's end state is valid (paths and names unique,
// every rule's cache setting one that is there at the end), the pre-flight refuses nothing and the
// send reaches exactly that end state with every request answered below 400; when it is not, the
// pre-flight says why before anything is sent. A planner that orders wrongly, or does not break a
// cycle, fails it: the emulator refuses a request.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listKey, parseKey, preflight, recordKey, type AppStore, type RecordKey } from '../../src/store/index.js';
import { emulatorFixture, refusedSince } from '../helpers/emulator.js';
import { CFG, createDraft, storeFor } from './helpers.js';

const emu = emulatorFixture([], { log: true });

const PATHS = ['/a', '/b', '/c', '/d', '/e', '/f'];
const NAMES = ['n1', 'n2', 'n3', 'n4', 'n5'];
const CACHE = { browser_cache_settings: false, cdn_cache_settings: 'honor', cache_by_query_string: 'ignore', cache_by_cookies: 'ignore' };

/** A cache setting a rule uses: an index into the configuration's first ones, a new one of the batch, or none. */
type CacheRef = { readonly old: number } | { readonly made: number } | null;

interface Batch {
  /** Per rule made first: keep, a new path and/or cache setting, or delete. */
  readonly rules: ReadonlyArray<{ readonly path?: number; readonly cache?: CacheRef } | 'delete'>;
  /** Per cache setting made first: keep, a new name, or delete. */
  readonly caches: ReadonlyArray<{ readonly name?: number } | 'delete'>;
  readonly newCaches: readonly number[];
  readonly newRules: ReadonlyArray<{ readonly path: number; readonly cache: CacheRef }>;
}

const cacheRef = (caches: number, made: number): fc.Arbitrary<CacheRef> =>
  fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: caches - 1 }).map((old) => ({ old })),
    ...(made ? [fc.integer({ min: 0, max: made - 1 }).map((m) => ({ made: m }))] : []),
  );

/**
 * Batches that lean to a valid end: the moved rules take paths of one permutation (so they swap
 * and chain), the renamed cache settings names of another, new records what those leave; a rule
 * that keeps its path, a delete, a reference to a deleted cache setting can still clash.
 */
const batches = fc
  .tuple(
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: 0, max: 2 }),
    fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
    fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
  )
  .chain(([made, newRules, paths, names]) =>
    fc.record<Batch>({
      rules: fc.tuple(
        ...[0, 1, 2, 3].map((i) =>
          fc.oneof(
            {
              weight: 4,
              arbitrary: fc
                .record({ move: fc.boolean(), cache: fc.option(cacheRef(3, made), { nil: undefined }) })
                .map(({ move, cache }) => ({ ...(move ? { path: paths[i]! } : {}), ...(cache !== undefined ? { cache } : {}) })),
            },
            { weight: 1, arbitrary: fc.constant('delete' as const) },
          ),
        ),
      ),
      caches: fc.tuple(
        ...[0, 1, 2].map((i) =>
          fc.oneof(
            { weight: 4, arbitrary: fc.boolean().map((rename) => (rename ? { name: names[i]! } : {})) },
            { weight: 1, arbitrary: fc.constant('delete' as const) },
          ),
        ),
      ),
      newCaches: fc.constant(names.slice(3, 3 + made)),
      newRules: fc.tuple(...Array.from({ length: newRules }, (_, i) => cacheRef(3, made).map((cache) => ({ path: paths[4 + i]!, cache })))),
    }),
  );

let made = 0;

/** A configuration with 4 rules (/a../d, the first three on cache settings n1..n3) and 3 cache settings. */
async function account(): Promise<{ conf: number; rules: number[]; caches: number[] }> {
  const conf = (
    await emu.call('POST', CFG, {
      body: { name: `plan property ${made++}`, origin_address: 'origin.example.com', origin_host_header: 'origin.example.com' },
    })
  ).body.id as number;
  const origin = (await emu.call('GET', `${CFG}/${conf}/origins`)).body[0].id as number;
  const caches: number[] = [];
  for (const name of NAMES.slice(0, 3))
    caches.push((await emu.call('POST', `${CFG}/${conf}/cache_settings`, { body: { ...CACHE, name } })).body.id);
  const rules: number[] = [];
  for (const [i, path] of PATHS.slice(0, 4).entries())
    rules.push(
      (
        await emu.call('POST', `${CFG}/${conf}/rules_engine`, {
          body: {
            path,
            regex: false,
            protocol_policy: 'http',
            behavior: 'delivery',
            path_origin_id: origin,
            cache_settings_id: caches[i] ?? null,
          },
        })
      ).body.id,
    );
  return { conf, rules, caches };
}

/** The end state a batch asks for, as paths → the name of their cache setting; undefined when it is not valid. */
function endState(batch: Batch): Map<string, string | null> | undefined {
  const startCaches = NAMES.slice(0, 3);
  const cacheNames: Array<string | undefined> = batch.caches.map((c, i) => (c === 'delete' ? undefined : NAMES[c.name ?? i]));
  const madeNames = batch.newCaches.map((n) => NAMES[n]!);
  const allNames = [...cacheNames.filter((n) => n !== undefined), ...madeNames];
  if (new Set(allNames).size !== allNames.length) return undefined;
  const nameOf = (ref: CacheRef): string | null | false => {
    if (ref === null) return null;
    if ('old' in ref) return cacheNames[ref.old] ?? false; // a deleted one: not valid
    return madeNames[ref.made]!;
  };
  const out = new Map<string, string | null>();
  const put = (path: string, cache: string | null | false): boolean => {
    if (cache === false || out.has(path)) return false;
    out.set(path, cache);
    return true;
  };
  for (const [i, r] of batch.rules.entries()) {
    if (r === 'delete') continue;
    const start: CacheRef = i < 3 ? { old: i } : null;
    if (!put(PATHS[r.path ?? i]!, nameOf(r.cache === undefined ? start : r.cache))) return undefined;
  }
  for (const r of batch.newRules) if (!put(PATHS[r.path]!, nameOf(r.cache))) return undefined;
  void startCaches;
  return out;
}

/** The batch as drafts in the store, made through its actions; their keys. */
function draftsOf(store: AppStore, conf: number, ids: { rules: number[]; caches: number[] }, batch: Batch): RecordKey[] {
  const s = () => store.getState();
  const keys: RecordKey[] = [];
  const cacheKeys = ids.caches.map((id) => recordKey('cache_setting', conf, id));
  const madeKeys = batch.newCaches.map((n) => createDraft(store, 'cache_setting', conf, { ...CACHE, name: NAMES[n] }));
  keys.push(...madeKeys);
  /** A rule's draft pointed at its cache setting: an id, or the new one's draft (made first). */
  const point = (key: RecordKey, ref: CacheRef) => {
    if (ref === null) s().editFields([key], 'cache_settings_id', null);
    else if ('old' in ref) s().editFields([key], 'cache_settings_id', ids.caches[ref.old]);
    else {
      s().editFields([key], 'cache_settings_id', 1);
      s().putDrafts([[key, { ...s().drafts[key]!, refs: { cache_settings_id: madeKeys[ref.made]! } }]]);
    }
  };
  batch.caches.forEach((c, i) => {
    const key = cacheKeys[i]!;
    if (c === 'delete') s().markDelete(key);
    else if (c.name !== undefined) s().editFields([key], 'name', NAMES[c.name]);
    if (s().drafts[key]) keys.push(key);
  });
  batch.rules.forEach((r, i) => {
    const key = recordKey('rule', conf, ids.rules[i]);
    if (r === 'delete') s().markDelete(key);
    else {
      if (r.path !== undefined) s().editFields([key], 'path', PATHS[r.path]);
      if (r.cache !== undefined) point(key, r.cache);
    }
    if (s().drafts[key]) keys.push(key);
  });
  const origin = parseKey(s().lists[listKey('origin', conf)]!.keys[0]!).id;
  for (const r of batch.newRules) {
    const key = createDraft(store, 'rule', conf, {
      path: PATHS[r.path],
      regex: false,
      protocol_policy: 'http',
      behavior: 'delivery',
      path_origin_id: origin,
      cache_settings_id: null,
    });
    point(key, r.cache);
    keys.push(key);
  }
  return keys;
}

/** The configuration on the emulator as paths → the name of their cache setting. */
async function onServer(conf: number): Promise<Map<string, string | null>> {
  const caches = (await emu.call('GET', `${CFG}/${conf}/cache_settings`)).body as Array<{ id: number; name: string }>;
  const rules = (await emu.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{ path: string; cache_settings_id: number | null }>;
  const name = new Map(caches.map((c) => [c.id, c.name]));
  return new Map(
    rules.map((r) => [r.path, r.cache_settings_id === null ? null : (name.get(r.cache_settings_id) ?? `#${r.cache_settings_id}`)]),
  );
}

describe('the send planner over random batches', () => {
  it('a valid end state is reached exactly with nothing refused; an invalid one is refused before y', async () => {
    let valid = 0;
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(batches, async (batch) => {
        const ids = await account();
        const store = storeFor(emu);
        await store.getState().loadWhole(ids.conf);
        const keys = draftsOf(store, ids.conf, ids, batch);
        const want = endState(batch);
        const checked = preflight(store.getState(), keys);
        const from = emu.log().length;
        if (!want) {
          invalid++;
          expect(checked.refused).toBeGreaterThan(0);
          return;
        }
        valid++;
        const refusals = Object.entries(checked.findings).flatMap(([k, fs]) =>
          fs.filter((f) => f.severity === 'refused').map((f) => `${k}: ${f.message}`),
        );
        expect(refusals).toEqual([]);
        const results = await store.getState().applyMany(keys);
        expect(results.filter((r) => r.outcome !== 'applied')).toEqual([]);
        expect(refusedSince(emu, from)).toEqual([]);
        expect(await onServer(ids.conf)).toEqual(want);
      }),
      { numRuns: Number(process.env.PLAN_PROPERTY_RUNS) || 80 },
    );
    // Both kinds were tried.
    expect(valid).toBeGreaterThan(5);
    expect(invalid).toBeGreaterThan(5);
  }, 600_000);
});
