// A corpus that cannot drift (docs/preflight.md): for every refusal of src/schema/messages.ts, a
// send that triggers it (corpus-cases.ts), asserted twice. The pre-flight flags it before any
// request (the store's `preflight`, and `cdn-tui apply --dry-run`'s printout); then the emulator,
// sent the same requests one at a time in the send's order, refuses one — with, word for word, the
// sentences the pre-flight gives that request once the requests before it are in.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../src/diff/index.js';
import { purgeBatches, purgeRequest } from '../../src/api/index.js';
import {
  MESSAGE_CODES,
  PRODUCT_CODES,
  acceptedFields,
  schemaFor,
  type FieldSpec,
  type MessageCode,
  type Rec,
  type ResourceKind,
} from '../../src/schema/index.js';
import {
  phaseOf,
  preflight,
  purgePreflight,
  purgeRequests,
  recordKey,
  type AppStore,
  type Finding,
  type RecordKey,
} from '../../src/store/index.js';
import { reviewAndSend, type Io } from '../../src/cli/transfer-review.js';
import { EXIT } from '../../src/cli/errors.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, storeFor } from '../store/helpers.js';
import { CORPUS, FINE, type Ctx, type Drafting, type PurgeCase, type SendCase, type Unreachable } from './corpus-cases.js';

const emu = emulatorFixture();
let made = 0;

async function post(path: string, body: Rec): Promise<Rec> {
  const r = await emu.call('POST', path, { body });
  if (r.status !== 201) throw new Error(`set-up POST ${path} answered ${r.status}: ${r.text}`);
  return r.body;
}

async function configuration(): Promise<{ conf: number; origin: number; name: string; cname: string; domain: string }> {
  const n = ++made;
  const name = `corpus ${n}`;
  const cname = `c${n}.corpus.example`;
  const c = await post(CFG, { name, origin_address: 'origin.example.com', origin_host_header: 'origin.example.com', cname: [cname] });
  const origins = (await emu.call('GET', `${CFG}/${c.id}/origins`)).body;
  return { conf: Number(c.id), origin: Number(origins[0].id), name, cname, domain: String(c.domain_name) };
}

const PATHS = { rule: 'rules_engine', cache_setting: 'cache_settings', origin: 'origins' } as const;

/** A configuration of the case's own, the records it is given, and a store that has read them all. */
async function setUp(c: SendCase | PurgeCase): Promise<{ ctx: Ctx; store: AppStore }> {
  const [own, other] = [await configuration(), await configuration()];
  const ids: Record<string, number> = {};
  const ctx: Ctx = { conf: own.conf, origin: own.origin, other, ids };
  for (const g of 'given' in c ? (c.given ?? []) : [])
    ids[g.as] = Number((await post(`${CFG}/${own.conf}/${PATHS[g.kind]}`, g.body(ctx))).id);
  const store = storeFor(emu);
  expect(await store.getState().loadWhole(own.conf)).toBe(true);
  expect(await store.getState().ensureFresh('configurations')).toBe(true);
  return { ctx, store };
}

function drafting(store: AppStore, ctx: Ctx, keys: RecordKey[]): Drafting {
  const s = () => store.getState();
  const keyOf = (kind: ResourceKind, id: number | undefined) =>
    kind === 'configuration'
      ? recordKey(kind, undefined, id)
      : kind === 'error_responses'
        ? recordKey(kind, ctx.conf)
        : recordKey(kind, ctx.conf, id);
  return {
    create: (kind, values) => {
      const key = s().startCreate(kind, ctx.conf);
      s().setDraftValues(key, values);
      keys.push(key);
      return key;
    },
    edit: (kind, id, fields) => {
      const key = keyOf(kind, id);
      for (const [field, value] of Object.entries(fields)) s().editField(key, field, value);
      keys.push(key);
      return key;
    },
    remove: (kind, id) => {
      const key = keyOf(kind, id);
      s().markDelete(key);
      keys.push(key);
      return key;
    },
  };
}

const sentences = (body: unknown, field: string): string[] => {
  if (typeof body !== 'object' || body === null) return [];
  const v: unknown = field === '' ? Reflect.get(body, 'detail') : Reflect.get(body, field);
  return typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : [];
};

