// The answers of docs/api.md §6 that the emulator never gives, from undici's MockAgent: wrapped lists that
// link to a next page, wrapped records, string field errors, an ISO X-RateLimit-Reset, a lost DELETE answer.
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  NetworkError,
  UnexpectedResponseError,
  createApiClient,
  type ApiClient,
  type AttemptEvent,
  type Place,
} from '../../src/api/index.js';
import { VERSION } from '../../src/util/version.js';

const ORIGIN = 'http://api.test';
const TOKEN = 'variants-token-6a0d2f9e1c';
const CONFS: Place = { kind: 'configuration' };
const LIST = '/content_delivery/configurations';

let mock: MockAgent;
let api: ApiClient;
let events: AttemptEvent[];
const pool = () => mock.get(ORIGIN);

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  events = [];
  api = createApiClient({ baseUrl: ORIGIN, token: TOKEN, dispatcher: mock, maxDelayMs: 5, onAttempt: (e) => events.push(e) });
});
afterEach(async () => {
  await mock.close();
});

async function failure<T extends Error>(p: Promise<unknown>): Promise<T> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof Error)) throw new Error('expected the call to fail');
  return e as T;
}

describe('wrapped lists', () => {
  it('follows links.next (absolute or relative) until null, keeping unknown fields', async () => {
    pool()
      .intercept({ path: LIST })
      .reply(200, { results: [{ id: 1, name: 'a', shield: { region: 'eu' } }], links: { next: `${ORIGIN}${LIST}?page=2` } });
    pool()
      .intercept({ path: `${LIST}?page=2` })
      .reply(200, { results: [{ id: 2, name: 'b' }], links: { next: `${LIST}?page=3` } });
    pool()
      .intercept({ path: `${LIST}?page=3` })
      .reply(200, { results: [{ id: 3, name: 'c' }], links: { next: null } });
    const { items, total } = await api.list(CONFS);
    expect(items).toEqual([
      { id: 1, name: 'a', shield: { region: 'eu' } },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
    expect(total).toBe(3);
    mock.assertNoPendingInterceptors();
  });

  it('refuses a next link to another origin, so the token never goes there', async () => {
    pool()
      .intercept({ path: LIST })
      .reply(200, { results: [{ id: 1 }], links: { next: 'http://elsewhere.test/steal?page=2' } });
    const elsewhere = mock.get('http://elsewhere.test');
    elsewhere.intercept({ path: '/steal?page=2' }).reply(200, { results: [], links: { next: null } });
    const e = await failure<UnexpectedResponseError>(api.list(CONFS));
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe(`GET ${LIST}: 200 OK — the next page is on another origin (http://elsewhere.test)`);
    expect(mock.pendingInterceptors().map((p) => p.origin)).toEqual(['http://elsewhere.test']);
  });

  it('asks for one page only when given page/pageSize, and reads X-Total-Count', async () => {
    pool()
      .intercept({ path: `${LIST}?page=2&page_size=1` })
      .reply(200, { results: [{ id: 2 }], links: { next: `${LIST}?page=3&page_size=1` } }, { headers: { 'x-total-count': '40' } });
    expect(await api.list(CONFS, { page: 2, pageSize: 1 })).toEqual({ items: [{ id: 2 }], total: 40 });
  });

  it('stops on pages that link back to themselves', async () => {
    pool()
      .intercept({ path: LIST })
      .reply(200, { results: [{ id: 1 }], links: { next: LIST } });
    expect((await failure<Error>(api.list(CONFS))).message).toMatch(/link back to themselves/);
  });
});

describe('wrapped and extended records', () => {
  it('unwraps {"results": {...}} for every single-record call and keeps unknown fields', async () => {
    const rec = { id: 5, name: 'x', future_flag: true };
    pool()
      .intercept({ path: `${LIST}/5` })
      .reply(200, { results: rec });
    pool()
      .intercept({ path: `${LIST}/5`, method: 'PATCH' })
      .reply(200, { results: rec });
    pool().intercept({ path: LIST, method: 'POST' }).reply(201, { results: rec });
    pool()
      .intercept({ path: `${LIST}/5/error_responses` })
      .reply(200, { results: { cache_error_400: 0 } });
    expect(await api.get(CONFS, 5)).toEqual(rec);
    expect(await api.patch(CONFS, 5, { name: 'x' })).toEqual(rec);
    expect(await api.create(CONFS, { name: 'x' })).toEqual(rec);
    expect(await api.getErrorResponses(5)).toEqual({ cache_error_400: 0 });
  });

  it('refuses an answer that is not a record, without retrying it', async () => {
    pool()
      .intercept({ path: `${LIST}/5` })
      .reply(200, [1, 2]);
    pool()
      .intercept({ path: `${LIST}/6` })
      .reply(200, '<html>', { headers: { 'content-type': 'text/html' } });
    expect((await failure<Error>(api.get(CONFS, 5))).message).toBe(`GET ${LIST}/5: 200 OK — the answer is not a record`);
    expect((await failure<Error>(api.get(CONFS, 6))).message).toBe(`GET ${LIST}/6: 200 OK — the answer is not valid JSON`);
    expect(events.map((e) => e.attempt)).toEqual([1, 1]);
  });
});

describe('what goes on the wire', () => {
  it('sends the token, Accept, and Content-Type only with a body', async () => {
    const seen: Array<{ method: string; headers: Record<string, string>; body: unknown }> = [];
    const capture = (status: number) => (opts: { method: string; headers?: unknown; body?: unknown }) => {
      seen.push({ method: opts.method, headers: opts.headers as Record<string, string>, body: opts.body });
      return { statusCode: status, data: status === 204 ? '' : { id: 5 } };
    };
    pool()
      .intercept({ path: `${LIST}/5` })
      .reply(capture(200));
    pool()
      .intercept({ path: `${LIST}/5`, method: 'PATCH' })
      .reply(capture(200));
    pool()
      .intercept({ path: `${LIST}/5`, method: 'DELETE' })
      .reply(capture(204));
    await api.get(CONFS, 5);
    await api.patch(CONFS, 5, { active: false });
    await api.delete(CONFS, 5);
    // The API version whose shapes the client implements, as the real clients ask for it.
    const asked = { authorization: `Token ${TOKEN}`, accept: 'application/json; version=1', 'user-agent': `cdn-tui/${VERSION}` };
    expect(seen.map((s) => s.headers)).toEqual([asked, { ...asked, 'content-type': 'application/json' }, asked]);
    expect(seen[1]!.body).toBe('{"active":false}');
  });

  it('sends POST /tokens with Basic credentials and no token', async () => {
    let auth = '';
    pool()
      .intercept({ path: '/tokens', method: 'POST' })
      .reply((opts) => {
        auth = (opts.headers as Record<string, string>).authorization ?? '';
        return { statusCode: 201, data: { token: 'new', created_at: 'c', expires_at: 'e' } };
      });
    expect(await api.createToken('ada', 'pw:with:colons')).toEqual({ token: 'new', created_at: 'c', expires_at: 'e' });
    expect(auth).toBe(`Basic ${Buffer.from('ada:pw:with:colons').toString('base64')}`);
  });

  it('accepts 200 (with a body) for a DELETE', async () => {
    pool()
      .intercept({ path: `${LIST}/5`, method: 'DELETE' })
      .reply(200, { deleted: true });
    await expect(api.delete(CONFS, 5)).resolves.toBeUndefined();
  });
});

describe('field errors given as strings', () => {
  it('makes a string a one-item list', async () => {
    pool()
      .intercept({ path: `${LIST}/7`, method: 'PATCH' })
      .reply(400, { name: 'This field may not be blank.', cname: ['Item 1: may not be blank.', 'At most 50.'] });
    const e = await failure<ApiError>(api.patch(CONFS, 7, { name: '' }));
    expect(e.fieldErrors).toEqual({ name: ['This field may not be blank.'], cname: ['Item 1: may not be blank.', 'At most 50.'] });
    expect(e.message).toBe(
      `PATCH ${LIST}/7: 400 Bad Request — name: This field may not be blank. cname: Item 1: may not be blank. At most 50.`,
    );
  });
});

describe('rate limits', () => {
  it('waits until an ISO X-RateLimit-Reset without a zone (UTC, as recorded) when there is no Retry-After, then sends again', async () => {
    const client = createApiClient({ baseUrl: ORIGIN, token: TOKEN, dispatcher: mock, onAttempt: (e) => events.push(e) });
    const resetAt = Date.now() + 600;
    // `2018-06-07T02:19:29.189972`: microseconds, no zone.
    const recorded = `${new Date(resetAt).toISOString().slice(0, -1)}000`;
    pool()
      .intercept({ path: LIST })
      .reply(429, { detail: 'Request was throttled.' }, { headers: { 'x-ratelimit-reset': recorded } });
    pool()
      .intercept({ path: LIST })
      .reply(200, [{ id: 1 }]);
    expect((await client.list(CONFS)).items).toEqual([{ id: 1 }]);
    expect(events.map((e) => [e.status, e.paced])).toEqual([
      [429, true],
      [200, undefined],
    ]);
    // Read as local time it would be hours off (or no wait at all) on a machine outside UTC.
    expect(Date.now()).toBeGreaterThanOrEqual(resetAt - 5);
    expect(Date.now()).toBeLessThan(resetAt + 2_000);
  });
});

describe('a DELETE whose answer was lost', () => {
  const socketError = () => Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });

  it('counts a 404 on the retry as done: the first attempt deleted it', async () => {
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .replyWithError(socketError());
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .reply(404, { detail: 'Not found.' });
    await expect(api.delete(CONFS, 9)).resolves.toBeUndefined();
    expect(events.map((e) => [e.attempt, e.status, e.error?.name])).toEqual([
      [1, undefined, 'NetworkError'],
      [2, 404, undefined],
    ]);
  });

  it('but a 404 after a 503 or a refused connection is a real 404', async () => {
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .reply(503, { detail: 'Service temporarily unavailable.' });
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .reply(404, { detail: 'Not found.' });
    expect((await failure<ApiError>(api.delete(CONFS, 9))).status).toBe(404);
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    pool()
      .intercept({ path: `${LIST}/9`, method: 'DELETE' })
      .reply(404, { detail: 'Not found.' });
    expect((await failure<ApiError>(api.delete(CONFS, 9))).status).toBe(404);
  });

  it('a PATCH whose answer was lost is not re-sent', async () => {
    pool()
      .intercept({ path: `${LIST}/9`, method: 'PATCH' })
      .replyWithError(socketError());
    const e = await failure<NetworkError>(api.patch(CONFS, 9, { active: true }));
    expect(e).toMatchObject({ code: 'UND_ERR_SOCKET', mayHaveReached: true });
    expect(e.message).toBe(`PATCH ${LIST}/9: no answer from api.test (connection closed by the other side)`);
    expect(events).toHaveLength(1);
  });
});
