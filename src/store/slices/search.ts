// Find anywhere (UX.md §6): the palette also finds rules by path or behaviour and configurations
// by origin address, across all configurations. Their lists are fetched on demand, at most
// SEARCH_CONCURRENCY lists at a time (each page by page), put in the store in batches (a redraw
// per batch, not per list), with progress; what is loaded stays (cached) until reloaded, so a
// second search asks for nothing.
import { listKey, parseKey } from '../keys.js';
import type { SliceContext } from '../context.js';
import type { AppState } from '../create-store.js';

export const SEARCH_CONCURRENCY = 6;

export interface SearchActions {
  /** Loads the rules and origins of every configuration not loaded yet; resolves when all are in. */
  loadEverywhere(signal?: AbortSignal): Promise<void>;
}

export function searchSlice(ctx: SliceContext, get: () => AppState): SearchActions {
  let running: Promise<void> | undefined;
  return {
    loadEverywhere(signal) {
      running ??= (async () => {
        const confs = (get().lists.configurations?.keys ?? []).map((k) => parseKey(k).id!);
        const lists = confs.flatMap((c) => [listKey('rule', c), listKey('origin', c)]);
        try {
          await get().loadLists(lists, { concurrency: SEARCH_CONCURRENCY, signal, progress: (done, total) => ctx.set({ searching: { done, total } }) });
        } finally {
          ctx.set({ searching: undefined });
          running = undefined;
        }
      })();
      return running;
    },
  };
}
