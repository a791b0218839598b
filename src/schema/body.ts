// The largest request body the API takes (docs/api.md §2: 413 past it), and a body's size as it
// goes on the wire: the emulator refuses past it, the pre-flight says so before anything is sent,
// and a purge is split to stay under it.

/** The most bytes of a request body the API reads (1 MiB). */
export const MAX_BODY_BYTES = 1 << 20;

/** The bytes of `body` as the client sends it (JSON without spaces, UTF-8). */
export function bodyBytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body) ?? '', 'utf8');
}
