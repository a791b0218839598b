// The client's purge (docs/api.md §4.6): the exact request, the recorded 201 and 207 answers as outcomes,
// answers that are not one, and the purge lane of the budget (its own limits, apart from writes).
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NotSentError, UnexpectedResponseError, createApiClient, createRateBudget, type ApiClient } from '../../src/api/index.js';

const ORIGIN = 'http://api.test';
const TOKEN = 'purge-token-5b1e7c3a9d';

let mock: MockAgent;
let api: ApiClient;
const pool = () => mock.get(ORIGIN);

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  api = createApiClient({ baseUrl: `${ORIGIN}/`, token: TOKEN, dispatcher: mock, maxDelayMs: 5 });
});
afterEach(async () => {
  await mock.close();
});

describe('purge', () => {
  it('sends {"urls", "method": "delete"} to /purge/<kind> and reads a 201 as one accepted group of every URL', async () => {
    let sent: unknown;
    pool()
      .intercept({ path: '/purge/url', method: 'POST' })
      .reply(201, (opts) => {
        sent = JSON.parse(String(opts.body));
        return { detail: 'Purge request successfully created' };
      });
    const out = await api.purge('url', ['www.a.com/foo.jpg', 'www.a.com/bar.jpg']);
    expect(sent).toEqual({ urls: ['www.a.com/foo.jpg', 'www.a.com/bar.jpg'], method: 'delete' });
    expect(out).toEqual({
      httpStatus: 201,
      groups: [
        {
          status: 201,
          statusLine: 'HTTP/1.1 201 CREATED',
          urls: ['www.a.com/foo.jpg', 'www.a.com/bar.jpg'],
          details: 'Purge request successfully created',
        },
      ],
    });
  });

  it('reads the recorded 207 into groups by status line', async () => {
    pool()
      .intercept({ path: '/purge/cachekey', method: 'POST' })
      .reply(207, [
        { status: 'HTTP/1.1 201 CREATED', urls: ['www.a.com/foo.jpg'], details: 'Purge request successfully created' },
        { status: 'HTTP/1.1 403 FORBIDDEN', urls: ['www.other.com/x.jpg'], details: 'Unauthorized domain for your account' },
      ]);
    const out = await api.purge('cachekey', ['www.a.com/foo.jpg', 'www.other.com/x.jpg']);
    expect(out.httpStatus).toBe(207);
    expect(out.groups.map((g) => [g.status, g.statusLine, g.urls, g.details])).toEqual([
      [201, 'HTTP/1.1 201 CREATED', ['www.a.com/foo.jpg'], 'Purge request successfully created'],
      [403, 'HTTP/1.1 403 FORBIDDEN', ['www.other.com/x.jpg'], 'Unauthorized domain for your account'],
    ]);
  });

  it('says what is wrong with a 207 that is not a list of groups', async () => {
    pool()
      .intercept({ path: '/purge/url', method: 'POST' })
      .reply(207, [{ status: 'weird', urls: [] }]);
    const e = await api.purge('url', ['a.b/c']).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect((e as Error).message).toContain('group 1 has no status');
    expect((e as Error).message).not.toContain(TOKEN);
  });

  it('is an ApiError with the field errors on a 400, and is not sent again', async () => {
    pool()
      .intercept({ path: '/purge/wildcard', method: 'POST' })
      .reply(400, { urls: ['A wildcard purge takes one URL with *.'] });
    const e = await api.purge('wildcard', ['www.a.com/x']).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(400);
    expect((e as ApiError).message).toContain('A wildcard purge takes one URL with *.');
    mock.assertNoPendingInterceptors();
  });

  it('goes through a lane of its own: a spent write window does not hold a purge, a spent purge window holds it', async () => {
    const budget = createRateBudget();
    api = createApiClient({ baseUrl: ORIGIN, token: TOKEN, dispatcher: mock, budget });
    const reset = String(Math.ceil(Date.now() / 1000) + 60);
    const spent = { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset };
    pool().intercept({ path: '/content_delivery/configurations', method: 'POST' }).reply(201, { id: 1 }, { headers: spent });
    await api.create({ kind: 'configuration' }, { name: 'x' });
    pool().intercept({ path: '/purge/url', method: 'POST' }).reply(201, { detail: 'ok' }, { headers: spent });
    await api.purge('url', ['a.b/c']);
    expect(budget.pacing()).toEqual([]);
    const stop = new AbortController();
    const held = api.purge('url', ['a.b/d'], { stop: stop.signal });
    await vi.waitFor(() => expect(budget.pacing().map((p) => [p.lane, p.limit])).toEqual([['purge', 1]]));
    stop.abort();
    await expect(held).rejects.toBeInstanceOf(NotSentError);
    mock.assertNoPendingInterceptors();
  });
});