const flagged = (findings: readonly Finding[] | undefined, code: MessageCode, field: string) =>
  (findings ?? []).some((f) => f.code === code && f.field === field && f.severity === (PRODUCT_CODES.has(code) ? 'warning' : 'refused'));

/** Sends the drafts' requests one at a time in the send's order; returns the first refused, with the findings of the pre-flight just before it. */
async function sendUntilRefused(store: AppStore, keys: readonly RecordKey[], conf: number) {
  const order = [...keys].sort((a, b) => phaseOf(store.getState().drafts[a]!) - phaseOf(store.getState().drafts[b]!));
  for (const [i, key] of order.entries()) {
    const before = preflight(store.getState(), order.slice(i)).findings[key];
    const request = store.getState().review(key)!.request!;
    const answer = await emu.call(request.method, request.path, request.body ? { body: request.body } : {});
    if (answer.status >= 400) return { key, answer, before };
    store.getState().discardDrafts([key]);
    for (const list of ['rule', 'cache_setting', 'origin']) await store.getState().reload(`${list}:${conf}`);
    await store.getState().reload('configurations');
  }
  return undefined;
}

async function dryRun(store: AppStore, keys: readonly RecordKey[]): Promise<{ code: number; out: string }> {
  let out = '';
  const io: Io = { out: (t) => void (out += t), err: () => undefined, ask: () => Promise.resolve('n'), interactive: false };
  const code = await reviewAndSend(store, { keys, conflicts: [] }, { dryRun: true, yes: false }, io);
  return { code, out };
}

async function checkSend(code: MessageCode, c: SendCase): Promise<void> {
  const { ctx, store } = await setUp(c);
  const keys: RecordKey[] = [];
  c.send(drafting(store, ctx, keys), ctx);
  const found = preflight(store.getState(), keys);
  const at = keys.filter((k) => flagged(found.findings[k], code, c.field));
  expect(at, `pre-flight flags ${code} under "${c.field}": ${JSON.stringify(found.findings)}`).not.toHaveLength(0);
  const printed = await dryRun(store, keys);
  for (const k of at) for (const f of found.findings[k]!.filter((x) => x.code === code)) expect(printed.out).toContain(f.message);
  expect(printed.code).toBe(PRODUCT_CODES.has(code) ? EXIT.ok : EXIT.error);

  const refused = await sendUntilRefused(store, keys, ctx.conf);
  expect(refused, 'the emulator refuses one of the requests').toBeDefined();
  expect([400, 409]).toContain(refused!.answer.status);
  const said = sentences(refused!.answer.body, c.field);
  expect(said, `the emulator's answer: ${refused!.answer.text}`).not.toHaveLength(0);
  // Word for word what the pre-flight said of that request (a product's refusal: with the note that the products are unknown).
  const predicted = (refused!.before ?? []).filter((f) => f.field === c.field && f.code !== 'order').map((f) => f.message);
  for (const sentence of said)
    expect(
      predicted.some((m) => m === sentence || m.startsWith(`${sentence} `)),
      `"${sentence}" among ${JSON.stringify(predicted)}`,
    ).toBe(true);
  expect(flagged(refused!.before, code, c.field)).toBe(true);
}

async function checkPurge(code: MessageCode, c: PurgeCase): Promise<void> {
  const { ctx, store } = await setUp(c);
  const urls = c.purge.urls(ctx);
  const found = purgePreflight(store.getState(), c.purge.kind, urls);
  expect(
    found.some((f) => f.code === code && f.severity === 'refused'),
    JSON.stringify(found),
  ).toBe(true);
  let refusedAny = false;
  for (const request of purgeRequests(c.purge.kind, urls)) {
    const answer = await emu.call('POST', request.path, { body: request.body });
    if (answer.status === 400) {
      refusedAny = true;
      for (const sentence of sentences(answer.body, 'urls')) expect(found.map((f) => f.message)).toContain(sentence);
    } else if (answer.status === 207) {
      const groups: Array<{ status: string; urls: string[] }> = answer.body;
      const foreign = groups.filter((g) => g.status.includes('403')).flatMap((g) => g.urls);
      refusedAny ||= foreign.length > 0;
      expect(foreign.sort()).toEqual(
        found
          .filter((f) => f.code === 'foreignHost')
          .map((f) => f.url)
          .sort(),
      );
    } else expect(answer.status).toBe(201);
  }
  expect(refusedAny, 'the emulator refuses some of it').toBe(true);
}

