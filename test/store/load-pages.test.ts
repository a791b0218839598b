// A list loads page by page: a first load shows its first page at once and grows (incomplete until
// the last page); a reload keeps the shown list whole until the new one is; a load that breaks off
// keeps what came and is loaded again by the next screen that asks.
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryJournal, type AppStore, type ListState } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { storeFor } from './helpers.js';

const COUNT = 2500;
const emu = emulatorFixture(['--seed', String(COUNT)]);

/** Every new state of lists.configurations while `fn` runs: its length and whether it is incomplete. */
async function watch(store: AppStore, fn: () => Promise<unknown>): Promise<Array<{ n: number; incomplete: boolean }>> {
  const seen: Array<{ n: number; incomplete: boolean }> = [];
  const off = store.subscribe((s, prev) => {
    const l: ListState | undefined = s.lists.configurations;
    if (l && l !== prev.lists.configurations) seen.push({ n: l.keys.length, incomplete: l.incomplete === true });
  });
  await fn();
  off();
  return seen;
}

describe('loading a long list', () => {
  it('shows the first page of 1000 at once, grows as pages come, and is whole at the end', async () => {
    const store = storeFor(emu);
    const seen = await watch(store, () => store.getState().loadConfigurations());
    expect(seen[0]).toEqual({ n: 1000, incomplete: true });
    expect(seen.at(-1)).toEqual({ n: COUNT, incomplete: false });
    expect(seen.slice(0, -1).every((s) => s.incomplete)).toBe(true);
    expect(seen.map((s) => s.n)).toEqual([...seen.map((s) => s.n)].sort((a, b) => a - b));
    const { keys, total } = store.getState().lists.configurations!;
    expect(total).toBe(COUNT);
    expect(new Set(keys).size).toBe(COUNT);
    expect(keys.every((k) => store.getState().records[k] !== undefined)).toBe(true);
  });

  it('a reload keeps the whole list shown until the new one is in', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const seen = await watch(store, () => store.getState().reload('configurations'));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.n === COUNT && !s.incomplete)).toBe(true);
  });
});

describe('a load that breaks off', () => {
  let mock: MockAgent | undefined;
  afterEach(async () => {
    await mock?.close();
  });

  it('keeps the pages that came, marked incomplete, and loads again when asked', async () => {
    mock = new MockAgent();
    mock.disableNetConnect();
    const origin = 'http://api.test';
    const pool = mock.get(origin);
    const recs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `c${from + i}` }));
    const path = (n: number) => `/content_delivery/configurations?page=${n}&page_size=1000`;
    const total = { headers: { 'x-total-count': '1500' } };
    const api = createApiClient({ baseUrl: origin, token: 'load-pages-token-77a1', dispatcher: mock, maxAttempts: 1 });
    const store = createAppStore({ api, journal: createMemoryJournal() });

    pool.intercept({ path: path(1) }).reply(200, recs(1, 1000), total);
    pool.intercept({ path: path(2) }).reply(404, { detail: 'Not found.' });
    expect(await store.getState().ensureLoaded('configurations')).toBe(false);
    expect(store.getState().lists.configurations).toMatchObject({ total: 1500, incomplete: true });
    expect(store.getState().lists.configurations!.keys).toHaveLength(1000);
    expect(store.getState().requests.configurations).toMatchObject({
      status: 'error',
      message: 'not found (404): GET /content_delivery/configurations: Not found.',
    });

    pool.intercept({ path: path(1) }).reply(200, recs(1, 1000), total);
    pool.intercept({ path: path(2) }).reply(200, recs(1001, 1500), total);
    expect(await store.getState().ensureLoaded('configurations')).toBe(true);
    expect(store.getState().lists.configurations!.keys).toHaveLength(1500);
    expect(store.getState().lists.configurations!.incomplete).toBeUndefined();
  });
});
