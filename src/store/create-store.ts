// The app's one store: a vanilla zustand store made by a factory, testable without React.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SliceContext, StoreDeps } from './context.js';
import { applySlice, type ApplyActions } from './slices/apply.js';
import { deleteSlice, type DeleteActions } from './slices/delete.js';
import { draftSlice, type DraftActions } from './slices/drafts.js';
import { loadSlice, type LoadActions } from './slices/load.js';
import type { DataState } from './types.js';

export type AppState = DataState & LoadActions & DraftActions & ApplyActions & DeleteActions & { readonly journalNotice?: string };

export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  const restored = deps.journal.load();
  const store = createStore<AppState>()((set, get) => {
    const ctx: SliceContext = { set, get, deps, now: deps.now ?? Date.now };
    return {
      records: {},
      lists: {},
      drafts: restored.drafts,
      blanks: {},
      requests: {},
      fieldErrors: {},
      conflicts: {},
      connection: { online: true },
      ...(restored.notice ? { journalNotice: restored.notice } : {}),
      ...loadSlice(ctx),
      ...draftSlice(ctx),
      ...applySlice(ctx),
      ...deleteSlice(ctx, get),
    };
  });
  // Every draft change goes to disk at once.
  store.subscribe((state, previous) => {
    if (state.drafts !== previous.drafts) deps.journal.save(state.drafts);
  });
  return store;
}
