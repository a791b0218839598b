// When the drafts go to their journal, the history of sent changes to its file, the kept lists to
// theirs: one writer for the three. Writing the drafts at every change put a file write and an fsync on
// every key (hundreds for a bulk edit of 200 marked rows): instead a change is written at most
// JOURNAL_DELAY_MS later, together with every change made meanwhile, in the background (the write
// and fsync off the main thread, so neither a key nor a frame waits for the disk). So a kill -9
// loses at most that long of typing. `flush()` writes at once, synchronously, what is not on disk
// yet: at exit, and before a request is sent that a draft depends on (a new record marked
// `maybeSent` must be on disk before its POST goes, or a crash could create it twice).
// A write that fails (a full disk, a folder that cannot be written) never throws into the app: the
// value stays in memory, `onProblem` is told, and it is written again at the next change and every
// RETRY_MS until a write gets through (then `onProblem(undefined)`). Nothing waits on a timer
// while writes succeed.
// The same writer keeps the history of sent changes (history.ts) and the kept lists (keep/).

/** The longest a draft change waits before it is written. */
export const JOURNAL_DELAY_MS = 100;

/** While writes fail, how often they are tried again (besides at every change). */
export const RETRY_MS = 5000;

export interface DelayedWriter {
  /** The value changed: it is written within the delay. */
  changed(): void;
  /** Writes now, and is done when it returns, if a change is not on disk yet; nothing otherwise. Never throws. */
  flush(): void;
}

/** Where a writer puts its value: at once (`save`), or off the main thread when it can. */
export interface WriteTarget<T> {
  save(value: T): void;
  saveInBackground?(value: T): Promise<void>;
}

/** Told of each failed write (the error), and once a write gets through after failures (undefined). */
export type WriteProblem = (error: unknown) => void;

/** Writes `value()` (the newest, read when written) to `target`, coalescing changes. */
export function delayedWriter<T>(
  target: WriteTarget<T>,
  value: () => T,
  delayMs = JOURNAL_DELAY_MS,
  onProblem?: WriteProblem,
): DelayedWriter {
  let dirty = false; // a change not written yet (or a write that failed)
  let writing: Promise<void> | undefined; // the newest background write, until it is on disk
  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined; // set only while writes fail
  // Writes are numbered: an older write's outcome says nothing once a newer one has landed.
  let started = 0;
  let landed = 0;
  let failed = 0; // the newest write that failed, while failing
  const succeeded = (n: number) => {
    landed = Math.max(landed, n);
    if (failed === 0 || n < failed) return;
    failed = 0;
    clearTimeout(retry);
    retry = undefined;
    onProblem?.(undefined);
  };
  const failedWith = (n: number, e: unknown) => {
    if (n < landed) return; // a newer write is on disk
    dirty = true;
    failed = Math.max(failed, n);
    onProblem?.(e);
    retry ??= setTimeout(retryNow, RETRY_MS);
    retry.unref?.();
  };
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    const n = ++started;
    const now = value();
    if (!target.saveInBackground) {
      try {
        target.save(now);
        succeeded(n);
      } catch (e) {
        failedWith(n, e);
      }
      return;
    }
    const save = target.saveInBackground.bind(target);
    const w = (async () => save(now))(); // a throw before its first await is a rejection too
    writing = w;
    const done = () => {
      if (writing === w) writing = undefined;
    };
    w.then(
      () => {
        done();
        succeeded(n);
      },
      (e: unknown) => {
        done();
        failedWith(n, e);
      },
    );
  };
  function retryNow() {
    retry = undefined;
    if (failed === 0) return;
    dirty = true;
    write();
  }
  return {
    changed() {
      dirty = true;
      timer ??= setTimeout(write, delayMs);
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      if (!dirty && !writing) return;
      const n = ++started;
      try {
        target.save(value()); // a background write still under way is superseded by this one
        dirty = false;
        writing = undefined;
        succeeded(n);
      } catch (e) {
        failedWith(n, e);
      }
    },
  };
}
