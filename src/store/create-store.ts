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

export interface JournalActions {
  /** Writes the drafts to the journal (and the history of sent changes) now if a change is not on disk yet (at exit; the store does it before sending). */
  flushJournal(): void;
}

export type AppState = DataState & LoadActions & SearchActions & DraftActions & ApplyActions & DeleteActions & JournalActions & { readonly journalNotice?: string };

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  const restored = deps.journal.load();
  // A draft change is on disk within JOURNAL_DELAY_MS (with the changes made meanwhile), and at once on flush.
  const journal: JournalWriter = journalWriter(deps.journal, (): Readonly<Record<RecordKey, Draft>> => store.getState().drafts);
  // The history of sent changes goes to disk the same way: within the delay, all at once at exit.
  const history: JournalWriter = journalWriter(deps.history ?? createMemoryHistory(), (): readonly HistoryEntry[] => store.getState().history);
  const flush = () => {
    journal.flush();
    history.flush();
  };
  const store = createStore<AppState>()((set, get) => {
    const ctx: SliceContext = { set, get, deps, now: deps.now ?? Date.now, flushJournal: journal.flush, historyChanged: history.changed };
    return {
      records: {},
      lists: {},
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
  });
  // Waits for the rate limit are the store's to show (the status line, `apply`'s lines on stderr).
  const budget = deps.api.budget;
  budget?.subscribe(() => {
    const [pacing] = budget.pacing();
    store.setState(pacing ? { pacing } : { pacing: undefined });
  });
  return store;
}
