// `--seed demo|N`: data for an empty store, made through the same validation as API writes.
import {
  isProduct,
  schemaFor,
  validateRecord,
  validateWrite,
  type Rec,
  type ResourceKind,
  type ValidationContext,
  type WriteResult,
} from '../../schema/index.js';
import { createConfigurationChanges } from '../handlers/configurations.js';
import { subChange, type Change, type SubKind } from '../state.js';
import type { Store } from '../store.js';
import { DEMO_ACCOUNT } from './demo-data.js';
import { generatedAccount } from './generated.js';
import { SEED_ID_BASES } from './ids.js';

function valid<R extends Rec>(kind: ResourceKind, body: Rec, result: WriteResult<R>): R {
  if (!result.ok) throw new Error(`seed: invalid ${schemaFor(kind).title} ${JSON.stringify(body)}: ${JSON.stringify(result)}`);
  return result.record;
}

/** Applies changes to the state directly (a seed is written to disk once, as a snapshot). */
function apply(store: Store, changes: readonly Change[]): void {
  for (const c of changes) store.state.apply(c);
}

function addRecord(store: Store, conf: number, kind: SubKind, body: Rec, lean: boolean): number {
  const entry = store.entry(conf);
  const ctx: ValidationContext = lean ? { products: store.products } : store.subContext(entry, kind);
  const record = valid(kind, body, validateWrite(schemaFor(kind), 'create', body, undefined, ctx));
  const id = store.state.nextId(kind);
  apply(store, [subChange(kind, conf, id, { id, ...record })]);
  return id;
}

export interface SeedConfiguration {
  readonly create: Rec;
  readonly patch?: Rec;
  readonly cacheSettings: readonly Rec[];
  /** Rule bodies without path_origin_id (the Default Origin); `cacheSetting` names one of cacheSettings. */
  readonly rules: ReadonlyArray<{ readonly body: Rec; readonly cacheSetting?: string }>;
  readonly errorResponses?: Rec;
  /** Origins besides the Default Origin (POST bodies). */
  readonly origins?: readonly Rec[];
}

/** Origins made after every configuration, so the n-th origin is still the n-th configuration's Default Origin. */
interface LaterOrigins {
  readonly conf: number;
  readonly bodies: readonly Rec[];
}

/** Loads an account. `lean` skips the uniqueness scans (generated data is unique by construction). */
export function loadAccount(store: Store, account: Iterable<SeedConfiguration>, lean = false): void {
  const later: LaterOrigins[] = [];
  for (const c of account) {
    const { id, changes } = createConfigurationChanges(store, c.create, lean ? { products: store.products } : undefined);
    apply(store, changes);
    const entry = store.entry(id);
    if (c.patch) {
      const ctx = lean ? { products: store.products } : store.configurationContext(id);
      apply(store, [
        { t: 'conf', id, v: valid('configuration', c.patch, validateRecord('configuration', 'patch', c.patch, entry.record, ctx)) },
      ]);
    }
    if (c.errorResponses) {
      const result = validateRecord('error_responses', 'patch', c.errorResponses, entry.errorResponses, { products: store.products });
      apply(store, [{ t: 'err', conf: id, v: valid('error_responses', c.errorResponses, result) }]);
    }
    const cacheIds = new Map<string, number>();
    for (const body of c.cacheSettings) cacheIds.set(String(body.name), addRecord(store, id, 'cache_setting', body, lean));
    const originId = entry.subs.origin.keys().next().value!;
    for (const r of c.rules) {
      const cacheId = r.cacheSetting === undefined ? null : cacheIds.get(r.cacheSetting);
      if (cacheId === undefined) continue; // its cache setting needs a product this emulator lacks
      addRecord(store, id, 'rule', { ...r.body, path_origin_id: originId, cache_settings_id: cacheId }, lean);
    }
    if (c.origins?.length) later.push({ conf: id, bodies: c.origins });
  }
  for (const l of later) for (const body of l.bodies) addRecord(store, l.conf, 'origin', body, lean);
}

/** The demo account, leaving out what needs a product the emulator was started without. */
export function demoAccount(store: Store): SeedConfiguration[] {
  const has = (p: string | undefined) => p === undefined || (isProduct(p) && store.products.has(p));
  return DEMO_ACCOUNT.map((c) => ({
    create: c.create,
    ...(c.patch && has(c.patchRequires) ? { patch: c.patch } : {}),
    cacheSettings: c.cacheSettings.filter((s) => has(s.requires)).map((s) => s.body),
    rules: c.rules
      .filter((r) => has(r.requires))
      .map((r) => ({ body: r.body, ...(r.cacheSetting ? { cacheSetting: r.cacheSetting } : {}) })),
    ...(c.errorResponses ? { errorResponses: c.errorResponses } : {}),
    ...(c.origins ? { origins: c.origins } : {}),
  }));
}

export function seedStore(store: Store, seed: 'demo' | 'none' | number): boolean {
  if (seed === 'none' || store.state.configurations.size > 0 || store.state.seq.configuration > 0) return false;
  // Real-looking 10-digit ids (ids.ts); the counters are part of the data file's snapshot, so a
  // `--data` file seeded once keeps counting from there.
  apply(store, [{ t: 'seq', v: SEED_ID_BASES }]);
  if (seed === 'demo') loadAccount(store, demoAccount(store));
  else loadAccount(store, generatedAccount(seed), true);
  return true;
}
