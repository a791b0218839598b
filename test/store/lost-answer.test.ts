// When an answer is lost, the store re-reads and decides: never a second POST, never a lost draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { startDroppingProxy, type DroppingProxy } from '../helpers/dropping-proxy.js';
import { recordKey } from '../../src/store/index.js';
import { CFG, createDraft, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
let proxy: DroppingProxy;
const sent = (method: string) => emu.log().filter((l) => l.method === method);

beforeAll(async () => {
  proxy = await startDroppingProxy(emu.url);
});
afterAll(async () => {
  await proxy?.close();
});

describe('lost answers', () => {
  it('a POST whose answer is lost is found again, not created twice', async () => {
    const store = storeFor({ url: proxy.url, token: emu.token });
    await store.getState().loadConfigurations();
    const key = createDraft(store, 'configuration', undefined, {
      name: 'lost answer',
      origin_address: 'o.example.test',
      origin_host_header: 'h.example.test',
    });
    const posts = sent('POST').length;
    proxy.dropNext('POST');
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('applied');
    expect(sent('POST').length).toBe(posts + 1);
    const list = (await emu.call('GET', CFG)).body as Array<{ name: string; id: number }>;
    const made = list.filter((c) => c.name === 'lost answer');
    expect(made).toHaveLength(1);
    if (result.outcome === 'applied') expect(result.newKey).toBe(recordKey('configuration', undefined, made[0]!.id));
    expect(store.getState().drafts).toEqual({});
  });

  it('a PATCH whose answer is lost is read back and counted as applied', async () => {
    const store = storeFor({ url: proxy.url, token: emu.token });
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(2));
    store.getState().editField(key, 'active', false);
    const patches = sent('PATCH').length;
    proxy.dropNext('PATCH');
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(sent('PATCH').length).toBe(patches + 1);
    expect(store.getState().records[key]!.active).toBe(false);
  });

  it('a PATCH lost before it arrived keeps its draft, and goes out once when sent again', async () => {
    const store = storeFor({ url: proxy.url, token: emu.token });
    await store.getState().loadConfigurations();
    const key = recordKey('configuration', undefined, demoId(3));
    store.getState().editField(key, 'name', 'sent twice?');
    const patches = sent('PATCH').length;
    proxy.dropNext('PATCH', 'before-upstream');
    const first = await store.getState().apply(key);
    expect(first.outcome).toBe('failed');
    expect(store.getState().drafts[key]).toBeDefined();
    expect(sent('PATCH').length).toBe(patches);
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(sent('PATCH').length).toBe(patches + 1);
    expect((await emu.call('GET', `${CFG}/${demoId(3)}`)).body.name).toBe('sent twice?');
  });
});
