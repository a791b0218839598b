// Loads and refreshes: server copies of lists and records. `ensureLoaded` loads what is absent
// (once, however many screens ask) and refreshes what is only kept (shown meanwhile);
// `ensureFresh` waits until it is read in this session (what a write starts from); `reload` loads
// again. None throws: a failure is kept in `requests[key]` with its sentence, for the screen that
// wanted the data to show. A list read also finishes the new-record drafts whose earlier POST
// (answer lost, app stopped) is found in it.
import type { Rec } from '../../schema/index.js';
import type { Priority } from '../../api/index.js';
import { listKey, listOf, placeOf, recordKey, type ChildKind, type RecordKey } from '../keys.js';
import { messageOf, track, type SliceContext } from '../context.js';
import { madeBy } from '../made.js';
import { afterMade } from '../refs.js';
import { isFresh, listOfRecord } from '../keep/fresh.js';
import type { DataState, Draft } from '../types.js';

export interface LoadActions {
  loadConfigurations(signal?: AbortSignal): Promise<void>;
  loadConfiguration(id: number, signal?: AbortSignal): Promise<void>;
  loadChildren(kind: ChildKind, conf: number, signal?: AbortSignal): Promise<void>;
  loadErrorResponses(conf: number, signal?: AbortSignal): Promise<void>;
  /**
   * Loads a list (`configurations`, `rule:7`) or a record (`configuration:7`, `error_responses:7`;
   * a rule: its list) unless it is there or on its way; resolves true once it is there. One that is
   * there only as kept is read again meanwhile.
   */
  ensureLoaded(key: string): Promise<boolean>;
  /** Resolves true once it is there as read in this session (never a kept copy): what a form or a copy starts from. */
  ensureFresh(key: string): Promise<boolean>;
  /** Loads it again, whether it is there or not; resolves true when it succeeded. */
  reload(key: string): Promise<boolean>;
  /** Loads the lists not there yet (or only kept), a few at a time, into the store in batches (find anywhere). */
  loadLists(lists: readonly string[], options: LoadListsOptions): Promise<void>;
  /** Ensures a configuration is loaded with all it holds (origins, cache settings, rules, error responses), read in this session; resolves true once all is. */
  loadWhole(conf: number): Promise<boolean>;
}

export interface LoadListsOptions {
  /** Lists read at once. */
  readonly concurrency: number;
  readonly signal?: AbortSignal;
  /** Lists done of those to load: at the start, then with each batch put in the store. */
  readonly progress?: (done: number, total: number) => void;
  /** Background: behind what the user waits for when requests wait for the rate limit. */
  readonly priority?: Priority;
}

/** How long lists read by loadLists wait to go into the store together. */
const BATCH_MS = 100;

const CHILD_KINDS: readonly string[] = ['rule', 'cache_setting', 'origin'] satisfies ChildKind[];

/**
 * A copy of `records` with the `keys` of `from` set and `drop` removed. Copied key by key: at
 * 100,000 records a spread (`{...records}`) takes two to three times as long.
 */
function withRecords(
  records: Readonly<Record<RecordKey, Rec>>,
  from: ReadonlyMap<RecordKey, Rec>,
  keys: Iterable<RecordKey>,
  drop: readonly RecordKey[] = [],
): Record<RecordKey, Rec> {
  const out: Record<RecordKey, Rec> = {};
  for (const k of Object.keys(records)) out[k] = records[k]!;
  for (const k of keys) out[k] = from.get(k)!;
  for (const k of drop) delete out[k];
  return out;
}

/**
 * The drafts without the new records of `list` that a POST sent before (a lost answer, a crash)
 * already made: found in the list as loaded, such a draft is done, and the drafts waiting for its
 * record take its id (refs.ts), the keys that changed with it added to `moved`. One not found
 * stays, to be sent again (and looked for again first). Both unchanged when there is none.
 */
function withoutMade(
  s: Pick<DataState, 'drafts' | 'moved'>,
  list: string,
  loaded: ReadonlyMap<RecordKey, Rec>,
): Pick<DataState, 'drafts' | 'moved'> {
  const made = new Map<RecordKey, Rec>();
  for (const [key, d] of Object.entries(s.drafts)) {
    const record = d.maybeSent && d.target.op === 'create' && listOf(d.target) === list ? madeBy(d, loaded.values()) : undefined;
    if (record) made.set(key, record);
  }
  if (made.size === 0) return { drafts: s.drafts, moved: s.moved };
  let drafts: Record<RecordKey, Draft> = { ...s.drafts };
  let moved = s.moved;
  for (const [key, record] of made) {
    delete drafts[key];
    const after = afterMade(drafts, key, Number(record.id));
    drafts = after.drafts;
    if (Object.keys(after.moved).length) moved = { ...moved, ...after.moved };
  }
  return { drafts, moved };
}

