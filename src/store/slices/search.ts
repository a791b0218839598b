// Find anywhere (docs/ux.md §6, §7, §10): the palette also finds rules, cache settings and origins
// across all configurations, reading the lists its query needs. What is there (kept from an earlier
// session, or read already) answers at once; the lists not read in this session are read in the
// background of the rate limit, at most SEARCH_CONCURRENCY at a time, the rules of every
// configuration before any cache settings or origins (a path is answered completely at the fewest requests), put in
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
  /**
   * The lists a query needs (docs/ux.md §10: `cache:NAME` needs cache settings too): only these are
   * read and counted. Absent: rules and origins.
   */
  readonly kinds?: readonly ChildKind[];
  /** The configurations a query looks in (`in:GLOB`); absent: all. */
  readonly confs?: readonly number[];
  readonly signal?: AbortSignal;
}

export interface SearchActions {
  /**
   * Reads the lists of every configuration not read in this session; resolves when all are in.
   * Called again while it runs, it changes what `searching` counts and reads what the new call
   * needs that this run does not read yet.
   */
  loadEverywhere(options?: SearchOptions): Promise<void>;
}

interface Run {
  readonly confs: readonly number[];
  /** Failures from this time on count as done (the list says why). */
  readonly since: number;
  readonly kinds: readonly ChildKind[];
  /** The lists this run reads (asked for). */
  readonly asked: Set<string>;
}

/** Rules before cache settings before origins, each of every configuration (a path is answered completely at a third of the requests). */
const ORDER: readonly ChildKind[] = ['rule', 'cache_setting', 'origin'];

export function searchSlice(ctx: SliceContext, get: () => AppState): SearchActions {
  let running: Promise<void> | undefined;
  let run: Run | undefined;
  const reads: Array<Promise<void>> = [];
  /** `searching` from the store: configurations whose needed lists are read (or failed) in this run; none once all are. */
  const count = () => {
    if (!run) return;
    const { confs, since, kinds } = run;
    const s = get();
    const settled = (list: string) => isFresh(s, list) || (s.requests[list]?.status === 'error' && s.requests[list].at >= since);
    const done = confs.filter((c) => kinds.every((k) => settled(listKey(k, c)))).length;
    ctx.set({ searching: done < confs.length ? { done, total: confs.length } : undefined });
  };
  /** Starts reading the lists of `kinds` of `confs` this run has not asked for yet. */
  const read = (r: Run, kinds: readonly ChildKind[], signal: AbortSignal | undefined) => {
    const lists = ORDER.filter((k) => kinds.includes(k))
      .flatMap((k) => r.confs.map((c) => listKey(k, c)))
      .filter((l) => !r.asked.has(l));
    if (lists.length === 0) return;
    for (const l of lists) r.asked.add(l);
    reads.push(get().loadLists(lists, { concurrency: SEARCH_CONCURRENCY, signal, priority: 'background', progress: count }));
  };
  return {
    loadEverywhere({ rulesOnly = false, kinds: needed, confs: only, signal } = {}) {
      const kinds: readonly ChildKind[] = needed ?? (rulesOnly ? ['rule'] : ['rule', 'origin']);
      const reading: readonly ChildKind[] = needed ?? ['rule', 'origin'];
      const all = (get().lists.configurations?.keys ?? []).map((k) => parseKey(k).id!);
      const kept = only && new Set(only);
      const confs = kept ? all.filter((c) => kept.has(c)) : all;
      if (running && run) {
        run = { ...run, confs, kinds };
        read(run, reading, signal);
        count();
        return running;
      }
      run = { confs, since: ctx.now(), kinds, asked: new Set() };
      read(run, reading, signal);
      running = (async () => {
        try {
          // Reads started by later calls while these run are waited for too.
          for (let i = 0; i < reads.length; i++) await reads[i];
        } finally {
          ctx.set({ searching: undefined });
          reads.length = 0;
          running = undefined;
          run = undefined;
        }
      })();
      return running;
    },
  };
}
