// How many lint warnings (docs/lint.md) a configuration has, from what the store holds of it: its
// record, and its rules, cache settings and origins when their lists are there (read, or kept).
// The browser marks its rows with it; each configuration's count is kept until one of its records
// changes, so a redraw counts again only what changed.
import { lintScope, type LintScope } from '../lint/index.js';
import type { Rec } from '../schema/index.js';
import { listKey, recordKey } from './keys.js';
import type { DataState } from './types.js';

interface Counted {
  /** The records the count was made from, in order (a list not there: its place holds `undefined`). */
  readonly from: readonly unknown[];
  readonly count: number;
}

const counted = new Map<number, Counted>();

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function lintWarnings(state: Pick<DataState, 'records' | 'lists'>, conf: number): number {
  const configuration = state.records[recordKey('configuration', undefined, conf)];
  if (!configuration) return 0;
  const from: unknown[] = [configuration];
  const listed = (kind: 'rule' | 'cache_setting' | 'origin'): Rec[] | undefined => {
    const list = state.lists[listKey(kind, conf)];
    const records = list && !list.incomplete ? list.keys.map((k) => state.records[k]).filter((r): r is Rec => r !== undefined) : undefined;
    from.push(kind, ...(records ?? []));
    return records;
  };
  const [rules, cacheSettings, origins] = [listed('rule'), listed('cache_setting'), listed('origin')];
  const known = counted.get(conf);
  if (known && same(known.from, from)) return known.count;
  const scope: LintScope = {
    configuration,
    ...(rules ? { rules } : {}),
    ...(cacheSettings ? { cache_settings: cacheSettings } : {}),
    ...(origins ? { origins } : {}),
  };
  const count = lintScope(scope).length;
  counted.set(conf, { from, count });
  return count;
}
