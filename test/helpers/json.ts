// JSON answers of the emulator, narrowed from `unknown` with checks that fail loudly when the
// answer is not what a test expects.
import type { Reply } from './emulator.js';

/** A JSON object: a body to send, a record, a map of field errors. */
export type Json = Record<string, unknown>;

/** A record as the API answers it: its id, then the other fields. */
export type StoredRecord = Json & { readonly id: number };

export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStoredRecord(value: unknown): value is StoredRecord {
  return isJsonObject(value) && typeof value.id === 'number';
}

/** The record a 2xx answer carries; throws unless it is an object with a numeric id. */
export function storedRecord(reply: Reply, what: string): StoredRecord {
  const body: unknown = reply.body;
  if (!isStoredRecord(body)) throw new Error(`${what}: expected a record with an id, got: ${reply.text}`);
  return body;
}
