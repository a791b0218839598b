// Find anywhere reads only what a query needs (docs/ux.md §10): the lists of the kinds it names, in
// the configurations its `in:` keeps; a query that changes while the lists load reads what it adds.
import { describe, expect, it } from 'vitest';
import { isFresh, listKey } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { storeFor } from './helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', '8', '--latency', '20'], { log: true });

/** The kinds of list read since `from` (`rule 3`: the rules of configuration 3), sorted. */
function listsRead(from: number): string[] {
  return emu
    .log()
    .slice(from)
    .flatMap((l) => {
      const m = /\/configurations\/(\d+)\/(rules_engine|cache_settings|origins)/.exec(l.path);
      return m ? [`${m[2]} ${[...Array(8).keys()].find((i) => demoId(i + 1) === Number(m[1]))! + 1}`] : [];
    })
    .sort();
}

describe('loading what a query needs', () => {
  it('reads the kinds asked of the configurations asked, and what a later call adds while it runs', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    let before = emu.log().length;
    await store.getState().loadEverywhere({ kinds: ['rule'], confs: [demoId(2), demoId(3)] });
    expect(listsRead(before)).toEqual(['rules_engine 2', 'rules_engine 3']);

    // `gzip:false` becomes `cache:html` while the rules load: the cache settings are read too, and counted.
    before = emu.log().length;
    const counted: number[] = [];
    store.subscribe((s) => s.searching && counted.push(s.searching.total));
    const first = store.getState().loadEverywhere({ kinds: ['rule'] });
    const second = store.getState().loadEverywhere({ kinds: ['rule', 'cache_setting'] });
    expect(second).toBe(first);
    await first;
    const rulesNotRead = [1, 4, 5, 6, 7, 8];
    const all = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(listsRead(before)).toEqual([...rulesNotRead.map((n) => `rules_engine ${n}`), ...all.map((n) => `cache_settings ${n}`)].sort());
    expect(counted.every((t) => t === 8)).toBe(true);
    expect(store.getState().searching).toBeUndefined();
    expect(isFresh(store.getState(), listKey('origin', demoId(1)))).toBe(false); // never asked for
  });
});
