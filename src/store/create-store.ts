// The app's one store: a vanilla zustand store made by a factory, testable without React.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SliceContext, StoreDeps } from './context.js';
import { applySlice, type ApplyActions } from './slices/apply.js';
import { deleteSlice, type DeleteActions } from './slices/delete.js';
import { draftSlice, type DraftActions } from './slices/drafts.js';
import { manySlice, type ManyActions } from './slices/many.js';
import { loadSlice, type LoadActions } from './slices/load.js';
import { searchSlice, type SearchActions } from './slices/search.js';
import { purgeSlice, type PurgeActions, type PurgeState } from './slices/purge.js';
import { createMemoryHistory, HISTORY_LIMIT, mergeHistory, type HistoryEntry } from './history.js';
import { delayedWriter, type DelayedWriter } from './delayed-writer.js';
import { diskProblem } from './disk-words.js';
import { codeOf, errorMessage } from '../util/errors.js';
import type { RecordKey } from './keys.js';
import type { DataState, Draft } from './types.js';
import { keptState, type KeepSnapshot } from './keep/format.js';

/**
 * The longest a change of the lists waits before the keep is written: long enough that a find
 * loading lists in batches writes once or twice a second, not at every batch.
 */
export const KEEP_DELAY_MS = 1000;

export interface JournalActions {
  /** Writes the drafts to the journal (and the history of sent changes, and the kept lists) now if a change is not on disk yet (at exit; the store does it before sending). Never throws. */
  flushJournal(): void;
  /**
   * Writes the drafts, in the journal's format, to a new file at `path` (when the journal cannot be
   * written): undefined once written, else why not, in words.
   */
  writeDraftsTo(path: string): string | undefined;
  /**
   * Adds to `history` what another cdn-tui on this profile sent since it was read (the file is
   * shared: docs/architecture.md); the history screen does it when it opens and at `r`.
   */
  readHistory(): void;
}

/** The journal's state beside the data: what the header and the quit question say. */
export interface JournalState {
  /** Said once at start: a journal set aside, drafts of ended sessions set aside. */
  readonly journalNotice?: string;
  /** The drafts cannot be written to disk now: why and where ("the disk is full, ~/.local/state/cdn-tui"); tried again every few seconds. */
  readonly journalProblem?: string;
  /** The history of sent changes could not be written (why and where; said once). */
  readonly historyProblem?: string;
  /** Where a file of drafts written elsewhere is copied to be offered again at the next start. */
  readonly restoreFile?: string;
  /** Other cdn-tui open on this profile now (checked every few seconds by the session). */
  readonly othersOpen?: number;
}

export type AppState = DataState &
  LoadActions &
  SearchActions &
  DraftActions &
  ManyActions &
  ApplyActions &
  DeleteActions &
  PurgeState &
  PurgeActions &
  JournalActions &
  JournalState;

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  const restored = deps.journal.load();
  // Lists kept by an earlier session are there from the start (marked kept, with their age).
  const kept = keptState(deps.keep?.load() ?? []);
  const folder = deps.journal.folder ?? 'the state folder';
  /** Sets a problem sentence (or clears it) when it changed: the header draws it. */
  const problem = (field: 'journalProblem' | 'historyProblem', e: unknown) => {
    const sentence = e === undefined ? undefined : diskProblem(e, folder);
    if (store.getState()[field] !== sentence) store.setState({ [field]: sentence });
  };
  // A draft change is on disk within JOURNAL_DELAY_MS (with the changes made meanwhile), and at once
  // on flush. A write that fails leaves the drafts in memory and is tried again (delayed-writer.ts).
  const journal: DelayedWriter = delayedWriter(
    deps.journal,
    (): Readonly<Record<RecordKey, Draft>> => store.getState().drafts,
    undefined,
    (e) => problem('journalProblem', e),
  );
  // The history of sent changes goes to disk the same way: within the delay, all at once at exit.
  // A history that cannot be written is said once (src/shell/journal-watch.ts); it is tried again like the journal.
  const history: DelayedWriter = delayedWriter(
    deps.history ?? createMemoryHistory(),
    (): readonly HistoryEntry[] => store.getState().history,
    undefined,
    (e) => {
      if (e !== undefined) problem('historyProblem', e);
    },
  );
  // The lists go to the keep the same way, a little later, and at exit.
  const keep = deps.keep && delayedWriter(deps.keep, (): KeepSnapshot => store.getState(), KEEP_DELAY_MS);
  const flush = () => {
    journal.flush();
    history.flush();
    keep?.flush();
  };
  const store = createStore<AppState>()((set, get) => {
    const ctx: SliceContext = { set, get, deps, now: deps.now ?? Date.now, flushJournal: journal.flush, historyChanged: history.changed };
    return {
      records: kept.records,
      lists: kept.lists,
      drafts: restored.drafts,
      history: (deps.history?.load() ?? []).slice(-HISTORY_LIMIT),
      blanks: {},
      moved: {},
      requests: {},
      fieldErrors: {},
      conflicts: {},
      connection: { online: true },
      ...(restored.notice ? { journalNotice: restored.notice } : {}),
      ...(restored.problem !== undefined ? { journalProblem: diskProblem(restored.problem, folder) } : {}),
      ...(deps.journal.restoreFile ? { restoreFile: deps.journal.restoreFile } : {}),
      ...loadSlice(ctx),
      ...draftSlice(ctx),
      ...manySlice(ctx),
      ...applySlice(ctx),
      ...deleteSlice(ctx, get),
      ...searchSlice(ctx, get),
      purges: {},
      ...purgeSlice(ctx),
      flushJournal: flush,
      readHistory: () => {
        const theirs = deps.history?.load() ?? [];
        set((s) => {
          const merged = mergeHistory(s.history, theirs); // ours first: an entry both have stays the one shown
          return merged.length === s.history.length && merged.every((e, i) => e === s.history[i]) ? {} : { history: merged };
        });
      },
      writeDraftsTo: (path) => {
        if (!deps.journal.writeCopy) return 'this journal cannot be written elsewhere';
        try {
          deps.journal.writeCopy(path, get().drafts);
          return undefined;
        } catch (e) {
          return codeOf(e) ? diskProblem(e, path) : errorMessage(e); // a file there already says so itself
        }
      },
    };
  });
  // A folder that could not be written at start is tried again like a failed write (every few
  // seconds), so the header clears once it can be written, drafts or none.
  if (restored.problem !== undefined) journal.changed();
  store.subscribe((state, previous) => {
    if (state.drafts !== previous.drafts) journal.changed();
    if (keep && (state.lists !== previous.lists || state.records !== previous.records)) keep.changed();
  });
  // Waits for the rate limit are the store's to show (the status line, `apply`'s lines on stderr).
  const budget = deps.api.budget;
  budget?.subscribe(() => {
    const [pacing] = budget.pacing();
    store.setState(pacing ? { pacing } : { pacing: undefined });
  });
  return store;
}
