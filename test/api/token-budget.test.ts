// One rate budget per token (docs/api.md §5.2): clients of one process on the same base URL and token
// pace through one budget — a window one of them spent holds the other's requests — while another
// token, or another API, has its own; a new login moves a client to its new token's budget; and a
// transport cannot be made without a budget (null says unpaced, on purpose).
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotSentError, createApiClient, tokenBudget, type TokenClient } from '../../src/api/index.js';
import { send, transportSettings } from '../../src/api/transport.js';

const ORIGIN = 'http://budget.test';
const CONFS = { kind: 'configuration' } as const;
const PATH = '/content_delivery/configurations';

let mock: MockAgent;
// A token of each test's own: the budgets live as long as the process (this test file).
let n = 0;
let token: string;

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  token = `budget-token-${++n}-${Date.now()}`;
});
afterEach(async () => {
  await mock.close();
});

/** The window of the read lane spent until a minute from now. */
const spent = () => ({
  'x-ratelimit-limit': '1',
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
});
const client = (baseUrl: string, tok = token): TokenClient => createApiClient({ baseUrl, token: tok, dispatcher: mock });

/** A list call that must wait for the budget: it is held (the budget says so), then stopped unsent. */
async function expectHeld(api: TokenClient): Promise<void> {
  const stop = new AbortController();
  const held = api.list(CONFS, { stop: stop.signal });
  await vi.waitFor(() => expect(api.budget?.pacing().map((p) => [p.lane, p.limit])).toEqual([['read', 1]]));
  stop.abort();
  await expect(held).rejects.toBeInstanceOf(NotSentError);
}

describe('one budget per token', () => {
  it('is the same budget for the same base URL and token, another for another token or API', () => {
    expect(tokenBudget(ORIGIN, token)).toBe(tokenBudget(ORIGIN, token));
    expect(tokenBudget(ORIGIN, token)).not.toBe(tokenBudget(ORIGIN, `${token}-other`));
    expect(tokenBudget(ORIGIN, token)).not.toBe(tokenBudget('http://other.test', token));
  });

  it('holds a second client on the token once the first has spent the window (a trailing slash is the same API)', async () => {
    const first = client(`${ORIGIN}/`);
    const second = client(ORIGIN);
    mock.get(ORIGIN).intercept({ path: PATH, method: 'GET' }).reply(200, [], { headers: spent() });
    await first.list(CONFS);
    // The first client's spent window shows in the second's pacing too: it never sends.
    await expectHeld(second);
    mock.assertNoPendingInterceptors();
  });

  it('lets a client on another token, or on another API, go at once', async () => {
    mock.get(ORIGIN).intercept({ path: PATH, method: 'GET' }).reply(200, [], { headers: spent() });
    await client(ORIGIN).list(CONFS);
    mock
      .get(ORIGIN)
      .intercept({ path: PATH, method: 'GET' })
      .reply(200, [{ id: 1 }]);
    expect((await client(ORIGIN, `${token}-other`).list(CONFS)).items).toEqual([{ id: 1 }]);
    mock
      .get('http://other.test')
      .intercept({ path: PATH, method: 'GET' })
      .reply(200, [{ id: 2 }]);
    expect((await client('http://other.test').list(CONFS)).items).toEqual([{ id: 2 }]);
    mock.assertNoPendingInterceptors();
  });

  it('moves a client to its new token’s budget on a new login, its pacing listeners with it', async () => {
    const api = client(ORIGIN);
    const heard = vi.fn();
    api.budget?.subscribe(heard);
    mock.get(ORIGIN).intercept({ path: PATH, method: 'GET' }).reply(200, [], { headers: spent() });
    await api.list(CONFS);
    await expectHeld(api);
    const told = heard.mock.calls.length;
    api.setToken(`${token}-new`);
    expect(heard.mock.calls.length).toBeGreaterThan(told);
    expect(api.budget?.pacing()).toEqual([]);
    mock
      .get(ORIGIN)
      .intercept({ path: PATH, method: 'GET' })
      .reply(200, [{ id: 3 }]);
    expect((await api.list(CONFS)).items).toEqual([{ id: 3 }]);
    // Another client on the old token is still held by the old one's window.
    await expectHeld(client(ORIGIN));
    mock.assertNoPendingInterceptors();
  });

  it('is none only when asked for: budget null sends at once', async () => {
    const unpaced = createApiClient({ baseUrl: ORIGIN, token, dispatcher: mock, budget: null });
    expect(unpaced.budget).toBeUndefined();
    mock.get(ORIGIN).intercept({ path: PATH, method: 'GET' }).reply(200, [], { headers: spent() }).times(2);
    await unpaced.list(CONFS);
    await unpaced.list(CONFS);
    mock.assertNoPendingInterceptors();
  });
});

describe('the transport', () => {
  it('cannot be made without a budget: the type asks for one, and so does the run time', async () => {
    // @ts-expect-error -- a transport without a budget does not compile
    expect(() => transportSettings({ baseUrl: ORIGIN, token, dispatcher: mock })).toThrow(/rate budget/);
    const settings = transportSettings({ baseUrl: ORIGIN, token, dispatcher: mock, budget: null });
    const { budget: _budget, ...without } = settings;
    const request = { method: 'GET' as const, url: new URL(ORIGIN + PATH), authorization: `Token ${token}`, secrets: [token] };
    // @ts-expect-error -- nor does sending through one
    await expect(send(without, request)).rejects.toThrow(/rate budget/);
  });
});
