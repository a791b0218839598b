// When the drafts go to the journal. Writing them at every change put a file write and an fsync on
// every key (hundreds for a bulk edit of 200 marked rows): instead a change is written at most
// JOURNAL_DELAY_MS later, together with every change made meanwhile, outside the key's handling.
// So a kill -9 loses at most that long of typing. `flush()` writes at once what is not on disk
// yet: at exit, and before a request is sent that a draft depends on (a new record marked
// `maybeSent` must be on disk before its POST goes, or a crash could create it twice).
import type { DraftJournal } from './journal.js';
import type { RecordKey } from './keys.js';
import type { Draft } from './types.js';

/** The longest a draft change waits before it is on disk. */
export const JOURNAL_DELAY_MS = 100;

export interface JournalWriter {
  /** The drafts changed: they are written within the delay. */
  changed(): void;
  /** Writes now if a change is not on disk yet; nothing otherwise. */
  flush(): void;
}

/** Writes `drafts()` (the newest, read when written) to `journal`, coalescing changes. */
export function journalWriter(journal: DraftJournal, drafts: () => Readonly<Record<RecordKey, Draft>>, delayMs = JOURNAL_DELAY_MS): JournalWriter {
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    journal.save(drafts());
    dirty = false; // only once written: a failed write is tried again at the next change or flush
  };
  return {
    changed() {
      dirty = true;
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}
