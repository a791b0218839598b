// Typed errors from real answers of the emulator, network failures, and the token kept out of all of them.
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { Agent, MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ClientError,
  NetworkError,
  createApiClient,
  redact,
  type ApiClient,
  type Place,
} from '../../src/api/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

const TOKEN = 'errors-test-token-5f3a9c1e7b';
const CONFS: Place = { kind: 'configuration' };
const emu = emulatorFixture(['--seed', 'demo', '--token', TOKEN, '--token', 'T=view']);
let agent: Agent;
let api: ApiClient;

beforeAll(async () => {
  agent = new Agent();
  api = createApiClient({ baseUrl: emu.url, token: TOKEN, dispatcher: agent, maxAttempts: 1 });
});
afterAll(async () => {
  await agent?.close();
});

async function failure<T extends Error>(p: Promise<unknown>): Promise<T> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof Error)) throw new Error('expected the call to fail');
  return e as T;
}

/** Every text a user or a log could see of an error. */
function everyText(e: Error): string {
  const cause = e.cause instanceof Error ? `${e.cause.message}\n${e.cause.stack}` : String(e.cause);
  return [e.message, e.stack, cause, JSON.stringify(e), inspect(e, { depth: Infinity, showHidden: true })].join('\n');
}

describe('ApiError from the emulator', () => {
  it('carries the field map of a 400 beside each field, in one readable sentence', async () => {
    const id = (await api.list(CONFS)).items[0]!.id as number;
    const e = await failure<ApiError>(api.patch(CONFS, id, { name: '' }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(ClientError);
    expect(e).toMatchObject({ status: 400, method: 'PATCH', url: `${emu.url}/content_delivery/configurations/${id}` });
    expect(e.fieldErrors).toEqual({ name: ['This field may not be blank.'] });
    expect(e.detail).toBeUndefined();
    expect(e.body).toEqual({ name: ['This field may not be blank.'] });
    expect(e.message).toBe(`PATCH /content_delivery/configurations/${id}: 400 Bad Request — name: This field may not be blank.`);
  });

  it('names every bad field of a create', async () => {
    const e = await failure<ApiError>(api.create(CONFS, { name: 'x', origin_address: 'not an address!', origin_host_header: 'a b' }));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors).sort()).toEqual(['origin_address', 'origin_host_header']);
    expect(e.message).toMatch(/^POST \/content_delivery\/configurations: 400 Bad Request — origin_address: .+\. origin_host_header: .+/);
  });

  it('gives the detail of a 404', async () => {
    const e = await failure<ApiError>(api.get(CONFS, 999_999));
    expect(e).toMatchObject({ status: 404, detail: 'Not found.', fieldErrors: {} });
    expect(e.message).toBe('GET /content_delivery/configurations/999999: 404 Not Found — Not found.');
  });

  it('gives the 409 of deleting a cache setting that rules use, and nothing is removed', async () => {
    let found: { conf: number; cs: number } | undefined;
    for (const conf of (await api.list(CONFS)).items) {
      const rule = (await api.list({ kind: 'rule', conf: conf.id as number })).items.find((r) => r.cache_settings_id !== null);
      if (rule) found = { conf: conf.id as number, cs: rule.cache_settings_id as number };
      if (found) break;
    }
    expect(found, 'the demo data has a rule using a cache setting').toBeDefined();
    const place: Place = { kind: 'cache_setting', conf: found!.conf };
    const e = await failure<ApiError>(api.delete(place, found!.cs));
    expect(e.status).toBe(409);
    expect(e.detail).toMatch(new RegExp(`^Cache setting ${found!.cs} is used by rules? [\\d, ]+\\.$`));
    expect(e.message).toBe(
      `DELETE /content_delivery/configurations/${found!.conf}/cache_settings/${found!.cs}: 409 Conflict — ${e.detail}`,
    );
    await expect(api.get(place, found!.cs)).resolves.toMatchObject({ id: found!.cs });
  });

  it('gives 401 for an unknown token, without the token', async () => {
    const wrong = 'not-a-known-token-8d1b6e0f44';
    const other = createApiClient({ baseUrl: emu.url, token: wrong, dispatcher: agent });
    const e = await failure<ApiError>(other.list(CONFS));
    expect(e).toMatchObject({ status: 401, detail: 'Invalid token.' });
    expect(e.message).toBe('GET /content_delivery/configurations: 401 Unauthorized — Invalid token.');
    expect(everyText(e)).not.toContain(wrong);
  });

  it('gives 403 when a view-only token writes', async () => {
    const viewer = createApiClient({ baseUrl: emu.url, token: 'T', dispatcher: agent });
    const id = (await viewer.list(CONFS)).items[0]!.id as number;
    const e = await failure<ApiError>(viewer.patch(CONFS, id, { active: false }));
    expect(e).toMatchObject({ status: 403, detail: 'You do not have permission to perform this action.' });
    expect(e.message).toBe(
      `PATCH /content_delivery/configurations/${id}: 403 Forbidden — You do not have permission to perform this action.`,
    );
  });
});

