// Request and answer plumbing: JSON answers, HTTP errors as values, the body with its checks (docs/api.md §1–2).
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';

export const MAX_BODY = MAX_BODY_BYTES;

export interface Reply {
  readonly status: number;
  /** Serialised with JSON.stringify unless `raw` is given; undefined: empty body (204). */
  readonly body?: unknown;
  /** A pre-serialised JSON body (cached lists). */
  readonly raw?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** An error answer thrown from anywhere in a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String(body.detail) : `HTTP ${status}`);
  }

  toReply(): Reply {
    return { status: this.status, body: this.body, headers: this.headers };
  }
}

/**
 * The client closed its connection before its request body had all arrived: there is no one left to
 * answer (logged as 499, docs/api.md §5), and nothing went wrong on this side.
 */
export class ClientGone extends Error {
  constructor(cause: unknown) {
    super('the client closed the connection during its request', { cause });
  }
}

export const notFound = () => new HttpError(404, { detail: 'Not found.' });

export function badRequest(body: unknown): HttpError {
  return new HttpError(400, body);
}

/** What a write's body was, for the log: the parsed value, or the start of the text when it was not JSON. */
export interface BodyNote {
  value?: unknown;
  text?: string;
}

/** Reads a JSON body: 415 unless application/json, 413 past 1 MiB, 400 when not JSON. */
export async function readJsonBody(req: IncomingMessage, note: BodyNote): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    const shown = type === '' ? 'no Content-Type' : `"${type.slice(0, 100)}"`;
    throw new HttpError(415, { detail: `Unsupported media type ${shown} in request: send application/json.` });
  }
  const tooLarge = () => new HttpError(413, { detail: 'Request body is too large (1 MiB at most).' }, { connection: 'close' });
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      // Bytes: nothing has set an encoding on the request.
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > MAX_BODY) throw tooLarge();
      chunks.push(bytes);
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    // A request stream fails only when its connection does (reset, closed before Content-Length
    // bytes came, a broken chunked body): the client will read no answer.
    throw new ClientGone(e);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    note.value = JSON.parse(text);
    return note.value;
  } catch (e) {
    note.text = text.slice(0, 2000);
    const why = text.trim() === '' ? 'the body is empty' : errorMessage(e);
    throw badRequest({ detail: `JSON parse error - ${why}` });
  }
}
