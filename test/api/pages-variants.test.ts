// Lists read page by page from servers that differ from the emulator (undici's MockAgent): wrapped
// lists, servers that ignore paging, cap page_size or send no total, a list that grows while it is
// read, and a list too long to spread into push(). Each intercept answers once and a request no
// intercept matches fails the read, so the intercepts of a test are exactly the requests it costs.
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ListPage, type Place } from '../../src/api/index.js';

const ORIGIN = 'http://api.test';
const CONFS: Place = { kind: 'configuration' };
const LIST = '/content_delivery/configurations';
const paged = (list: string, n: number, size: number) => `${list}?page=${n}&page_size=${size}`;
const page = (n: number, size: number) => paged(LIST, n, size);
/** The rules list of configuration `conf`, and its page `n` of 1000 (the page size lists are read with). */
const rules = (conf: number): Place => ({ kind: 'rule', conf });
const rulesPage = (conf: number, n: number) => paged(`${LIST}/${conf}/rules_engine`, n, 1000);
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

async function read(pageSize: number, place: Place = CONFS, client: ApiClient = api): Promise<ListPage[]> {
  const out: ListPage[] = [];
  for await (const p of client.listPages(place, { pageSize })) out.push(p);
  return out;
}
const ids = (pages: ListPage[]) => pages.map((p) => p.items.map((r) => r.id));

describe('listPages against other servers', () => {
  it('follows a wrapped list by its links.next, one page at a time', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, { results: recs(1, 2), links: { next: `${LIST}?cursor=b` } });
    pool()
      .intercept({ path: `${LIST}?cursor=b` })
      .reply(200, { results: recs(3, 4), links: { next: `${ORIGIN}${LIST}?cursor=c` } });
    pool()
      .intercept({ path: `${LIST}?cursor=c` })
      .reply(200, { results: recs(5, 5), links: { next: null } });
    expect(ids(await read(2))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a server that ignores paging: its whole bare array is the one page', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, recs(1, 5));
    expect(ids(await read(2))).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('numbered pages without X-Total-Count: one after the other until a short page', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, recs(1, 2));
    pool()
      .intercept({ path: page(2, 2) })
      .reply(200, recs(3, 4));
    pool()
      .intercept({ path: page(3, 2) })
      .reply(200, recs(5, 5));
    expect(ids(await read(2))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a server that ignores `page` and holds exactly a page: page 1 again ends it', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, recs(1, 2));
    pool()
      .intercept({ path: page(2, 2) })
      .reply(200, recs(1, 2));
    expect(ids(await read(2))).toEqual([[1, 2]]);
  });

  it('a list that grows while it is read: the larger total asks for the pages it adds', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, recs(1, 2), total(4));
    pool()
      .intercept({ path: page(2, 2) })
      .reply(200, recs(3, 4), total(6));
    pool()
      .intercept({ path: page(3, 2) })
      .reply(200, recs(5, 6), total(6));
    const pages = await read(2);
    expect(ids(pages)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(pages.map((p) => p.total)).toEqual([4, 6, 6]);
  });

  it('a list that shrinks while it is read: a short page is the end', async () => {
    pool()
      .intercept({ path: page(1, 2) })
      .reply(200, recs(1, 2), total(6));
    pool()
      .intercept({ path: page(2, 2) })
      .reply(200, recs(3, 3), total(3));
    pool()
      .intercept({ path: page(3, 2) })
      .reply(200, [], total(3));
    expect(ids(await read(2))).toEqual([[1, 2], [3]]);
  });
});

describe('numbered pages without a total from a server that caps page_size', () => {
  const serve = (path: string, records: ReturnType<typeof recs>) => pool().intercept({ path }).reply(200, records);
  const lengths = (pages: ListPage[]) => pages.map((p) => p.items.length);
  afterEach(() => expect(mock.pendingInterceptors()).toEqual([]));

  it('reads on after a short page: all 250 records of a server that gives 100 when asked for 1000, in 3 requests', async () => {
    serve(rulesPage(7, 1), recs(1, 100));
    serve(rulesPage(7, 2), recs(101, 200));
    serve(rulesPage(7, 3), recs(201, 250));
    const pages = await read(1000, rules(7));
    expect(lengths(pages)).toEqual([100, 100, 50]);
    expect(new Set(pages.flatMap((p) => p.items.map((r) => r.id))).size).toBe(250);
    // The cap learnt: a later list shorter than it is whole at once.
    serve(rulesPage(8, 1), recs(251, 290));
    expect(lengths(await read(1000, rules(8)))).toEqual([40]);
  });

  it('a short list costs one request more (its empty page 2) until a longer page was seen', async () => {
    serve(rulesPage(7, 1), recs(1, 5));
    serve(rulesPage(7, 2), []);
    expect(lengths(await read(1000, rules(7)))).toEqual([5]);
    serve(rulesPage(8, 1), recs(6, 8));
    expect(lengths(await read(1000, rules(8)))).toEqual([3]);
    serve(rulesPage(9, 1), recs(9, 20));
    serve(rulesPage(9, 2), []);
    expect(lengths(await read(1000, rules(9)))).toEqual([12]);
  });

  it('a page as long as the longest yet may be cut at the cap: read on', async () => {
    serve(rulesPage(7, 1), recs(1, 100));
    serve(rulesPage(7, 2), []);
    expect(lengths(await read(1000, rules(7)))).toEqual([100]);
    serve(rulesPage(8, 1), recs(101, 200));
    serve(rulesPage(8, 2), recs(201, 230));
    expect(lengths(await read(1000, rules(8)))).toEqual([100, 30]);
  });

  it('what one kind of list taught is not used for another kind, nor by another client', async () => {
    serve(rulesPage(7, 1), recs(1, 100));
    serve(rulesPage(7, 2), recs(101, 130));
    await read(1000, rules(7));
    serve(page(1, 1000), recs(1, 30));
    serve(page(2, 1000), []);
    expect(lengths(await read(1000))).toEqual([30]);
    const other = createApiClient({ baseUrl: ORIGIN, token: 'pages-token-1f4c2a', dispatcher: mock, maxDelayMs: 5 });
    serve(rulesPage(8, 1), recs(131, 160));
    serve(rulesPage(8, 2), []);
    expect(lengths(await read(1000, rules(8), other))).toEqual([30]);
  });

  it('a server that ignores paging: page 1 again ends the list, and later lists take their page 1 as whole', async () => {
    serve(rulesPage(7, 1), recs(1, 5));
    serve(rulesPage(7, 2), recs(1, 5));
    expect(ids(await read(1000, rules(7)))).toEqual([[1, 2, 3, 4, 5]]);
    serve(rulesPage(8, 1), recs(6, 14));
    expect(lengths(await read(1000, rules(8)))).toEqual([9]);
  });

  it('with X-Total-Count: a capped server is read up to its total, a short whole list in one request', async () => {
    pool()
      .intercept({ path: rulesPage(7, 1) })
      .reply(200, recs(1, 100), total(250));
    pool()
      .intercept({ path: rulesPage(7, 2) })
      .reply(200, recs(101, 200), total(250));
    pool()
      .intercept({ path: rulesPage(7, 3) })
      .reply(200, recs(201, 250), total(250));
    expect(lengths(await read(1000, rules(7)))).toEqual([100, 100, 50]);
    pool()
      .intercept({ path: rulesPage(8, 1) })
      .reply(200, recs(251, 255), total(5));
    expect(lengths(await read(1000, rules(8)))).toEqual([5]);
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
