// Sizes (docs/preflight.md): a request body larger than the API reads (1 MiB, a 413) is refused in
// the review under its largest field, before anything is sent — and the emulator does refuse it;
// a purge is split by bytes as well as by URL count, so none of its requests passes the bound.
import { describe, expect, it } from 'vitest';
import { purgeBatches, purgeRequest } from '../../src/api/index.js';
import { bodyBytes, MAX_BODY_BYTES } from '../../src/schema/index.js';
import { preflight } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { CFG, createDraft, storeFor } from '../store/helpers.js';

const emu = emulatorFixture(['--seed', 'demo']);

describe('request sizes', () => {
  it('a cache setting whose query-string list passes 1 MiB is refused under that field, as the emulator refuses it', async () => {
    const conf = demoId(1);
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    const fields = Array.from({ length: 100 }, (_, i) => `${String(i).padStart(3, '0')}${'q'.repeat(11_000)}`);
    const values = {
      name: 'too large',
      browser_cache_settings: false,
      cdn_cache_settings: 'honor',
      cache_by_query_string: 'whitelist',
      query_string_fields: fields,
      cache_by_cookies: 'ignore',
    };
    const key = createDraft(store, 'cache_setting', conf, values);
    const found = preflight(store.getState(), [key]).findings[key] ?? [];
    const large = found.find((f) => f.code === 'too_large');
    expect(large).toMatchObject({ severity: 'refused', field: 'query_string_fields' });
    expect(large!.message).toMatch(/The request is 1\.\d\d MiB; the API reads at most 1 MiB/);
    expect((await emu.call('POST', `${CFG}/${conf}/cache_settings`, { body: values })).status).toBe(413);
    // Under the bound, not a word.
    store.getState().setDraftValues(key, { ...values, query_string_fields: fields.slice(0, 50) });
    expect(preflight(store.getState(), [key]).findings[key]?.find((f) => f.code === 'too_large')).toBeUndefined();
  });

  it('a purge of 500 long URLs with characters of several bytes goes in requests of at most 1 MiB each, every URL once', () => {
    const urls = Array.from({ length: 500 }, (_, i) => `shop.example/${i}/${'é'.repeat(1500)}`);
    const batches = purgeBatches('url', urls);
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(bodyBytes(purgeRequest('url', b).body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(batches.flat()).toEqual(urls);
    // Short URLs: 500 a request, as before.
    expect(
      purgeBatches(
        'url',
        Array.from({ length: 1200 }, (_, i) => `shop.example/${i}`),
      ).map((b) => b.length),
    ).toEqual([500, 500, 200]);
  });

  it('a batch that fills exactly the bound stays one request', () => {
    const empty = bodyBytes(purgeRequest('url', []).body);
    const url = (n: number) => `a.example/${'x'.repeat(n)}`;
    // Two URLs: the body is empty + both strings + one comma.
    const first = url(1000);
    const room = MAX_BODY_BYTES - empty - bodyBytes(first) - 1;
    const second = url(room - bodyBytes(url(0)));
    expect(bodyBytes(purgeRequest('url', [first, second]).body)).toBe(MAX_BODY_BYTES);
    expect(purgeBatches('url', [first, second])).toHaveLength(1);
    expect(purgeBatches('url', [first, second + 'x'])).toHaveLength(2);
  });
});
