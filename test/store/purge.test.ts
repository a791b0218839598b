// The store's purge (src/store/slices/purge.ts) against the emulator: a wildcard goes as one
// request per URL, a url purge as one; what each group became is kept; every request sent is in
// the history as a purge, which undo refuses.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryHistory, createMemoryJournal, recordKey } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { CFG } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo']);

function store() {
  const api = createApiClient({ baseUrl: emu.url, token: emu.token, baseDelayMs: 20, maxDelayMs: 200 });
  const history = createMemoryHistory();
  return { store: createAppStore({ api, journal: createMemoryJournal(), history }), history };
}

async function hosts(): Promise<string[]> {
  const conf = (await emu.call('GET', `${CFG}/${demoId(3)}`)).body as { domain_name: string; cname: string[] };
  return [conf.domain_name, ...conf.cname];
}

describe('purge in the store', () => {
  it('a wildcard of two URLs is two requests, each accepted, each in the history as a purge that z refuses', async () => {
    const { store: s, history } = store();
    const [a, b] = await hosts();
    const id = s
      .getState()
      .startPurge({ conf: demoId(3) }, 'api (3)', { kind: 'wildcard', urls: [`${a}/v2/*`, ' ', `${b}/v2/*`], notes: [] });
    const job = await s.getState().sendPurge(id);
    expect(job?.stage).toBe('done');
    expect(job?.sent.map((x) => [x.request.path, x.request.body.urls, x.outcome?.httpStatus])).toEqual([
      ['/purge/wildcard', [`${a}/v2/*`], 201],
      ['/purge/wildcard', [`${b}/v2/*`], 201],
    ]);
    expect(s.getState().applying).toBeUndefined();
    s.getState().flushJournal();
    const entries = history.saved();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      key: recordKey('configuration', undefined, demoId(3)),
      method: 'POST',
      path: '/purge/wildcard',
      purge: true,
      result: 'applied',
      after: { urls: [`${a}/v2/*`], method: 'delete' },
    });
    expect(s.getState().startUndo([entries[0]!])).toEqual({ problem: expect.stringMatching(/a purge cannot be undone/) });
  });

  it("a url purge with a host not the account's: one 207, the refused URL in its 403 group and named in the history", async () => {
    const { store: s, history } = store();
    const [a] = await hosts();
    const id = s.getState().startPurge({ conf: demoId(3), rules: [1] }, 'rule / in api (3)', {
      kind: 'url',
      urls: [`${a}/x.json`, 'elsewhere.example/x.json'],
      notes: [],
    });
    const job = await s.getState().sendPurge(id);
    const outcome = job?.sent[0]?.outcome;
    expect(outcome?.httpStatus).toBe(207);
    expect(outcome?.groups.map((g) => [g.status, g.urls])).toEqual([
      [201, [`${a}/x.json`]],
      [403, ['elsewhere.example/x.json']],
    ]);
    s.getState().flushJournal();
    expect(history.saved()[0]).toMatchObject({
      key: recordKey('rule', demoId(3), 1),
      result: 'applied',
      status: 207,
      message: '1 refused: elsewhere.example/x.json',
    });
  });

  it('a url purge of 1,001 URLs goes as requests of at most 500 (the API refuses more in one), all accepted', async () => {
    const { store: s } = store();
    const [a] = await hosts();
    const urls = Array.from({ length: 1001 }, (_, i) => `${a}/img/${String(i)}.jpg`);
    const id = s.getState().startPurge({ conf: demoId(3) }, 'api (3)', { kind: 'url', urls, notes: [] });
    const job = await s.getState().sendPurge(id);
    expect(job?.sent.map((x) => [x.request.body.urls.length, x.outcome?.httpStatus])).toEqual([
      [500, 201],
      [500, 201],
      [1, 201],
    ]);
  });
});
