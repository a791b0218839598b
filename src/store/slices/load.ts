// Loads and refreshes: server copies of lists and records. `ensureLoaded` loads what is absent
// (once, however many screens ask); `reload` loads again. Neither throws: a failure is kept in
// `requests[key]` with its sentence, for the screen that wanted the data to show.
import type { Rec } from '../../schema/index.js';
import { listKey, placeOf, recordKey, type ChildKind } from '../keys.js';
import { track, type SliceContext } from '../context.js';

export interface LoadActions {
  loadConfigurations(signal?: AbortSignal): Promise<void>;
  loadConfiguration(id: number, signal?: AbortSignal): Promise<void>;
  loadChildren(kind: ChildKind, conf: number, signal?: AbortSignal): Promise<void>;
  loadErrorResponses(conf: number, signal?: AbortSignal): Promise<void>;
  /** Loads a list (`configurations`, `rule:7`) or a record (`configuration:7`, `error_responses:7`; a rule: its list) unless it is there or on its way; resolves true once it is there. */
  ensureLoaded(key: string): Promise<boolean>;
  /** Loads it again, whether it is there or not; resolves true when it succeeded. */
  reload(key: string): Promise<boolean>;
}

const CHILD_KINDS: readonly string[] = ['rule', 'cache_setting', 'origin'] satisfies ChildKind[];

function isChildKind(kind: string): kind is ChildKind {
  return CHILD_KINDS.includes(kind);
}

export function loadSlice(ctx: SliceContext): LoadActions {
  const { set, get, deps } = ctx;
  const inFlight = new Map<string, Promise<boolean>>();

  async function loadList(kind: 'configuration' | ChildKind, conf: number | undefined, signal?: AbortSignal): Promise<void> {
    const list = listKey(kind, conf);
    const { items, total } = await track(ctx, list, 'loading', () => deps.api.list(placeOf(kind, conf), { signal }));
    const records: Record<string, Rec> = {};
    const keys = items.map((r) => {
      const key = recordKey(kind, conf, Number(r.id));
      records[key] = r;
      return key;
    });
    set((s) => {
      const kept = { ...s.records };
      for (const k of s.lists[list]?.keys ?? []) if (!(k in records)) delete kept[k]; // gone from the server
      return { records: { ...kept, ...records }, lists: { ...s.lists, [list]: { keys, total, loadedAt: ctx.now() } } };
    });
  }

  async function loadRecord(key: string, fetch: () => Promise<Rec>): Promise<void> {
    const record = await track(ctx, key, 'loading', fetch);
    set((s) => ({ records: { ...s.records, [key]: record } }));
  }

  const actions = {
    loadConfigurations: (signal?: AbortSignal) => loadList('configuration', undefined, signal),
    loadChildren: (kind: ChildKind, conf: number, signal?: AbortSignal) => loadList(kind, conf, signal),
    loadConfiguration: (id: number, signal?: AbortSignal) =>
      loadRecord(recordKey('configuration', undefined, id), () => deps.api.get({ kind: 'configuration' }, id, { signal })),
    loadErrorResponses: (conf: number, signal?: AbortSignal) => loadRecord(recordKey('error_responses', conf), () => deps.api.getErrorResponses(conf, { signal })),
  };

  /** What a key names: the list or record to load, and whether it is there already. */
  function target(key: string): { readonly load: () => Promise<void>; readonly present: () => boolean } | undefined {
    if (key === 'configurations') return { load: actions.loadConfigurations, present: () => get().lists[key] !== undefined };
    const [kind = '', a, b] = key.split(':');
    const conf = Number(a);
    if (!Number.isInteger(conf)) return undefined;
    if (kind === 'configuration') return { load: () => actions.loadConfiguration(conf), present: () => get().records[key] !== undefined };
    if (kind === 'error_responses') return { load: () => actions.loadErrorResponses(conf), present: () => get().records[key] !== undefined };
    if (!isChildKind(kind)) return undefined;
    const list = listKey(kind, conf);
    // A rule or cache setting comes with its list.
    return { load: () => actions.loadChildren(kind, conf), present: () => get().lists[list] !== undefined && (b === undefined || get().records[key] !== undefined) };
  }

  function run(key: string, force: boolean): Promise<boolean> {
    const t = target(key);
    if (!t) return Promise.resolve(false);
    if (!force && t.present()) return Promise.resolve(true);
    const running = inFlight.get(key);
    if (running && !force) return running;
    const p = t.load().then(
      () => true,
      () => false, // kept in requests[key] by track()
    );
    inFlight.set(key, p);
    void p.then(() => inFlight.get(key) === p && inFlight.delete(key));
    return p;
  }

  return {
    ...actions,
    ensureLoaded: (key) => run(key, false),
    reload: (key) => run(key, true),
  };
}
