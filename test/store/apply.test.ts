// The store drives every write of docs/api.md with no UI: drafts, review, apply, errors, conflicts.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, startTestEmulator } from '../helpers/emulator.js';
import { MAX_IN_FLIGHT } from '../../src/api/index.js';
import { recordKey } from '../../src/store/index.js';
import { CFG, createDraft, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
const writes = () => emu.log().filter((l) => l.method !== 'GET');

describe('store: apply', () => {
  it('edits a name and a cname, reviews, and sends one PATCH with exactly those two fields', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(3));
    const before = store.getState().records[key]!;
    store.getState().editField(key, 'name', 'renamed by the store');
    store.getState().editField(key, 'cname', [...(before.cname as string[]), 'extra.acme-outdoor.example']);
    const review = store.getState().review(key)!;
    expect(review.changes.map((c) => c.field)).toEqual(['name', 'cname']);
    expect(review.request).toMatchObject({ method: 'PATCH', path: `${CFG}/${demoId(3)}` });
    const n = writes().length;
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('applied');
    const sent = writes().slice(n);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: `${CFG}/${demoId(3)}`, status: 200 });
    expect(sent[0]!.body).toEqual({ name: 'renamed by the store', cname: [...(before.cname as string[]), 'extra.acme-outdoor.example'] });
    expect(store.getState().drafts[key]).toBeUndefined();
    expect(store.getState().records[key]!.name).toBe('renamed by the store');
  });

  it('an edit back to the server value leaves no draft', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(4));
    const name = store.getState().records[key]!.name;
    store.getState().editField(key, 'name', 'x');
    expect(store.getState().drafts[key]).toBeDefined();
    store.getState().editField(key, 'name', name);
    expect(store.getState().drafts[key]).toBeUndefined();
  });

  it('checks drafts against the schema before sending: nothing goes out', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(5));
    store.getState().editField(key, 'name', '   ');
    store.getState().editField(key, 'delivery_protocol', 'ftp');
    expect(Object.keys(store.getState().fieldErrors[key]!)).toEqual(['name', 'delivery_protocol']);
    const n = writes().length;
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('invalid');
    expect(writes().length).toBe(n);
    expect(store.getState().drafts[key]).toBeDefined();
  });

  it("keeps the draft and the API's field errors when the API refuses", async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const a = store.getState().records[recordKey('configuration', undefined, demoId(1))]!;
    const key = recordKey('configuration', undefined, demoId(6));
    // another configuration's cname: only the server knows all holders when the list is not loaded... here it is, so
    // drop the list to let the request reach the server
    store.setState({ lists: {} });
    store.getState().editField(key, 'cname', [(a.cname as string[])[0]]);
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('failed');
    expect(store.getState().fieldErrors[key]?.cname?.[0]).toMatch(/already belongs to configuration 1/);
    expect(store.getState().drafts[key]).toBeDefined();
  });

  it('sees a change made by someone else and sends nothing until the user chooses', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(7));
    const base = store.getState().records[key]!;
    store.getState().editField(key, 'name', 'mine');
    store.getState().editField(key, 'active', false);
    expect((await emu.call('PATCH', `${CFG}/${demoId(7)}`, { body: { name: 'theirs', digital_certificate: 4242 } })).status).toBe(200);
    const n = writes().length;
    const result = await store.getState().apply(key);
    expect(writes().length).toBe(n);
    expect(result.outcome).toBe('conflict');
    if (result.outcome !== 'conflict') return;
    expect(result.conflict.fields.map((f) => [f.field, f.base, f.theirs, f.mine, f.clash])).toEqual([
      ['name', base.name, 'theirs', 'mine', true],
      ['digital_certificate', base.digital_certificate, 4242, base.digital_certificate, false],
    ]);
    store.getState().resolveConflict(key, { name: 'mine' });
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    const now = (await emu.call('GET', `${CFG}/${demoId(7)}`)).body;
    expect(now).toMatchObject({ name: 'mine', active: false, digital_certificate: 4242 });
  });

  it('creates and deletes rules; a used cache setting is not deleted and the draft stays', async () => {
    const store = storeFor(emu);
    await store.getState().loadChildren('origin', demoId(2));
    await store.getState().loadChildren('cache_setting', demoId(2));
    await store.getState().loadChildren('rule', demoId(2));
    const origin = store.getState().lists[`origin:${demoId(2)}`]!.keys[0]!;
    const originId = store.getState().records[origin]!.id;
    const cacheKey = store.getState().lists[`cache_setting:${demoId(2)}`]!.keys[0]!;
    const cacheId = store.getState().records[cacheKey]!.id as number;
    const key = createDraft(store, 'rule', demoId(2), {
      path: '/store-made/',
      regex: false,
      protocol_policy: 'http',
      behavior: 'delivery',
      path_origin_id: originId,
      cache_settings_id: cacheId,
    });
    const created = await store.getState().apply(key);
    expect(created.outcome).toBe('applied');
    if (created.outcome !== 'applied') return;
    expect(store.getState().lists[`rule:${demoId(2)}`]!.keys).toContain(created.newKey);
    expect(writes().at(-1)).toMatchObject({ method: 'POST', status: 201 });

    store.getState().markDelete(cacheKey);
    const refused = await store.getState().apply(cacheKey);
    expect(refused).toMatchObject({ outcome: 'failed' });
    if (refused.outcome === 'failed')
      expect(refused.message).toMatch(new RegExp(`^Cache setting ${cacheId} is used by rules .*${created.record!.id}`));
    expect(store.getState().drafts[cacheKey]).toBeDefined();

    store.getState().markDelete(created.newKey!);
    expect((await store.getState().apply(created.newKey!)).outcome).toBe('applied');
    expect((await emu.call('GET', `${CFG}/${demoId(2)}/rules_engine/${created.record!.id}`)).status).toBe(404);
    expect(store.getState().lists[`rule:${demoId(2)}`]!.keys).not.toContain(created.newKey);
  });

  it('error responses: a PATCH of the changed codes only', async () => {
    const store = storeFor(emu);
    await store.getState().loadErrorResponses(demoId(8));
    const key = recordKey('error_responses', demoId(8));
    store.getState().editField(key, 'cache_error_416', 30);
    store.getState().editField(key, 'cache_error_501', 5);
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(writes().at(-1)).toMatchObject({
      method: 'PATCH',
      path: `${CFG}/${demoId(8)}/error_responses`,
      body: { cache_error_416: 30, cache_error_501: 5 },
    });
  });

  it('applies several drafts with at most MAX_IN_FLIGHT (8) in flight, one result each', async () => {
    const slow = await startTestEmulator(['--seed', 'demo', '--latency', '60']);
    try {
      const store = storeFor(slow);
      await store.getState().loadConfigurations();
      const keys = store.getState().lists.configurations!.keys.slice(0, 12);
      for (const k of keys) store.getState().editField(k, 'active', !store.getState().records[k]!.active);
      let inFlight = 0;
      let most = 0;
      const progress: number[] = [];
      const unsub = store.subscribe((s) => {
        const saving = Object.values(s.requests).filter((r) => r.status === 'saving').length;
        inFlight = saving;
        most = Math.max(most, inFlight);
        if (s.applying) progress.push(s.applying.done);
      });
      const results = await store.getState().applyMany(keys);
      unsub();
      expect(results.map((r) => r.outcome)).toEqual(keys.map(() => 'applied'));
      expect(most).toBeLessThanOrEqual(MAX_IN_FLIGHT);
      expect(most).toBeGreaterThan(1);
      expect(progress.at(-1)).toBe(12);
    } finally {
      await slow.close();
    }
  });
});
