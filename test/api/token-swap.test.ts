// A running client switched to a new token (a login inside the TUI, issue 21): later calls send
// it, a call already waiting between attempts sends it, and errors redact the new token as they
// did the old one, even when a server echoes it back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type TokenClient } from '../../src/api/index.js';
import { closeServer } from '../helpers/local-server.js';

const OLD = 'old-token-aaaa-1111';
const NEW = 'new-token-bbbb-2222';

let server: Server | undefined;
afterEach(async () => {
  await closeServer(server);
  server = undefined;
});

/** A server that answers each request with `answer` and notes the Authorization header it got. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    answer(req, res, seen.length);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, seen };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('setToken', () => {
  it('later calls send the new token; an error that echoes either token names neither', async () => {
    // A careless server that repeats the Authorization header in its error (and in a field error).
    const { url, seen } = await serve((req, res) =>
      json(res, 400, { detail: `bad: ${req.headers.authorization}`, name: [`not for ${req.headers.authorization}`] }),
    );
    const client: TokenClient = createApiClient({ baseUrl: url, token: OLD, maxAttempts: 1 });
    const before = await failure(client.get({ kind: 'configuration' }, 1));
    client.setToken(NEW);
    const after = await failure(client.get({ kind: 'configuration' }, 1));
    expect(seen).toEqual([`Token ${OLD}`, `Token ${NEW}`]);
    for (const e of [before, after]) {
      const shown = JSON.stringify([e.message, e.detail, e.body, e.fieldErrors, e.stack]);
      expect(shown).not.toContain(OLD);
      expect(shown).not.toContain(NEW);
      expect(shown).toContain('[redacted]');
    }
  });

  it('a call waiting between attempts when the token changes goes out with the new one', async () => {
    const { url, seen } = await serve((_req, res, n) =>
      n === 1 ? json(res, 503, { detail: 'Service temporarily unavailable.' }) : json(res, 200, { id: 1, name: 'a' }),
    );
    const client: TokenClient = createApiClient({
      baseUrl: url,
      token: OLD,
      baseDelayMs: 20,
      maxDelayMs: 50,
      // Told of the failed first attempt: the new login lands while the call waits to go again.
      onAttempt: (event) => {
        if (event.retryInMs !== undefined) client.setToken(NEW);
      },
    });
    await expect(client.get({ kind: 'configuration' }, 1)).resolves.toMatchObject({ id: 1 });
    expect(seen).toEqual([`Token ${OLD}`, `Token ${NEW}`]);
  });

  it('POST /tokens redacts the tokens in use besides the password', async () => {
    const { url } = await serve((req, res) => json(res, 500, { detail: `echo ${req.headers.authorization} and ${NEW}` }));
    const client = createApiClient({ baseUrl: url, token: OLD, maxAttempts: 1 });
    client.setToken(NEW);
    const e = await failure(client.createToken('alice', 'pass-word-9'));
    expect(e.message).not.toContain(NEW);
    expect(e.message).not.toContain(Buffer.from('alice:pass-word-9').toString('base64'));
  });
});
