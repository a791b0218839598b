// Which differences have a draft pending on either side (drawn with `*`, as the lists draw records
// with drafts): a copy reviewed and kept for later (`n`) is not forgotten in the compare view.
import { listKey, recordKey, type AppState, type RecordKey } from '../../store/index.js';
import { recordMatch, type Difference } from '../../transfer/compare.js';
import { ruleKey } from '../../transfer/normalise.js';

/** The record a difference is about in one side's store (a rule by path + regex, a cache setting by name). */
function recordOf(d: Difference, s: Pick<AppState, 'lists' | 'records'>, conf: number): RecordKey | undefined {
  if (d.group === 'settings') return recordKey('configuration', undefined, conf);
  if (d.group === 'error TTLs') return recordKey('error_responses', conf);
  const match = recordMatch(d);
  const kind = d.group === 'rules' ? 'rule' : 'cache_setting';
  return s.lists[listKey(kind, conf)]?.keys.find((k) => {
    const r = s.records[k];
    return r !== undefined && (kind === 'rule' ? ruleKey(r) : String(r.name)) === match;
  });
}

export interface SideState {
  readonly state: Pick<AppState, 'lists' | 'records' | 'drafts'>;
  readonly conf: number;
}

/** The ids of the differences whose record has a draft on either side. */
export function pendingDifferences(differences: readonly Difference[], sides: readonly SideState[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const d of differences) {
    for (const { state, conf } of sides) {
      const key = recordOf(d, state, conf);
      if (key !== undefined && state.drafts[key] !== undefined) out.add(d.id);
    }
  }
  return out;
}
