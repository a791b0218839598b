// The transport's rules in isolation: how long it waits, how undici failures map to typed errors,
// and two failures no emulator answer produces (a stalled body, an abort while the server thinks).
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, LimitError, NetworkError, TimeoutError, createApiClient, type Place } from '../../src/api/index.js';
import { retryDelay } from '../../src/api/index.js';
import { toClientError } from '../../src/api/transport.js';
import { waitFor } from '../helpers/emulator.js';
import { closeServer } from '../helpers/local-server.js';

const CONFS: Place = { kind: 'configuration' };
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const backoff = { baseDelayMs: 250, maxDelayMs: 30_000, random: () => 0.999999 };

describe('retryDelay', () => {
  it('draws full jitter below base·2^(attempt-1), capped at maxDelayMs', () => {
    expect(retryDelay({ ...backoff, random: () => 0 }, 3, undefined, NOW)).toBe(0);
    expect([1, 2, 3, 4].map((n) => retryDelay(backoff, n, undefined, NOW))).toEqual([249, 499, 999, 1999]);
    expect(retryDelay({ ...backoff, maxDelayMs: 600 }, 4, undefined, NOW)).toBe(599);
    expect(retryDelay(backoff, 2, { status: 503, headers: {} }, NOW)).toBe(499);
  });

  it('honours Retry-After in seconds or as an HTTP date, on 429 and 503', () => {
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'retry-after': '2' } }, NOW)).toBe(2000);
    expect(retryDelay(backoff, 1, { status: 503, headers: { 'retry-after': '1' } }, NOW)).toBe(1000);
    const date = new Date(NOW + 7000).toUTCString();
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'retry-after': date } }, NOW)).toBe(7000);
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'retry-after': new Date(NOW - 5000).toUTCString() } }, NOW)).toBe(0);
    expect(retryDelay({ ...backoff, maxDelayMs: 1500 }, 1, { status: 429, headers: { 'retry-after': '60' } }, NOW)).toBe(1500);
  });

  it('waits until X-RateLimit-Reset on a 429: Unix seconds or an ISO timestamp', () => {
    const unix = String((NOW + 42_000) / 1000);
    expect(retryDelay({ ...backoff, maxDelayMs: 60_000 }, 1, { status: 429, headers: { 'x-ratelimit-reset': unix } }, NOW)).toBe(42_000);
    const iso = new Date(NOW + 1234).toISOString();
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'x-ratelimit-reset': iso } }, NOW)).toBe(1234);
    // Retry-After wins when both are there; the reset means nothing on a 503.
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'retry-after': '3', 'x-ratelimit-reset': unix } }, NOW)).toBe(3000);
    expect(retryDelay(backoff, 1, { status: 503, headers: { 'x-ratelimit-reset': unix } }, NOW)).toBe(249);
    expect(retryDelay(backoff, 1, { status: 429, headers: { 'x-ratelimit-reset': 'soon' } }, NOW)).toBe(249);
  });
});

describe('toClientError', () => {
  const req = {
    method: 'GET' as const,
    url: new URL('http://127.0.0.1:4010/content_delivery/configurations'),
    secrets: ['secret-token-xyz'],
  };
  const settings = { timeouts: { connect: 5000, headers: 15_000, body: 120_000, stall: 30_000 } };
  const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

  it('maps undici connect and stall timeouts to TimeoutError with their phase, and its headers timeout to LimitError', () => {
    const connect = toClientError(withCode('UND_ERR_CONNECT_TIMEOUT'), req, settings) as TimeoutError;
    expect(connect).toBeInstanceOf(TimeoutError);
    expect(connect).toMatchObject({ phase: 'connect', timeoutMs: 5000 });
    expect(connect.message).toBe('GET /content_delivery/configurations: cannot reach 127.0.0.1:4010 (no connection within 5 s)');
    const headers = toClientError(withCode('UND_ERR_HEADERS_TIMEOUT'), req, settings);
    expect(headers).toBeInstanceOf(LimitError);
    expect(headers).toMatchObject({ limit: 'headers-time', value: 15_000, retryable: false, mayHaveReached: true });
    expect(headers.message).toBe('GET /content_delivery/configurations: no answer from 127.0.0.1:4010 within 15 s (--headers-timeout)');
    expect(toClientError(withCode('UND_ERR_BODY_TIMEOUT'), req, settings)).toMatchObject({ phase: 'body', timeoutMs: 30_000 });
  });

  it('maps socket and DNS failures to NetworkError, saying whether the request may have arrived', () => {
    const cases: Array<[string, boolean]> = [
      ['ECONNREFUSED', false],
      ['ENOTFOUND', false],
      ['UND_ERR_CLOSED', false],
      ['ECONNRESET', true],
      ['EPIPE', true],
      ['UND_ERR_SOCKET', true],
    ];
    for (const [code, reached] of cases) {
      const e = toClientError(withCode(code), req, settings) as NetworkError;
      expect(e).toBeInstanceOf(NetworkError);
      expect(e).toMatchObject({ code, retryable: true, mayHaveReached: reached });
    }
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    expect(toClientError(aggregate, req, settings)).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('keeps an unknown failure, not retryable, with the secret removed', () => {
    const e = toClientError(new TypeError('invalid header secret-token-xyz'), req, settings) as NetworkError;
    expect(e).toMatchObject({ code: 'UNKNOWN', retryable: false });
    expect(e.message).toBe('GET /content_delivery/configurations: no answer from 127.0.0.1:4010 (invalid header [redacted])');
  });

  it('maps an abort to AbortError', () => {
    const abort = Object.assign(new Error('Request aborted'), { code: 'UND_ERR_ABORTED', name: 'AbortError' });
    expect(toClientError(abort, req, settings)).toBeInstanceOf(AbortError);
  });
});

describe('against a server that stalls', () => {
  let server: Server | undefined;
  let agent: Agent | undefined;
  afterEach(async () => {
    await closeServer(server);
    await agent?.close();
  });

  async function stalling(onRequest: (res: ServerResponse) => void): Promise<{ url: string; requests: () => number }> {
    let count = 0;
    server = createServer((_req, res) => {
      count++;
      onRequest(res);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, requests: () => count };
  }

  it('gives a TimeoutError (body) when the answer stops half-way', async () => {
    const s = await stalling((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('[{"id": 1');
    });
    agent = new Agent();
    const api = createApiClient({ baseUrl: s.url, token: 'tok-stall-1234', dispatcher: agent, maxAttempts: 1, timeouts: { stall: 100 } });
    const e = (await api.list(CONFS).catch((x: unknown) => x)) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.phase).toBe('body');
    expect(e.message).toMatch(/^GET \/content_delivery\/configurations: the answer from 127\.0\.0\.1:\d+ stalled for 0\.1 s$/);
  });

  it('ends an attempt in flight on abort, and does not try again', async () => {
    const s = await stalling(() => undefined);
    agent = new Agent();
    const api = createApiClient({ baseUrl: s.url, token: 'tok-stall-1234', dispatcher: agent });
    const controller = new AbortController();
    const call = api.get(CONFS, 3, { signal: controller.signal });
    await waitFor(() => s.requests() === 1);
    controller.abort();
    const e = (await call.catch((x: unknown) => x)) as AbortError;
    expect(e).toBeInstanceOf(AbortError);
    expect(e.message).toBe('GET /content_delivery/configurations/3: cancelled');
    expect(s.requests()).toBe(1);
  });
});
