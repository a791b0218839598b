// Find anywhere's loading (docs/ux.md §6): every configuration's rules and origins, a few lists at a
// time, into the store in batches, counted in configurations; a list that fails keeps its sentence
// and the rest still load; a second search asks for nothing.
import { describe, expect, it } from 'vitest';
import { listKey } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

// 25 ms an answer: 120 lists six at a time take ~0.5 s, several batches of progress (the rules of all
// first, then the origins that finish configurations), however fast the machine.
const emu = emulatorFixture(['--seed', '60', '--latency', '25'], { log: true });

describe('loading everywhere', () => {
  it('loads every list, in a few store changes; a failed list says why; a second search asks for nothing', async () => {
    const store = storeFor(emu, undefined, { maxAttempts: 1 });
    await store.getState().loadConfigurations();
    // Gone from the server after the list was read: its lists cannot load.
    expect((await emu.call('DELETE', `${CFG}/${demoId(7)}`)).status).toBe(204);
    let changes = 0;
    const progress: Array<{ done: number; total: number }> = [];
    const stop = store.subscribe((s, before) => {
      changes++;
      if (s.searching && s.searching !== before.searching) progress.push(s.searching);
    });
    await store.getState().loadEverywhere();
    stop();
    const state = store.getState();
    expect(state.searching).toBeUndefined();
    for (let n = 1; n <= 60; n++) {
      if (n === 7) continue;
      const conf = demoId(n);
      const rules = (await emu.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{ id: number }>;
      expect(state.lists[listKey('rule', conf)]?.keys).toEqual(rules.map((r) => `rule:${conf}:${r.id}`));
      expect(state.lists[listKey('origin', conf)]?.keys.length).toBeGreaterThan(0);
    }
    expect(state.lists[listKey('rule', demoId(7))]).toBeUndefined();
    expect(state.requests[listKey('rule', demoId(7))]).toMatchObject({ status: 'error', message: expect.stringMatching(/not found|404/i) });
    // Configurations searched of 60 (the one gone counts once its lists have failed), rising.
    expect(progress.every((p) => p.total === 60)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual(progress.map((p) => p.done).sort((a, b) => a - b));
    expect(progress.at(-1)!.done).toBeGreaterThan(0);
    expect(changes).toBeLessThan(40); // 120 lists: in batches, not a change (and a redraw) per list

    const before = emu.log().length;
    await store.getState().loadEverywhere();
    expect(
      emu
        .log()
        .slice(before)
        .filter((l) => !l.path.includes(`/${demoId(7)}/`)),
    ).toEqual([]);
  });
});
