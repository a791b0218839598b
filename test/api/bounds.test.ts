// The client's bounds against servers that would take it down: an answer too large (announced or
// not), an endless chunked answer, a body that trickles, headers that never come. Each is cut at
// its bound, with a LimitError that says which, after exactly one request (never retried).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, LimitError, createApiClient, type ClientOptions, type Place } from '../../src/api/index.js';
import { waitFor } from '../helpers/emulator.js';
import { closeServer } from '../helpers/local-server.js';

const CONFS: Place = { kind: 'configuration' };
const TOKEN = 'tok-bounds-5f2c9a';
const MIB = 2 ** 20;

let server: Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await closeServer(server);
  await agent?.close();
  server = undefined;
  agent = undefined;
});

interface Hostile {
  readonly api: ReturnType<typeof createApiClient>;
  /** Requests the server received. */
  readonly requests: () => number;
}

async function hostile(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  options: Partial<ClientOptions> = {},
): Promise<Hostile> {
  let count = 0;
  server = createServer((req, res) => {
    count++;
    answer(req, res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  agent = new Agent();
  // Retries without a wait, so a retry would show at once in the count.
  const api = createApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    token: TOKEN,
    dispatcher: agent,
    baseDelayMs: 1,
    maxDelayMs: 1,
    ...options,
  });
  return { api, requests: () => count };
}

async function failure(p: Promise<unknown>): Promise<LimitError> {
  const e = await p.then(
    () => new Error('expected the call to fail'),
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LimitError);
  return e as LimitError;
}

/** Writes `chunk` until `more()` says stop or the client goes, waiting for the socket to drain. */
function pour(res: ServerResponse, chunk: Buffer, more: (written: number) => boolean, onEnd: (finished: boolean) => void): void {
  let written = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
    onEnd(res.writableFinished);
  });
  const write = (): void => {
    while (!closed && more(written)) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    if (!closed) res.end();
  };
  write();
}

/** List items, ~64 KiB, poured again and again as one endless list. */
const RECORDS = Buffer.from(`${'{"id": 1, "name": "padding-padding-padding-padding-padding"}, '.repeat(1024)}`);

describe('the size of an answer', () => {
  it('cuts a 40 MiB answer at the default 32 MiB, reading no further, and says so', async () => {
    let ended: boolean | undefined;
    const s = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length to refuse it by
      res.write('[');
      pour(
        res,
        RECORDS,
        (n) => n < 40 * MIB,
        (finished) => (ended = finished),
      );
    });
    const before = process.memoryUsage().rss;
    const e = await failure(s.api.list(CONFS));
    expect(e).toMatchObject({ limit: 'size', value: 32 * MIB });
    expect(e.message).toBe('GET /content_delivery/configurations: the answer is larger than 32 MiB (--max-body)');
    // The client closed the connection before the server had written it all.
    await waitFor(() => ended !== undefined);
    expect(ended).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MIB);
    expect(s.requests()).toBe(1);
  });

  it('refuses an answer whose Content-Length is over the limit before reading it', async () => {
    let ended: boolean | undefined;
    const s = await hostile(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(8 * MIB) });
        pour(
          res,
          RECORDS,
          (n) => n < 8 * MIB,
          (finished) => (ended = finished),
        );
      },
      { maxBodyBytes: MIB },
    );
    const e = await failure(s.api.get(CONFS, 1));
    expect(e).toMatchObject({ limit: 'size', value: MIB, retryable: false });
    await waitFor(() => ended !== undefined);
    expect(ended).toBe(false);
    expect(s.requests()).toBe(1);
  });

  it('cuts an endless chunked answer at the limit, soon', async () => {
    let ended: boolean | undefined;
    const s = await hostile(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        pour(
          res,
          RECORDS,
          () => true,
          (finished) => (ended = finished),
        );
      },
      { maxBodyBytes: MIB },
    );
    const started = Date.now();
    const e = await failure(s.api.list(CONFS));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(e.message).toMatch(/the answer is larger than 1 MiB \(--max-body\)$/);
    await waitFor(() => ended !== undefined);
    expect(ended).toBe(false);
    expect(s.requests()).toBe(1);
  });

  it('reads an answer of exactly the limit', async () => {
    const body = Buffer.from(JSON.stringify({ id: 1, name: 'x'.repeat(1000) }));
    const s = await hostile((_req, res) => res.end(body), { maxBodyBytes: body.length });
    expect(await s.api.get(CONFS, 1)).toMatchObject({ id: 1 });
  });
});

describe('the time of an answer', () => {
  it('cuts a body that trickles a byte at a time at the whole-body deadline, though no pause is long', async () => {
    let closed = false;
    const s = await hostile(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 20);
        res.on('close', () => {
          clearInterval(timer);
          closed = true;
        });
      },
      { timeouts: { body: 600 } },
    );
    const started = Date.now();
    const e = await failure(s.api.list(CONFS));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(e).toMatchObject({ limit: 'body-time', value: 600 });
    expect(e.message).toMatch(
      /^GET \/content_delivery\/configurations: the answer from 127\.0\.0\.1:\d+ took longer than 0\.6 s to arrive \(--body-timeout\)$/,
    );
    await waitFor(() => closed);
    expect(s.requests()).toBe(1);
  });

  it('cuts a server that never answers at the headers limit, and does not ask again', async () => {
    const s = await hostile(() => undefined, { timeouts: { headers: 300 } });
    const started = Date.now();
    const e = await failure(s.api.list(CONFS));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(e).toMatchObject({ limit: 'headers-time', value: 300 });
    expect(e.message).toMatch(/no answer from 127\.0\.0\.1:\d+ within 0\.3 s \(--headers-timeout\)$/);
    expect(s.requests()).toBe(1);
  });
});

describe('the length of a list', () => {
  it('takes 200,000 records in one answer (a server that ignores paging), whole and in order', async () => {
    const N = 200_000;
    const body = Buffer.from(JSON.stringify(Array.from({ length: N }, (_, i) => ({ id: i + 1 }))));
    const s = await hostile((_req, res) => res.end(body));
    const all = await s.api.list(CONFS);
    expect(all.items).toHaveLength(N);
    expect(all.items.at(-1)).toEqual({ id: N });
    let read = 0;
    for await (const page of s.api.listPages(CONFS)) read += page.items.length;
    expect(read).toBe(N);
  });
});

describe('the depth of an error answer', () => {
  it('a 400 whose body nests 100,000 deep is still the 400, its body cut at a depth', async () => {
    const s = await hostile((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(`{"name": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    });
    const e = await s.api.get(CONFS, 1).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(400);
    expect(s.requests()).toBe(1);
  });
});
