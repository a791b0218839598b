// Loads and refreshes: server copies of lists and records.
import type { Place } from '../../api/types.js';
import type { Rec } from '../../schema/index.js';
import { listKey, recordKey, type ChildKind } from '../keys.js';
import { track, type SliceContext } from '../context.js';

export interface LoadActions {
  loadConfigurations(signal?: AbortSignal): Promise<void>;
  loadConfiguration(id: number, signal?: AbortSignal): Promise<void>;
  loadChildren(kind: ChildKind, conf: number, signal?: AbortSignal): Promise<void>;
  loadErrorResponses(conf: number, signal?: AbortSignal): Promise<void>;
}

function placeOf(kind: 'configuration' | ChildKind, conf?: number): Place {
  return kind === 'configuration' ? { kind } : { kind, conf: conf! };
}

export function loadSlice(ctx: SliceContext): LoadActions {
  const { set, deps } = ctx;

  async function loadList(kind: 'configuration' | ChildKind, conf: number | undefined, signal?: AbortSignal): Promise<void> {
    const list = listKey(kind, conf);
    const { items, total } = await track(ctx, list, 'loading', () => deps.api.list(placeOf(kind, conf), { signal }));
    const records: Record<string, Rec> = {};
    const keys = items.map((r) => {
      const key = recordKey(kind, conf, r.id as number);
      records[key] = r;
      return key;
    });
    set((s) => {
      const kept = { ...s.records };
      for (const k of s.lists[list]?.keys ?? []) if (!(k in records)) delete kept[k]; // gone from the server
      return { records: { ...kept, ...records }, lists: { ...s.lists, [list]: { keys, total, loadedAt: ctx.now() } } };
    });
  }

  return {
    loadConfigurations: (signal) => loadList('configuration', undefined, signal),
    loadChildren: (kind, conf, signal) => loadList(kind, conf, signal),
    async loadConfiguration(id, signal) {
      const key = recordKey('configuration', undefined, id);
      const record = await track(ctx, key, 'loading', () => deps.api.get({ kind: 'configuration' }, id, { signal }));
      set((s) => ({ records: { ...s.records, [key]: record } }));
    },
    async loadErrorResponses(conf, signal) {
      const key = recordKey('error_responses', conf);
      const record = await track(ctx, key, 'loading', () => deps.api.getErrorResponses(conf, { signal }));
      set((s) => ({ records: { ...s.records, [key]: record } }));
    },
  };
}
