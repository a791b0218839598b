// The HTTP front of the emulator: faults, routing, authentication, permissions, rate limits, handlers,
// latency, the request log — in the order of docs/api.md §2.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeHttps } from '../util/builtins.js';
import { codeOf, errorMessage, errorStack } from '../util/errors.js';
import { diskReason, pathReason } from '../store/disk-words.js';
import { Auth, requirePermission, type Caller } from './auth.js';
import { ClientGone, HttpError, notFound, readJsonBody, type BodyNote, type Reply } from './http-util.js';
import type { ServeOptions } from './options.js';
import { RateLimiter, UNLIMITED, type RateLane } from './rate-limit.js';
import type { RequestLog } from './request-log.js';
import { locate } from './routes.js';
import type { Store } from './store.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The log's status for a request whose client closed the connection before it was answered (as nginx logs it). */
const CLIENT_CLOSED = 499;

interface Outcome {
  readonly reply: Reply;
  readonly note: BodyNote;
  /** The client closed the connection while its body was being read. */
  readonly gone?: boolean;
}

/** What OPTIONS answers (as the real service's framework does): the resource's name and the media types it speaks. */
function optionsBody(name: string) {
  return { name, description: '', renders: ['application/json'], parses: ['application/json'] };
}

/** --tls-cert/--tls-key that cannot be read, or are not a PEM certificate and its key: the emulator does not start. */
export class TlsFilesError extends Error {
  override name = 'TlsFilesError';
}

/** Why a log line could not be written, in words: `cannot write the log /x/requests.log: the disk is full`. */
function logProblem(target: string, e: unknown): string {
  return target === '-'
    ? `cannot write the log to stdout: ${diskReason(e)}`
    : `cannot write the log ${target}: ${pathReason(e, target, 'write')}`;
}

export function createApiServer(store: Store, options: ServeOptions, log: RequestLog | undefined): Server {
  const auth = new Auth(store.state, options.tokens, options.users);
  // Always on: without --rate-limit the limits are high, said on every answer and enforced.
  const limiter = new RateLimiter(options.rateLimit ?? UNLIMITED);

  async function handle(req: IncomingMessage): Promise<Outcome> {
    const note: BodyNote = {};
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator');
    // Allow and X-RateLimit-* go on every answer (docs/origins-and-purge.md): known as soon as can be.
    const extra: Record<string, string> = {};
    const located = locate(url.pathname);
    if (located) extra.allow = located.allow;
    let caller: Caller | undefined;
    let lane: RateLane = method === 'GET' || method === 'OPTIONS' ? 'read' : 'write';
    try {
      if (options.failRate > 0 && Math.random() < options.failRate) {
        throw new HttpError(503, { detail: 'Service temporarily unavailable.' }, { 'retry-after': '1' });
      }
      if (!located) throw notFound();
      const matched = located.match(method);
      if (matched.kind === 'tokens') {
        const { body, change } = auth.issue(req);
        await store.commit([change]);
        return { reply: { status: 201, body, headers: withLimits(extra, req, undefined, 'write') }, note };
      }
      if (matched.kind === 'api') lane = matched.lane;
      caller = auth.authenticate(req);
      if (matched.kind === 'options') {
        Object.assign(extra, limiter.take(caller.key, 'read'));
        return { reply: { status: 200, body: optionsBody(matched.name), headers: extra }, note };
      }
      requirePermission(caller, method);
      Object.assign(extra, limiter.take(caller.key, lane));
      const reply = await matched.handler({
        store,
        params: { conf: matched.conf, id: matched.id },
        query: url.searchParams,
        body: () => readJsonBody(req, note),
      });
      return { reply: { ...reply, headers: { ...extra, ...reply.headers } }, note };
    } catch (e) {
      if (e instanceof HttpError)
        return { reply: { ...e.toReply(), headers: { ...withLimits(extra, req, caller, lane), ...e.headers } }, note };
      if (e instanceof ClientGone) return { reply: { status: CLIENT_CLOSED }, note, gone: true };
      throw e;
    }
  }

  /** `headers` with the X-RateLimit-* of an answer not counted (refused before its count, or a login): the caller's, else its address's. */
  function withLimits(
    headers: Record<string, string>,
    req: IncomingMessage,
    caller: Caller | undefined,
    lane: RateLane,
  ): Record<string, string> {
    if (headers['x-ratelimit-limit'] !== undefined) return headers;
    return { ...headers, ...limiter.peek(caller?.key ?? `address:${req.socket.remoteAddress ?? ''}`, lane) };
  }

  function send(res: ServerResponse, reply: Reply): void {
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.status === 204) {
      res.writeHead(204, headers).end();
      return;
    }
    const text = reply.raw ?? JSON.stringify(reply.body);
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(reply.status, headers).end(text);
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    handle(req)
      .catch((e: unknown): Outcome => {
        process.stderr.write(`cdn-tui serve: internal error on ${req.method} ${req.url}: ${errorStack(e)}\n`);
        return { reply: { status: 500, body: { detail: 'Internal server error.' } }, note: {} };
      })
      .then(async ({ reply, note, gone }) => {
        if (options.latencyMs > 0 && !gone) await sleep(options.latencyMs);
        // Looked at after the work and the latency: a client may leave while its answer waits. Its
        // write may have been applied; the log keeps the status it would have had.
        const left = gone === true || res.destroyed;
        const reset = !left && options.resetRate > 0 && reply.status < 500 && Math.random() < options.resetRate;
        const method = req.method ?? '';
        try {
          log?.write({
            method,
            path: req.url ?? '',
            status: left ? CLIENT_CLOSED : reply.status,
            ...(left && !gone ? { unsent_status: reply.status } : {}),
            ms: Math.round((performance.now() - started) * 10) / 10,
            ...(WRITES.has(method) && note.value !== undefined ? { body: note.value } : {}),
            ...(WRITES.has(method) && note.text !== undefined ? { body_text: note.text } : {}),
            ...(reset ? { reset: true } : {}),
          });
        } catch (e) {
          // the answer matters more than its log line
          process.stderr.write(`cdn-tui serve: ${logProblem(options.log ?? '-', e)}\n`);
        }
        // Nothing is written to a connection the client has closed (or, for --reset-rate, one we drop).
        if (left || reset) {
          req.socket.destroy();
          return;
        }
        // An error answered before the body was read: drop the rest of it rather than parse it.
        if (!req.complete && reply.status >= 400) res.setHeader('connection', 'close');
        send(res, reply);
      })
      .catch((e: unknown) => process.stderr.write(`cdn-tui serve: ${errorMessage(e)}\n`));
  };
  const serverOptions = { keepAliveTimeout: 30_000, requestTimeout: 60_000 };
  if (!options.tls) return createServer(serverOptions, listener);
  // node:https is loaded only for --tls-cert: the demo (plain HTTP on loopback) starts without it.
  const { certFile, keyFile } = options.tls;
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new TlsFilesError(`cannot read the ${what} ${file}: ${pathReason(e, file, 'read')}`);
    }
  };
  const pair = { cert: read(certFile, 'TLS certificate'), key: read(keyFile, 'TLS key') };
  try {
    return nodeHttps().createServer({ ...serverOptions, ...pair }, listener);
  } catch (e) {
    throw new TlsFilesError(
      `--tls-cert ${certFile} and --tls-key ${keyFile} are not a PEM certificate and its private key (${codeOf(e) ?? errorMessage(e)})`,
    );
  }
}
