// docs/api.md §1: lists — bare arrays ordered by id, page/page_size with X-Total-Count, ids never reused.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, NOT_FOUND, createConfig, expectDetail, expectFieldErrors } from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

describe('lists', () => {
  async function ensureConfigs(min: number): Promise<void> {
    const list = await emu.call('GET', CFG);
    for (let i = list.body.length; i < min; i++) await createConfig(emu);
  }

  it('returns a bare array ordered by id with X-Total-Count', async () => {
    await ensureConfigs(5);
    const r = await emu.call('GET', CFG);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body), r.text).toBe(true);
    const ids = r.body.map((c: { id: number }) => c.id) as number[];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.headers.get('x-total-count')).toBe(String(ids.length));
  });

  it('slices with page and page_size, still a bare array, with X-Total-Count', async () => {
    await ensureConfigs(5);
    const all = (await emu.call('GET', CFG)).body as Array<{ id: number }>;
    const total = String(all.length);
    const p1 = await emu.call('GET', `${CFG}?page=1&page_size=2`);
    expect(p1.status).toBe(200);
    expect(p1.body).toEqual(all.slice(0, 2));
    expect(p1.headers.get('x-total-count')).toBe(total);
    const p2 = await emu.call('GET', `${CFG}/?page=2&page_size=2`);
    expect(p2.body).toEqual(all.slice(2, 4));
    expect(p2.headers.get('x-total-count')).toBe(total);
    const lastPage = Math.ceil(all.length / 3);
    const last = await emu.call('GET', `${CFG}?page=${lastPage}&page_size=3`);
    expect(last.body).toEqual(all.slice((lastPage - 1) * 3));
    const big = await emu.call('GET', `${CFG}?page=1&page_size=1000`);
    expect(big.status).toBe(200);
    expect(big.body).toEqual(all.slice(0, 1000));
  });

  it('answers [] for a page past the end', async () => {
    await ensureConfigs(1);
    const all = (await emu.call('GET', CFG)).body as unknown[];
    const r = await emu.call('GET', `${CFG}?page=${all.length + 1}&page_size=1`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect(r.text.trim()).toBe('[]');
    expect(r.headers.get('x-total-count')).toBe(String(all.length));
    const far = await emu.call('GET', `${CFG}?page=100000&page_size=1000`);
    expect(far.body).toEqual([]);
  });

  it('puts X-Total-Count on sub-resource lists too', async () => {
    const cfg = await createConfig(emu);
    for (const sub of ['origins', 'rules_engine', 'cache_settings']) {
      const r = await emu.call('GET', `${CFG}/${cfg.id}/${sub}`);
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
      expect(r.headers.get('x-total-count'), sub).toBe(String(r.body.length));
    }
  });

  it('pages sub-resource lists the same way', async () => {
    const cfg = await createConfig(emu);
    const path = `${CFG}/${cfg.id}/origins`;
    const all = await emu.call('GET', path);
    expect(all.body).toHaveLength(1);
    const p1 = await emu.call('GET', `${path}?page=1&page_size=1`);
    expect(p1.body).toEqual(all.body);
    expect(p1.headers.get('x-total-count')).toBe('1');
    const p2 = await emu.call('GET', `${path}?page=2&page_size=1`);
    expect(p2.status).toBe(200);
    expect(p2.body).toEqual([]);
    expect(p2.headers.get('x-total-count')).toBe('1');
    expectFieldErrors(await emu.call('GET', `${path}?page=1&page_size=1001`), ['page_size']);
    const rules = await emu.call('GET', `${CFG}/${cfg.id}/rules_engine?page=3&page_size=5`);
    expect(rules.body).toEqual([]);
    expect(rules.headers.get('x-total-count')).toBe('0');
  });

  it.each([
    ['page=0&page_size=10', ['page']],
    ['page=-1&page_size=10', ['page']],
    ['page=x&page_size=10', ['page']],
    ['page=1.5&page_size=10', ['page']],
    ['page=1&page_size=0', ['page_size']],
    ['page=1&page_size=-1', ['page_size']],
    ['page=1&page_size=x', ['page_size']],
    ['page=1&page_size=1001', ['page_size']],
    ['page=0&page_size=1001', ['page', 'page_size']],
    ['page=0', ['page']],
    ['page_size=1001', ['page_size']],
  ])('answers 400 for the invalid paging %s', async (query, keys) => {
    expectFieldErrors(await emu.call('GET', `${CFG}?${query}`), keys);
  });

  it('assigns positive increasing ids and never reuses one', async () => {
    const a = await createConfig(emu);
    const b = await createConfig(emu);
    expect(a.id).toBeGreaterThan(0);
    expect(Number.isInteger(a.id)).toBe(true);
    expect(b.id).toBeGreaterThan(a.id);
    expect((await emu.call('DELETE', `${CFG}/${b.id}`)).status).toBe(204);
    const c = await createConfig(emu);
    expect(c.id).toBeGreaterThan(b.id);
    // the deleted id stays unknown
    expectDetail(await emu.call('GET', `${CFG}/${b.id}`), 404, NOT_FOUND);
  });
});
