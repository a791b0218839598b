// Lists read page by page from servers that differ from the emulator (undici's MockAgent): wrapped
// lists, servers that ignore paging or send no total, a list that grows while it is read, and a
// list too long to spread into push().
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ListPage, type Place } from '../../src/api/index.js';

const ORIGIN = 'http://api.test';
const CONFS: Place = { kind: 'configuration' };
const LIST = '/content_delivery/configurations';
const page = (n: number, size: number) => `${LIST}?page=${n}&page_size=${size}`;
const recs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `c${from + i}` }));
const total = (n: number) => ({ headers: { 'x-total-count': String(n) } });

let mock: MockAgent;
let api: ApiClient;
const pool = () => mock.get(ORIGIN);

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  api = createApiClient({ baseUrl: ORIGIN, token: 'pages-token-1f4c2a', dispatcher: mock, maxDelayMs: 5 });
});
afterEach(async () => {
  await mock.close();
});

async function read(pageSize: number): Promise<ListPage[]> {
  const out: ListPage[] = [];
  for await (const p of api.listPages(CONFS, { pageSize })) out.push(p);
  return out;
}
const ids = (pages: ListPage[]) => pages.map((p) => p.items.map((r) => r.id));

describe('listPages against other servers', () => {
  it('follows a wrapped list by its links.next, one page at a time', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, { results: recs(1, 2), links: { next: `${LIST}?cursor=b` } });
    pool().intercept({ path: `${LIST}?cursor=b` }).reply(200, { results: recs(3, 4), links: { next: `${ORIGIN}${LIST}?cursor=c` } });
    pool().intercept({ path: `${LIST}?cursor=c` }).reply(200, { results: recs(5, 5), links: { next: null } });
    expect(ids(await read(2))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a server that ignores paging: its whole bare array is the one page', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, recs(1, 5));
    expect(ids(await read(2))).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('numbered pages without X-Total-Count: one after the other until a short page', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, recs(1, 2));
    pool().intercept({ path: page(2, 2) }).reply(200, recs(3, 4));
    pool().intercept({ path: page(3, 2) }).reply(200, recs(5, 5));
    expect(ids(await read(2))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a server that ignores `page` and holds exactly a page: page 1 again ends it', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, recs(1, 2));
    pool().intercept({ path: page(2, 2) }).reply(200, recs(1, 2));
    expect(ids(await read(2))).toEqual([[1, 2]]);
  });

  it('a list that grows while it is read: the larger total asks for the pages it adds', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, recs(1, 2), total(4));
    pool().intercept({ path: page(2, 2) }).reply(200, recs(3, 4), total(6));
    pool().intercept({ path: page(3, 2) }).reply(200, recs(5, 6), total(6));
    const pages = await read(2);
    expect(ids(pages)).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(pages.map((p) => p.total)).toEqual([4, 6, 6]);
  });

  it('a list that shrinks while it is read: a short page is the end', async () => {
    pool().intercept({ path: page(1, 2) }).reply(200, recs(1, 2), total(6));
    pool().intercept({ path: page(2, 2) }).reply(200, recs(3, 3), total(3));
    pool().intercept({ path: page(3, 2) }).reply(200, [], total(3));
    expect(ids(await read(2))).toEqual([[1, 2], [3]]);
  });
});

describe('list', () => {
  it('takes a bare array of 200,000 records (longer than a spread into push() allows)', async () => {
    pool().intercept({ path: LIST }).reply(200, recs(1, 200_000));
    const { items, total } = await api.list(CONFS);
    expect(items).toHaveLength(200_000);
    expect(total).toBe(200_000);
    expect(items.at(-1)?.id).toBe(200_000);
  });
});
