// The app tries again on its own while the API gives no answer or a server error (issue 21): the
// schedule of waits (1 s doubling to 30 s), the countdown's `retryAt`, the first answer ending it,
// and what is not retried in a loop (a rejected token, a redirect, an answer of the wrong shape).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, LimitError, NetworkError, UnexpectedResponseError, createApiClient } from '../../src/api/index.js';
import { connectionAfter } from '../../src/store/context.js';
import { createAppStore, createMemoryJournal, type AppStore } from '../../src/store/index.js';
import { MAX_RETRY_MS, retryWait, startReconnect, type Reconnect } from '../../src/store/reconnect.js';

const init = { method: 'GET', url: 'http://127.0.0.1:1/content_delivery/configurations' };
const refused = () => new NetworkError({ ...init, code: 'ECONNREFUSED', host: '127.0.0.1:1' });
const rejected = () => new ApiError({ ...init, status: 401, body: { detail: 'Invalid token.' } });

describe('retryWait: the waits of a series of tries', () => {
  it('1 s, 2 s, 4 s, 8 s, 16 s, then 30 s each, however long it lasts', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(retryWait)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryWait(10_000)).toBe(MAX_RETRY_MS);
  });
});

describe('connectionAfter: which failures the app tries again on its own', () => {
  it.each([
    ['no answer (connection refused)', refused(), true],
    ['a server error (503)', new ApiError({ ...init, status: 503, body: undefined }), true],
    ['a dropped connection', new NetworkError({ ...init, code: 'ECONNRESET', host: '127.0.0.1:1' }), true],
    ['the token rejected (401)', rejected(), false],
    ['a redirect (301)', new ApiError({ ...init, status: 301, body: undefined, location: 'https://elsewhere.example/' }), false],
    ['an answer of the wrong shape', new UnexpectedResponseError({ ...init, status: 200, body: {} }, 'the answer is not a list'), false],
    ['an answer over a bound', new LimitError({ ...init, host: '127.0.0.1:1', limit: 'size', value: 1024 }), false],
    ['a certificate not trusted', new NetworkError({ ...init, code: 'DEPTH_ZERO_SELF_SIGNED_CERT', host: '127.0.0.1:1' }), false],
  ] as const)('%s: retryable %s', (_what, error, retryable) => {
    const after = connectionAfter({ online: true, lastSuccessAt: 5 }, error, 'why', 10);
    expect(after.retryable).toBe(retryable);
    expect(after.lastError).toBe('why');
  });

  it('a 401 says when the token was rejected (the login is offered); a try waiting is not kept', () => {
    expect(connectionAfter({ online: true, retryAt: 99 }, rejected(), 'why', 10)).toEqual({
      online: true,
      lastError: 'why',
      retryable: false,
      rejectedAt: 10,
    });
  });
});

describe('startReconnect', () => {
  let store: AppStore;
  let reconnect: Reconnect | undefined;
  let reads: number;
  /** What each read of the view does to the connection: fail (no answer) until `back`. */
  let back: boolean;

  const fail = (e: unknown = refused()) =>
    store.setState((s) => ({ connection: connectionAfter(s.connection, e, 'cannot reach 127.0.0.1:1', Date.now()) }));
  const succeed = () => store.setState({ connection: { online: true, lastSuccessAt: Date.now() } });
  /** Seconds until the try the header counts down to. */
  const shownIn = () => {
    const at = store.getState().connection.retryAt;
    return at === undefined ? undefined : (at - Date.now()) / 1000;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', token: 'test-token-1234' });
    store = createAppStore({ api, journal: createMemoryJournal() });
    reads = 0;
    back = false;
    reconnect = startReconnect({
      store,
      reread: async () => {
        reads++;
        await Promise.resolve();
        if (back) succeed();
        else fail();
      },
    });
  });
  afterEach(() => {
    reconnect?.stop();
    vi.useRealTimers();
  });

  it('no answer: reads the view again after 1, 2, 4, 8, 16, 30, 30 s with the countdown set, until the API answers; then nothing more', async () => {
    fail();
    const waits: Array<number | undefined> = [];
    for (let i = 0; i < 7; i++) {
      waits.push(shownIn());
      await vi.advanceTimersByTimeAsync((shownIn() ?? 0) * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(reads).toBe(7);
    back = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toBe(8);
    expect(store.getState().connection.online).toBe(true);
    expect(store.getState().connection.lastError).toBeUndefined();
    expect(store.getState().connection.retryAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads).toBe(8); // online: no timer, no read
  });

  it('a server error is tried again too; after the answer a new failure starts again at 1 s', async () => {
    fail(new ApiError({ ...init, status: 503, body: undefined }));
    expect(shownIn()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shownIn()).toBe(2);
    succeed(); // the user's r, say
    expect(shownIn()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toBe(1);
    fail();
    expect(shownIn()).toBe(1);
  });

  it('other calls failing meanwhile keep the countdown where it was (no extra tries, no faster schedule)', async () => {
    fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(shownIn()).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    fail();
    fail();
    expect(shownIn()).toBe(1.5);
    await vi.advanceTimersByTimeAsync(1500);
    expect(reads).toBe(2);
  });

  it('a rejected token is not tried again in a loop (the login is offered instead)', async () => {
    fail(rejected());
    expect(store.getState().connection.retryAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(0);
    expect(store.getState().connection.rejectedAt).toBeDefined();
  });

  it('retryNow reads at once, failing or not; a try waiting goes now, and the next waits longer', async () => {
    reconnect!.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1); // it failed: the series began
    expect(shownIn()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    reconnect!.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    expect(shownIn()).toBe(2);
  });

  it('stop: no more tries', async () => {
    fail();
    reconnect!.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(0);
  });
});