function isChildKind(kind: string): kind is ChildKind {
  return CHILD_KINDS.includes(kind);
}

export function loadSlice(ctx: SliceContext): LoadActions {
  const { set, get, deps } = ctx;
  const inFlight = new Map<string, Promise<boolean>>();

  /** A list read page by page, in list order (a record that slid across a page boundary while paging comes once); `onPage` after each page. */
  async function fetchList(
    kind: 'configuration' | ChildKind,
    conf: number | undefined,
    signal?: AbortSignal,
    onPage?: (keys: readonly RecordKey[], total: number | undefined, sofar: Map<RecordKey, Rec>) => void,
    priority?: Priority,
  ): Promise<Map<RecordKey, Rec>> {
    const loaded = new Map<RecordKey, Rec>();
    for await (const page of deps.api.listPages(placeOf(kind, conf), { signal, ...(priority ? { priority } : {}) })) {
      const keys: RecordKey[] = [];
      for (const r of page.items) {
        const key = recordKey(kind, conf, Number(r.id));
        loaded.set(key, r);
        keys.push(key);
      }
      onPage?.(keys, page.total, loaded);
    }
    return loaded;
  }

  /**
   * Loads these lists (those not there yet), `concurrency` at a time, each whole before it is
   * shown. What came goes into the store at most every BATCH_MS, in one change: loading a thousand
   * lists is not a thousand redraws. A list that fails keeps its sentence in `requests`.
   */
  async function loadLists(lists: readonly string[], { concurrency, signal, progress, priority }: LoadListsOptions): Promise<void> {
    const todo = lists.filter((l) => !isFresh(get(), l) && !inFlight.has(l));
    const ready: Array<readonly [string, Map<RecordKey, Rec>]> = [];
    let done = 0;
    let timer: NodeJS.Timeout | undefined;
    const commit = () => {
      clearTimeout(timer);
      timer = undefined;
      const batch = ready.splice(0);
      if (batch.length) {
        set((s) => {
          const now = ctx.now();
          const all = new Map<RecordKey, Rec>();
          const shown = { ...s.lists };
          const requests = { ...s.requests };
          let made: Pick<DataState, 'drafts' | 'moved'> = s;
          for (const [list, loaded] of batch) {
            for (const [k, r] of loaded) all.set(k, r);
            shown[list] = { keys: [...loaded.keys()], total: loaded.size, loadedAt: now };
            requests[list] = { status: 'idle', at: now };
            made = withoutMade(made, list, loaded);
          }
          return {
            records: withRecords(s.records, all, all.keys()),
            lists: shown,
            requests,
            drafts: made.drafts,
            moved: made.moved,
            connection: { online: true, lastSuccessAt: now },
          };
        });
      }
      progress?.(done, todo.length);
    };
    progress?.(0, todo.length);
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !signal?.aborted) {
        const list = todo[next++]!;
        const [kind = '', conf] = list.split(':');
        try {
          if (isChildKind(kind)) ready.push([list, await fetchList(kind, Number(conf), signal, undefined, priority)]);
        } catch (e) {
          const message = messageOf(e);
          set((s) => ({ requests: { ...s.requests, [list]: { status: 'error', message, at: ctx.now() } } }));
        }
        done++;
        timer ??= setTimeout(commit, BATCH_MS);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
    } finally {
      commit();
    }
  }

  /**
   * Reads a list page by page. A first load shows the first page at once and grows the shown list
   * as pages come (`incomplete` until the last); a reload keeps the shown list until the new one is
   * whole, then swaps it in.
   */
  async function loadList(kind: 'configuration' | ChildKind, conf: number | undefined, signal?: AbortSignal): Promise<void> {
    const list = listKey(kind, conf);
    const streaming = get().lists[list] === undefined;
    // This load's records in list order; a record that slid across a page boundary while paging comes once.
    let loaded = new Map<RecordKey, Rec>();
    let fresh: RecordKey[] = []; // read since the shown list last grew
    let shown = 0;
    let total = 0;
    const grow = () => {
      const added = fresh;
      fresh = [];
      shown = loaded.size;
      set((s) => ({
        records: withRecords(s.records, loaded, added),
        lists: { ...s.lists, [list]: { keys: [...loaded.keys()], total, loadedAt: ctx.now(), incomplete: true } },
        connection: { online: true, lastSuccessAt: ctx.now() }, // the API answers: the header need not wait for the last page to say so
      }));
    };
    await track(ctx, list, 'loading', async () => {
      try {
        loaded = await fetchList(kind, conf, signal, (keys, pageTotal, sofar) => {
          loaded = sofar;
          fresh.push(...keys);
          total = Math.max(pageTotal ?? 0, sofar.size);
          // Each growth copies the store's records: grow when the list has doubled, so the copies
          // of a long list cost about two copies of it in all.
          if (streaming && (shown === 0 || sofar.size >= 2 * shown)) grow();
        });
      } catch (e) {
        if (streaming && fresh.length > 0) grow(); // what came is shown; the list stays incomplete
        throw e;
      }
    });
    set((s) => {
      const keys = [...loaded.keys()];
      const whole = { keys, total: loaded.size, loadedAt: ctx.now() };
      const made = withoutMade(s, list, loaded);
      if (streaming)
        return {
          records: fresh.length > 0 ? withRecords(s.records, loaded, fresh) : s.records,
          lists: { ...s.lists, [list]: whole },
          ...made,
        };
      const gone = (s.lists[list]?.keys ?? []).filter((k) => !loaded.has(k)); // gone from the server
      return { records: withRecords(s.records, loaded, keys, gone), lists: { ...s.lists, [list]: whole }, ...made };
    });
  }

  async function loadRecord(key: string, fetch: () => Promise<Rec>): Promise<void> {
    const record = await track(ctx, key, 'loading', fetch);
    set((s) => {
      // Read on its own while its list is only kept: this record is fresh, the rest of the list not.
      const list = listOfRecord(key);
      const again = list !== undefined && s.lists[list]?.kept ? { readAgain: { ...s.readAgain, [key]: true as const } } : {};
      return { records: { ...s.records, [key]: record }, ...again };
    });
  }

  const actions = {
    loadConfigurations: (signal?: AbortSignal) => loadList('configuration', undefined, signal),
    loadChildren: (kind: ChildKind, conf: number, signal?: AbortSignal) => loadList(kind, conf, signal),
    loadConfiguration: (id: number, signal?: AbortSignal) =>
      loadRecord(recordKey('configuration', undefined, id), () => deps.api.get({ kind: 'configuration' }, id, { signal })),
    loadErrorResponses: (conf: number, signal?: AbortSignal) =>
      loadRecord(recordKey('error_responses', conf), () => deps.api.getErrorResponses(conf, { signal })),
  };

  /** What a key names: the list or record to load, and whether it is there already. */
  function target(key: string): { readonly load: () => Promise<void>; readonly present: () => boolean } | undefined {
    const whole = (list: string) => get().lists[list] !== undefined && !get().lists[list]?.incomplete;
    if (key === 'configurations') return { load: actions.loadConfigurations, present: () => whole(key) };
    const [kind = '', a, b] = key.split(':');
    const conf = Number(a);
    if (!Number.isInteger(conf)) return undefined;
    if (kind === 'configuration') return { load: () => actions.loadConfiguration(conf), present: () => get().records[key] !== undefined };
    if (kind === 'error_responses')
      return { load: () => actions.loadErrorResponses(conf), present: () => get().records[key] !== undefined };
    if (!isChildKind(kind)) return undefined;
    const list = listKey(kind, conf);
    // A rule or cache setting comes with its list.
    return {
      load: () => actions.loadChildren(kind, conf),
      present: () => whole(list) && (b === undefined || get().records[key] !== undefined),
    };
  }

  /** Loads `key`; `force`: again even when it is there or on its way; a kept copy is refreshed behind the scenes. */
  function run(key: string, force: boolean): Promise<boolean> {
    const t = target(key);
    if (!t) return Promise.resolve(false);
    if (!force && t.present()) {
      if (!isFresh(get(), key) && !inFlight.has(key)) void start(key, t);
      return Promise.resolve(true);
    }
    const running = inFlight.get(key);
    if (running && !force) return running;
    return start(key, t);
  }

  function start(key: string, t: { readonly load: () => Promise<void> }): Promise<boolean> {
    const p = t.load().then(
      () => true,
      () => false, // kept in requests[key] by track()
    );
    inFlight.set(key, p);
    void p.then(() => inFlight.get(key) === p && inFlight.delete(key));
    return p;
  }

  /** Fresh now, or once the load on its way (or a new one) is in; false when that failed. */
  async function ensureFresh(key: string): Promise<boolean> {
    if (isFresh(get(), key)) return true;
    const t = target(key);
    if (!t) return false;
    await (inFlight.get(key) ?? start(key, t));
    return isFresh(get(), key);
  }

  return {
    ...actions,
    loadLists,
    ensureLoaded: (key) => run(key, false),
    ensureFresh,
    reload: (key) => run(key, true),
    loadWhole: async (conf) => {
      const keys = [
        recordKey('configuration', undefined, conf),
        recordKey('error_responses', conf),
        ...CHILD_KINDS.map((k) => `${k}:${conf}`),
      ];
      return (await Promise.all(keys.map(ensureFresh))).every(Boolean);
    },
  };
}
