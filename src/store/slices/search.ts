// Find anywhere (docs/ux.md §6, §7): the palette also finds rules by path or behaviour and
// configurations by origin address, across all configurations. What is there (kept from an earlier
// session, or read already) answers at once; the lists not read in this session are read in the
// background of the rate limit, at most SEARCH_CONCURRENCY at a time, the rules of every
// configuration before any origins (a path is answered completely at half the requests), put in
// the store in batches (a redraw per batch, not per list). `searching` counts configurations: one
// counts once the lists the query needs are in. A second search asks for nothing.
import { listKey, parseKey, type ChildKind } from '../keys.js';
import type { SliceContext } from '../context.js';
import type { AppState } from '../create-store.js';
import { isFresh } from '../keep/fresh.js';

export const SEARCH_CONCURRENCY = 6;

export interface SearchOptions {
  /** The query can match rules only (a path: no origin address holds a `/`): a configuration is searched once its rules are in. */
  readonly rulesOnly?: boolean;
  readonly signal?: AbortSignal;
}

export interface SearchActions {
  /**
   * Reads the rules and origins of every configuration not read in this session; resolves when
   * all are in. Called again while it runs, it only changes what `searching` counts.
   */
  loadEverywhere(options?: SearchOptions): Promise<void>;
}

interface Run {
  readonly confs: readonly number[];
  /** Failures from this time on count as done (the list says why). */
  readonly since: number;
  readonly kinds: readonly ChildKind[];
}

export function searchSlice(ctx: SliceContext, get: () => AppState): SearchActions {
  let running: Promise<void> | undefined;
  let run: Run | undefined;
  /** `searching` from the store: configurations whose needed lists are read (or failed) in this run; none once all are. */
  const count = () => {
    if (!run) return;
    const { confs, since, kinds } = run;
    const s = get();
    const settled = (list: string) => isFresh(s, list) || (s.requests[list]?.status === 'error' && s.requests[list].at >= since);
    const done = confs.filter((c) => kinds.every((k) => settled(listKey(k, c)))).length;
    ctx.set({ searching: done < confs.length ? { done, total: confs.length } : undefined });
  };
  return {
    loadEverywhere({ rulesOnly = false, signal } = {}) {
      const kinds: readonly ChildKind[] = rulesOnly ? ['rule'] : ['rule', 'origin'];
      if (running && run) {
        run = { ...run, kinds };
        count();
        return running;
      }
      running = (async () => {
        const confs = (get().lists.configurations?.keys ?? []).map((k) => parseKey(k).id!);
        run = { confs, since: ctx.now(), kinds };
        const lists = [...confs.map((c) => listKey('rule', c)), ...confs.map((c) => listKey('origin', c))];
        try {
          await get().loadLists(lists, { concurrency: SEARCH_CONCURRENCY, signal, priority: 'background', progress: count });
        } finally {
          ctx.set({ searching: undefined });
          running = undefined;
          run = undefined;
        }
      })();
      return running;
    },
  };
}
