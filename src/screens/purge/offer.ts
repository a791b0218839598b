// After a saved change the edge may still serve what it cached before: the status line offers
// `P purge` for what the change touched. A rule: its path; a cache setting: the paths of the
// rules that use it (none use it: nothing cached by it, no offer); the error TTLs: the whole
// configuration. Changes in several configurations, deletes and other kinds offer nothing. Pure.
import { listKey, parseKey, type AppState, type ApplyResult, type PurgeTarget } from '../../store/index.js';

export function purgeOffer(state: Pick<AppState, 'lists' | 'records'>, results: readonly ApplyResult[]): PurgeTarget | undefined {
  const confs = new Set<number>();
  const rules = new Set<number>();
  let whole = false;
  for (const r of results) {
    if (r.outcome !== 'applied' || !r.record) continue; // a delete answers no record
    const { kind, conf, id } = parseKey(r.newKey ?? r.key);
    if (conf === undefined) continue;
    if (kind === 'error_responses') whole = true;
    else if (kind === 'rule' && id !== undefined) rules.add(id);
    else if (kind === 'cache_setting' && id !== undefined) {
      for (const k of state.lists[listKey('rule', conf)]?.keys ?? []) {
        const rule = state.records[k];
        const ruleId = parseKey(k).id;
        if (rule?.cache_settings_id === id && ruleId !== undefined) rules.add(ruleId);
      }
    } else continue;
    confs.add(conf);
  }
  const [conf, ...others] = confs;
  if (conf === undefined || others.length) return undefined;
  if (whole) return { conf };
  return rules.size ? { conf, rules: [...rules] } : undefined;
}
