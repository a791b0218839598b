// What the pre-flight of a review finds (docs/preflight.md): per request, what the API would refuse
// and what it would accept but should be looked at, each under the field to change.
import type { MessageCode } from '../../schema/index.js';
import type { DataState } from '../types.js';
import type { RecordKey } from '../keys.js';

/** `refused`: the API would refuse the request (y sends nothing while one stands); `warning`: it would take it, but look. */
export type Severity = 'refused' | 'warning';

/**
 * What the pre-flight says of a request that is not one of the API's refusals: the record is gone
 * from the server (404); someone changed it since the draft began (the send stops at it); a list it
 * is checked against could not be read; two requests of the send depend on their order; a
 * reference chosen by name that the record's configuration does not have (src/store/by-name.ts); a
 * request body larger than the API reads (413).
 */
export type PreflightCode = 'gone' | 'changed' | 'not_read' | 'order' | 'unresolved' | 'too_large';

export interface Finding {
  readonly severity: Severity;
  /** The field to change; '' for the request as a whole (a delete). */
  readonly field: string;
  /** The API's refusal (src/schema/messages.ts), a lint code (docs/lint.md), or the pre-flight's own. */
  readonly code: MessageCode | PreflightCode | (string & {});
  /** One sentence: the API's words for a refusal it would answer with. */
  readonly message: string;
  /** A warning of the lint (docs/lint.md): `code` is one `cdn-tui lint --ignore` takes. */
  readonly lint?: true;
  /** A value that must be unique: the record (as read) that has it already. */
  readonly holder?: RecordKey;
}

export interface Preflight {
  /** Per request of the send (by draft key), its findings, refusals first. */
  readonly findings: Readonly<Record<RecordKey, readonly Finding[]>>;
  /** Warnings on records the send does not touch, that the send brings (a cache setting left unused). */
  readonly general: readonly Finding[];
  /** Requests that would be refused. */
  readonly refused: number;
  /** Warnings, on requests or not. */
  readonly warnings: number;
}

/** What the pre-flight reads of the store: drafts, the server's records and lists as read. */
export type PreflightState = Pick<DataState, 'drafts' | 'records' | 'lists' | 'readAgain' | 'requests'>;
