// The app's one store: a vanilla zustand store made by a factory, testable without React.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SliceContext, StoreDeps } from './context.js';
import { applySlice, type ApplyActions } from './slices/apply.js';
import { deleteSlice, type DeleteActions } from './slices/delete.js';
import { draftSlice, type DraftActions } from './slices/drafts.js';
import { loadSlice, type LoadActions } from './slices/load.js';
import { searchSlice, type SearchActions } from './slices/search.js';
import { createMemoryHistory, HISTORY_LIMIT, type HistoryEntry } from './history.js';
import { journalWriter, type JournalWriter } from './journal-writer.js';
import type { RecordKey } from './keys.js';
import type { DataState, Draft } from './types.js';
import { keptState, type KeepSnapshot } from './keep/format.js';

/**
 * The longest a change of the lists waits before the keep is written: long enough that a find
 * loading lists in batches writes once or twice a second, not at every batch.
 */
export const KEEP_DELAY_MS = 1000;

export interface JournalActions {
  /** Writes the drafts to the journal (and the history of sent changes, and the kept lists) now if a change is not on disk yet (at exit; the store does it before sending). */
  flushJournal(): void;
}

export type AppState = DataState & LoadActions & SearchActions & DraftActions & ApplyActions & DeleteActions & JournalActions & { readonly journalNotice?: string };

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  const restored = deps.journal.load();
  // Lists kept by an earlier session are there from the start (marked kept, with their age).
  const kept = keptState(deps.keep?.load() ?? []);
  // A draft change is on disk within JOURNAL_DELAY_MS (with the changes made meanwhile), and at once on flush.
  const journal: JournalWriter = journalWriter(deps.journal, (): Readonly<Record<RecordKey, Draft>> => store.getState().drafts);
  // The history of sent changes goes to disk the same way: within the delay, all at once at exit.
  const history: JournalWriter = journalWriter(deps.history ?? createMemoryHistory(), (): readonly HistoryEntry[] => store.getState().history);
  // The lists go to the keep the same way, a little later, and at exit.
  const keep = deps.keep && journalWriter(deps.keep, (): KeepSnapshot => store.getState(), KEEP_DELAY_MS);
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
      ...loadSlice(ctx),
      ...draftSlice(ctx),
      ...applySlice(ctx),
      ...deleteSlice(ctx, get),
      ...searchSlice(ctx, get),
      flushJournal: flush,
    };
  });
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
