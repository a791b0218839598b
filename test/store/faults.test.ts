// Through 503s, dropped connections and latency every draft ends applied exactly once, or kept with an error.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { isJsonObject } from '../helpers/json.js';
import { CFG, createDraft, storeFor } from './helpers.js';

const faulty = emulatorFixture([
  '--seed',
  'demo',
  '--token',
  'fault-token',
  '--fail-rate',
  '0.3',
  '--reset-rate',
  '0.3',
  '--latency',
  '200',
]);

/** A plain view of the same state, with no faults: a second emulator cannot share memory, so read through retries. */
async function readBack(path: string): Promise<unknown> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const r = await faulty.call('GET', path);
      if (r.status === 200) return r.body;
    } catch {
      // dropped connection: read again
    }
  }
  throw new Error(`no answer from ${path} in 100 attempts`);
}

const EDITS = 10;

describe('store under faults', () => {
  it('never loses or duplicates a draft', async () => {
    const store = storeFor(faulty, undefined, { maxAttempts: 8 });
    for (let attempt = 0; ; attempt++) {
      try {
        await store.getState().loadConfigurations();
        break;
      } catch (e) {
        if (attempt > 20) throw e; // the list itself may fail 8 times in a row; load again
      }
    }
    // more edits of one list than go out at once: they are checked with list reads, which fail too
    const confs = store.getState().lists.configurations!.keys.slice(0, EDITS);
    const edits = confs.map((k, i) => {
      store.getState().editField(k, 'name', `faulty edit ${i}`);
      return k;
    });
    const creates = Array.from({ length: 6 }, (_, i) =>
      createDraft(store, 'configuration', undefined, {
        name: `faulty new ${i}`,
        origin_address: `o${i}.example.test`,
        origin_host_header: `h${i}.example.test`,
      }),
    );
    const keys = [...edits, ...creates];
    let results = await store.getState().applyMany(keys);
    // whatever failed is still a draft; sending again finishes it (a create is never made twice)
    for (let round = 0; round < 10 && results.some((r) => r.outcome !== 'applied'); round++) {
      for (const r of results) if (r.outcome === 'failed') expect(store.getState().drafts[r.key]).toBeDefined();
      results = await store.getState().applyMany(Object.keys(store.getState().drafts));
    }
    expect(Object.keys(store.getState().drafts)).toEqual([]);

    const list = await readBack(CFG);
    if (!Array.isArray(list)) throw new Error(`not a list: ${JSON.stringify(list)}`);
    const names = list.map((c: unknown) => (isJsonObject(c) ? c.name : undefined));
    for (let i = 0; i < 6; i++) expect(names.filter((n) => n === `faulty new ${i}`)).toHaveLength(1);
    for (let i = 0; i < EDITS; i++) expect(names.filter((n) => n === `faulty edit ${i}`)).toHaveLength(1);
    for (const k of edits) expect(store.getState().records[k]!.name).toMatch(/^faulty edit/);
  });
});