describe('the corpus of refusals', () => {
  it('has an entry for every refusal the API can answer with', () => {
    expect(Object.keys(CORPUS).sort()).toEqual([...MESSAGE_CODES].sort());
  });

  for (const code of MESSAGE_CODES) {
    const entry = CORPUS[code];
    if ('unreachable' in entry) continue;
    for (const c of entry) {
      it(`${code}: ${c.name}`, () => ('purge' in c ? checkPurge(code, c) : checkSend(code, c)));
    }
  }

  it('sends that the order of a send makes right are not flagged, and the emulator takes them in that order', async () => {
    for (const c of FINE) {
      const { ctx, store } = await setUp(c);
      const keys: RecordKey[] = [];
      c.send(drafting(store, ctx, keys), ctx);
      expect(preflight(store.getState(), keys).refused, c.name).toBe(0);
      expect(await sendUntilRefused(store, keys, ctx.conf), c.name).toBeUndefined();
    }
  });
});

/** The checks behind each "unreachable" entry: no client of ours can make such a request. */
describe('refusals no client of ours can be refused with', () => {
  const unreachable = MESSAGE_CODES.filter((c) => 'unreachable' in CORPUS[c]).map((c) => [c, CORPUS[c] as Unreachable] as const);
  const KINDS = ['configuration', 'rule', 'cache_setting', 'origin', 'error_responses'] as const;

  it.each(unreachable)('%s', (_code, { proof }) => {
    switch (proof) {
      case 'buildRequest':
        for (const kind of KINDS) {
          const fields = acceptedFields(schemaFor(kind), 'patch').map((f) => f.name);
          const base: Rec = Object.fromEntries(fields.map((f) => [f, 1]));
          // An edit that changes nothing: no request; one with unknown keys: only accepted fields, in an object.
          expect(buildRequest({ kind, op: 'update', id: 1, conf: 1 }, base, { ...base, unknown_key: 2 })).toBeUndefined();
          const body = buildRequest({ kind, op: 'update', id: 1, conf: 1 }, base, { ...base, [fields[0]!]: 2, unknown_key: 2 })!.body!;
          expect(Object.keys(body)).toEqual([fields[0]]);
          const created = buildRequest({ kind, op: 'create', conf: 1 }, undefined, { id: 9, unknown_key: 2, domain_name: 'x' })!.body!;
          expect(Object.keys(created).every((k) => acceptedFields(schemaFor(kind), 'create').some((f) => f.name === k))).toBe(true);
        }
        return;
      case 'schema':
        for (const kind of KINDS) {
          const all: readonly FieldSpec[] = schemaFor(kind).fields;
          for (const f of all) {
            if (f.type === 'json') expect(f.create ?? f.put ?? f.patch, f.name).toBeUndefined();
            if (f.type === 'string') expect(f.minLength, f.name).toBeLessThanOrEqual(1);
          }
        }
        return;
      case 'purgeRequest':
        expect(purgeRequest('url', ['a.example.com/x'])).toEqual({
          method: 'POST',
          path: '/purge/url',
          body: { urls: ['a.example.com/x'], method: 'delete' },
        });
        return;
      case 'purgeRequests':
        expect(purgeRequests('url', [' ', ''])).toEqual([]);
        return;
      case 'purgeBatches': {
        const urls = Array.from({ length: 1201 }, (_, i) => `a.example.com/${i}`);
        expect(purgeBatches('url', urls).map((b) => b.length)).toEqual([500, 500, 201]);
        expect(purgeBatches('wildcard', ['a.example.com/*', 'b.example.com/*']).map((b) => b.length)).toEqual([1, 1]);
        return;
      }
      default:
        throw new Error(`no check named ${proof}`);
    }
  });
});
