// Reading an answer's body within the client's bounds. undici's own `bodyTimeout` is the longest
// pause between two chunks, so a server that sends a byte a second would hold a request forever,
// and `body.text()` gathers whatever comes: here the bytes are counted as they arrive and the time
// of the whole body is watched, and the request is cut as soon as either bound is passed.
export interface BodyBounds {
  /** The most bytes an answer may carry. */
  readonly maxBytes: number;
  /** The longest the whole body may take, from the headers to its last byte. */
  readonly deadlineMs: number;
}

export interface BodyReading {
  /** The body as undici hands it over: a Readable of Buffers. */
  readonly body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown };
  /** The Content-Length the server announced, when it did. */
  readonly declaredLength: number | undefined;
  readonly bounds: BodyBounds;
  /** The error that says which bound was passed. */
  readonly over: (limit: 'size' | 'body-time') => Error;
  /** Cancels the request (and so closes its connection) with `reason`. */
  readonly cancel: (reason: Error) => void;
}

/** The whole body as UTF-8 text (a byte-order mark dropped), or throws `over(…)` once a bound is passed. */
export async function readBounded(reading: BodyReading): Promise<string> {
  const { body, bounds, over, cancel } = reading;
  let failure: Error | undefined;
  const stop = (limit: 'size' | 'body-time'): void => {
    failure ??= over(limit);
    cancel(failure);
    body.destroy(failure);
  };
  // A body announced too large is refused before a byte of it is read.
  if (reading.declaredLength !== undefined && reading.declaredLength > bounds.maxBytes) stop('size');
  const timer = failure ? undefined : setTimeout(() => stop('body-time'), bounds.deadlineMs);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    if (!failure) {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > bounds.maxBytes) {
          stop('size');
          break;
        }
        chunks.push(chunk);
      }
    }
  } catch (e) {
    throw failure ?? e;
  } finally {
    clearTimeout(timer);
  }
  if (failure) throw failure;
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, size));
}
