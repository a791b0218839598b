// A configuration held in a store (loaded whole: loadWhole) as a snapshot: the compare's live side.
import type { Rec } from '../schema/index.js';
import { listKey, recordKey, type AppState } from '../store/index.js';
import { snapshotOf } from './export.js';
import type { Snapshot } from './normalise.js';

/** The snapshot of configuration `conf` as the store has it, or undefined when not all of it is loaded. */
export function storeSnapshot(state: Pick<AppState, 'lists' | 'records'>, conf: number): Snapshot | undefined {
  const listed = (kind: 'origin' | 'cache_setting' | 'rule'): Rec[] | undefined => {
    const list = state.lists[listKey(kind, conf)];
    return list && !list.incomplete ? list.keys.map((k) => state.records[k]).filter((r): r is Rec => r !== undefined) : undefined;
  };
  const configuration = state.records[recordKey('configuration', undefined, conf)];
  const errors = state.records[recordKey('error_responses', conf)];
  const [origins, caches, rules] = [listed('origin'), listed('cache_setting'), listed('rule')];
  if (!configuration || !errors || !origins || !caches || !rules) return undefined;
  return snapshotOf({ configuration, origins, cache_settings: caches, rules, error_responses: errors });
}
