// When the drafts go to the journal. Writing them at every change put a file write and an fsync on
// every key (hundreds for a bulk edit of 200 marked rows): instead a change is written at most
// JOURNAL_DELAY_MS later, together with every change made meanwhile, in the background (the write
// and fsync off the main thread, so neither a key nor a frame waits for the disk). So a kill -9
// loses at most that long of typing. `flush()` writes at once, synchronously, what is not on disk
// yet: at exit, and before a request is sent that a draft depends on (a new record marked
// `maybeSent` must be on disk before its POST goes, or a crash could create it twice).
// The same writer keeps the history of sent changes (history.ts).

/** The longest a draft change waits before it is written. */
export const JOURNAL_DELAY_MS = 100;

export interface JournalWriter {
  /** The drafts changed: they are written within the delay. */
  changed(): void;
  /** Writes now, and is done when it returns, if a change is not on disk yet; nothing otherwise. */
  flush(): void;
}

/** Where a writer puts its value: at once (`save`), or off the main thread when it can. */
export interface WriteTarget<T> {
  save(value: T): void;
  saveInBackground?(value: T): Promise<void>;
}

/** Writes `drafts()` (the newest, read when written) to `journal`, coalescing changes. */
export function journalWriter<T>(journal: WriteTarget<T>, drafts: () => T, delayMs = JOURNAL_DELAY_MS): JournalWriter {
  let dirty = false; // a change not written yet
  let writing: Promise<void> | undefined; // the newest background write, until it is on disk
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    if (!dirty) return;
    if (!journal.saveInBackground) {
      journal.save(drafts());
      dirty = false; // only once written: a failed write is tried again at the next change or flush
      return;
    }
    dirty = false;
    const w = journal.saveInBackground(drafts());
    writing = w;
    const done = () => {
      if (writing === w) writing = undefined;
    };
    w.then(done, (e: unknown) => {
      done();
      dirty = true; // tried again at the next change or flush; the failure is not hidden either
      throw e;
    });
  };
  return {
    changed() {
      dirty = true;
      timer ??= setTimeout(write, delayMs);
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      if (!dirty && !writing) return;
      journal.save(drafts()); // a background write still under way is superseded by this one
      dirty = false;
      writing = undefined;
    },
  };
}
