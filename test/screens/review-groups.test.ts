// The review of drafts in several configurations as a user reads it (docs/ux.md §10): a heading
// above each configuration's records, the notes about one configuration under its heading, the
// others on top; one configuration's drafts are not grouped.
import { describe, expect, it } from 'vitest';
import { listKey } from '../../src/store/index.js';
import { reviewLines } from '../../src/screens/review/review-lines.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { storeFor } from '../store/helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

describe('the review grouped by configuration', () => {
  it('headings above each configuration, its notes under it, the rest on top', async () => {
    const store = storeFor(emu);
    await store.getState().loadConfigurations();
    const [shop, api] = [demoId(1), demoId(3)];
    await store.getState().loadWhole(shop);
    await store.getState().loadWhole(api);
    const first = (conf: number) => store.getState().lists[listKey('rule', conf)]!.keys[0]!;
    const keys = [first(api), first(shop)];
    for (const key of keys) store.getState().editField(key, 'redirect_to', 'https://elsewhere.example/');
    const notes = [
      `configuration acme public api v2 (${api}): rules go on the origin Default Origin`,
      'every rule keeps its cache setting',
    ];
    const lines = reviewLines(store.getState(), keys, [], 1000, false, notes).map((l) => l.text);
    expect(lines[0]).toBe('note: every rule keeps its cache setting');
    const heading = lines.indexOf(`── configuration acme public api v2 (${api}) ──`);
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toBe('note: rules go on the origin Default Origin');
    expect(lines).toContain(`── configuration acme-outdoor shop (prod) (${shop}) ──`);
    expect(lines.filter((l) => l.startsWith('note:'))).toHaveLength(2);
    // One configuration's drafts: no heading, every note on top as it was given.
    const one = reviewLines(store.getState(), [first(api)], [], 1000, true, notes).map((l) => l.text);
    expect(one.filter((l) => l.startsWith('--'))).toEqual([]);
    expect(one[0]).toBe(`note: ${notes[0]}`);
  });
});
