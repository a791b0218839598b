// A list read page by page against the emulator (docs/api.md §1): every record once, in id order, the
// first page on its own, requests ahead cancelled when the reader stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { AbortError, createApiClient, type ApiClient, type AttemptEvent, type ListPage, type Place } from '../../src/api/index.js';
import type { Rec } from '../../src/schema/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

const COUNT = 2500;
const emu = emulatorFixture(['--seed', String(COUNT)]);
const CONFS: Place = { kind: 'configuration' };
let agent: Agent;
let events: AttemptEvent[];
let api: ApiClient;

beforeAll(() => {
  agent = new Agent({ connections: 4 });
  events = [];
  api = createApiClient({ baseUrl: emu.url, token: emu.token, dispatcher: agent, onAttempt: (e) => events.push(e) });
});
afterAll(async () => {
  await agent.close();
});

async function pages(options: Parameters<ApiClient['listPages']>[1] = {}): Promise<ListPage[]> {
  const out: ListPage[] = [];
  for await (const page of api.listPages(CONFS, options)) out.push(page);
  return out;
}

const ids = (records: readonly Rec[]) => records.map((r) => r.id as number);

describe('listPages', () => {
  it('reads the whole list in pages of 1000, in id order, each record once, with the total', async () => {
    const got = await pages();
    expect(got.map((p) => p.items.length)).toEqual([1000, 1000, 500]);
    expect(got.every((p) => p.total === COUNT)).toBe(true);
    const all = got.flatMap((p) => ids(p.items));
    expect(all).toEqual(ids((await api.list(CONFS)).items));
    expect(new Set(all).size).toBe(COUNT);
  });

  it('takes a page size and several requests ahead, still handing the pages on in order', async () => {
    const got = await pages({ pageSize: 300, ahead: 3 });
    expect(got.map((p) => p.items.length)).toEqual([300, 300, 300, 300, 300, 300, 300, 300, 100]);
    const all = got.flatMap((p) => ids(p.items));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(COUNT);
  });

  it('a reader that stops after the first page leaves at most the pages asked ahead, and no failure behind', async () => {
    events.length = 0;
    for await (const page of api.listPages(CONFS, { pageSize: 100, ahead: 2 })) {
      expect(page.items).toHaveLength(100);
      break;
    }
    const asked = new Set(events.map((e) => new URL(e.url).searchParams.get('page')));
    expect(asked.size).toBeLessThanOrEqual(3);
    expect((await api.list(CONFS, { page: 1, pageSize: 1 })).items).toHaveLength(1); // the client still works
  });

  it('a caller that aborts gets AbortError', async () => {
    const controller = new AbortController();
    const read = async () => {
      for await (const page of api.listPages(CONFS, { pageSize: 100, signal: controller.signal })) {
        expect(page.items.length).toBeGreaterThan(0);
        controller.abort();
      }
    };
    await expect(read()).rejects.toBeInstanceOf(AbortError);
  });

  it('refuses a page size outside 1..1000', () => {
    expect(() => api.listPages(CONFS, { pageSize: 0 })).toThrow(RangeError);
    expect(() => api.listPages(CONFS, { pageSize: 1001 })).toThrow(RangeError);
  });
});
