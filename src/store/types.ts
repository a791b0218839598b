// The store's state: server copies, drafts, request state per key. Serialisable (no class instances).
import type { HistoryEntry } from './history.js';
import type { ConfigurationContents } from './clone.js';
import type { DraftTarget, FieldConflict, WriteRequest } from '../diff/index.js';
import type { FieldErrors, Rec } from '../schema/index.js';
import type { Pacing } from '../api/index.js';
import type { ListKey, RecordKey } from './keys.js';

export type RequestStatus = 'idle' | 'loading' | 'saving' | 'error';

export interface RequestState {
  readonly status: RequestStatus;
  /** The API's words (or the network problem) when status is error. */
  readonly message?: string;
  readonly at: number;
}

export interface ListState {
  readonly keys: readonly RecordKey[];
  readonly total: number;
  readonly loadedAt: number;
  /** True while a first load is still bringing pages in (the ones in `keys` are shown meanwhile). */
  readonly incomplete?: boolean;
  /**
   * From the keep (src/store/keep): read at `loadedAt` by an earlier session and not read again
   * since. Shown at once, marked with its age; never the base of a write (keep/fresh.ts).
   */
  readonly kept?: true;
}

export interface Draft {
  readonly target: DraftTarget;
  /** The server's record when the draft began (update, delete): what "someone else changed it" is measured against. */
  readonly base?: Rec;
  /** The whole record as I want it. */
  readonly values: Rec;
  readonly startedAt: number;
  readonly updatedAt: number;
  /** A create was sent once without an answer: before sending again, look for the record it made. */
  readonly maybeSent?: boolean;
  /** With maybeSent: the highest id in the list when the POST went; the record it made has a higher one. */
  readonly madeAfterId?: number;
  /** Sending was tried: a new record's missing required fields are shown as errors from then on. */
  readonly attempted?: boolean;
  /**
   * Ids this draft takes from records that other drafts create first (src/store/refs.ts): a field of
   * its values, or `conf` (the configuration it is in), → the key of the draft that makes it, or
   * FIRST_ORIGIN (its configuration's first origin). Until then the field holds a stand-in.
   */
  readonly refs?: Readonly<Record<string, RecordKey>>;
  /**
   * References chosen by name that the draft's configuration has no record of (src/store/by-name.ts):
   * field → the name. The field keeps its value meanwhile; the review refuses to send while one stands.
   */
  readonly unresolved?: Readonly<Record<string, string>>;
}

export interface Conflict {
  readonly theirs: Rec;
  readonly fields: readonly FieldConflict[];
}

export type ApplyResult =
  | {
      readonly key: RecordKey;
      readonly outcome: 'applied';
      readonly record?: Rec;
      readonly newKey?: RecordKey;
      /** A configuration deleted: what it held just before (read for the history). */
      readonly contents?: ConfigurationContents;
      /** A record deleted: as it was (what names it in the status line). */
      readonly gone?: Rec;
    }
  | { readonly key: RecordKey; readonly outcome: 'unchanged' }
  | { readonly key: RecordKey; readonly outcome: 'invalid'; readonly fieldErrors: FieldErrors }
  | { readonly key: RecordKey; readonly outcome: 'conflict'; readonly conflict: Conflict }
  /** Not sent: it needs a record an earlier draft of the same send was to make, and that one did not go. */
  | { readonly key: RecordKey; readonly outcome: 'held'; readonly message: string }
  | {
      readonly key: RecordKey;
      readonly outcome: 'failed';
      /** One sentence: the API's words, or what went wrong on the way. */
      readonly message: string;
      /** The HTTP status when the API answered. */
      readonly status?: number;
      /** The typed failure (ApiError, NetworkError, TimeoutError…): recognise causes by type and status, never by text. */
      readonly error: unknown;
      readonly fieldErrors?: FieldErrors;
    };

export interface Review {
  readonly key: RecordKey;
  readonly target: DraftTarget;
  readonly changes: ReadonlyArray<{ readonly field: string; readonly label: string; readonly before: unknown; readonly after: unknown }>;
  readonly request: WriteRequest | undefined;
  /** Fields (or `conf`) whose id comes from a record another draft makes first: what goes there, in words. */
  readonly refs?: Readonly<Record<string, string>>;
  /** The PATCH that follows the create, for fields a create cannot send (diff's followUp). */
  readonly then?: WriteRequest;
}

export interface Connection {
  readonly online: boolean;
  readonly lastSuccessAt?: number;
  readonly lastError?: string;
  /** What failed may go once tried again (no answer, a server error): the app tries again on its own (src/store/reconnect.ts). */
  readonly retryable?: boolean;
  /** When the next try goes (epoch ms), while one is waiting: the header counts down to it. */
  readonly retryAt?: number;
  /** When the API last rejected the token (401), until a call succeeds: the app offers to log in again. */
  readonly rejectedAt?: number;
}

export interface DataState {
  readonly records: Readonly<Record<RecordKey, Rec>>;
  readonly lists: Readonly<Record<ListKey, ListState>>;
  readonly drafts: Readonly<Record<RecordKey, Draft>>;
  /** New records whose form nobody has typed in yet: not pending, not journaled. */
  readonly blanks: Readonly<Record<RecordKey, Draft>>;
  readonly requests: Readonly<Record<string, RequestState>>;
  readonly fieldErrors: Readonly<Record<RecordKey, FieldErrors>>;
  readonly conflicts: Readonly<Record<RecordKey, Conflict>>;
  readonly connection: Connection;
  /** Every change sent, oldest first (the newest 1,000; src/store/history.ts). */
  readonly history: readonly HistoryEntry[];
  /** Progress of loadEverywhere (find anywhere): configurations whose lists the query needs are in, of all. */
  readonly searching?: { readonly done: number; readonly total: number };
  /** Records of a kept list read again on their own since (a configuration's settings opened before its list was). */
  readonly readAgain?: Readonly<Record<RecordKey, true>>;
  /** Keys of drafts in a configuration not created yet → their keys once it was (for screens that listed them). */
  readonly moved: Readonly<Record<RecordKey, RecordKey>>;
  /** Progress of applyMany: done of total. */
  readonly applying?: { readonly done: number; readonly total: number };
  /** Requests wait for the rate limit (writes first when both do): the lane, its limit and when the next may go. */
  readonly pacing?: Pacing;
}