describe('NetworkError', () => {
  it('says the address cannot be reached when nothing listens (ECONNREFUSED)', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));
    const closed = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, maxAttempts: 1 });
    const e = await failure<NetworkError>(closed.get(CONFS, 7));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e).toMatchObject({ code: 'ECONNREFUSED', method: 'GET', url: `http://127.0.0.1:${port}/content_delivery/configurations/7` });
    expect(e.message).toBe(`GET /content_delivery/configurations/7: cannot reach 127.0.0.1:${port} (connection refused)`);
    expect(e.cause).toBeInstanceOf(Error);
  });
});

describe('the token in no error', () => {
  it('redact() masks each secret and its URL-encoded form, and leaves tiny ones alone', () => {
    expect(redact(`Token ${TOKEN} and ${TOKEN}`, TOKEN)).toBe('Token [redacted] and [redacted]');
    expect(redact('a/b c?d=secret pass', ['secret pass'])).toBe('a/b c?d=[redacted]');
    expect(redact('x=secret%20pass', ['secret pass'])).toBe('x=[redacted]');
    expect(redact('GET /x', 'T')).toBe('GET /x');
  });

  it('keeps the token out of answers that echo it and out of underlying errors', async () => {
    const mock = new MockAgent();
    mock.disableNetConnect();
    const pool = mock.get('http://api.test');
    pool
      .intercept({ path: '/content_delivery/configurations/1', method: 'GET' })
      .reply(401, { detail: `Invalid token ${TOKEN}.`, token: [`${TOKEN} is unknown`] });
    pool.intercept({ path: '/content_delivery/configurations/2', method: 'GET' }).reply(502, `<html>bad gateway for Token ${TOKEN}</html>`);
    pool
      .intercept({ path: '/content_delivery/configurations/3', method: 'GET' })
      .replyWithError(Object.assign(new Error(`socket hang up (Token ${TOKEN})`), { code: 'ECONNRESET' }));
    const client = createApiClient({ baseUrl: 'http://api.test', token: TOKEN, dispatcher: mock, maxAttempts: 1 });

    const echoed = await failure<ApiError>(client.get(CONFS, 1));
    expect(echoed.detail).toBe('Invalid token [redacted].');
    expect(echoed.fieldErrors).toEqual({ token: ['[redacted] is unknown'] });
    const html = await failure<ApiError>(client.get(CONFS, 2));
    expect(html.status).toBe(502);
    expect(html.message).toBe('GET /content_delivery/configurations/2: 502 Bad Gateway');
    const reset = await failure<NetworkError>(client.get(CONFS, 3));
    expect(reset).toMatchObject({ code: 'ECONNRESET' });
    expect((reset.cause as Error).message).toBe('socket hang up (Token [redacted])');
    for (const e of [echoed, html, reset]) expect(everyText(e)).not.toContain(TOKEN);
    await mock.close();
  });

  it('keeps the token out of errors from the emulator, a closed port and an abort', async () => {
    const errors: Error[] = [];
    errors.push(await failure(api.get(CONFS, 999_999)));
    errors.push(await failure(api.create(CONFS, { name: '' })));
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN, maxAttempts: 1 });
    errors.push(await failure(closed.list(CONFS)));
    const aborted = AbortSignal.abort();
    errors.push(await failure(api.list(CONFS, { signal: aborted })));
    expect(errors[3]).toBeInstanceOf(AbortError);
    for (const e of errors) {
      expect(e).toBeInstanceOf(ClientError);
      expect(everyText(e)).not.toContain(TOKEN);
    }
  });
});
