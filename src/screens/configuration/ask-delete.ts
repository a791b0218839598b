// `d` on rows of a configuration's list: the pre-flight of the deletes first (docs/preflight.md).
// What the API would refuse is said before any question, in its words: a cache setting or origin
// that rules still use (the question then offers to show those rules), the Default Origin. Else the
// delete question (y sends). A delete that needs pending changes sent first (they move the last
// rules off it) joins them as a draft instead: the review sends them in the planner's order.
import { previewDeletes, rulesUsingKeys, titleOf, type AppStore, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import type { UiStore } from '../../app/ui-store.js';

export function askDelete(data: AppStore, ui: UiStore, conf: number, keys: readonly RecordKey[], view: string): void {
  const { checked, waitFor } = previewDeletes(data.getState(), keys);
  for (const key of keys) {
    const refused = checked.findings[key]?.find((f) => f.severity === 'refused');
    if (!refused) continue;
    const rules = rulesUsingKeys(data.getState(), key);
    ui.getState().say('error', `not deleted: ${safe(refused.message)}`);
    if (rules.length) ui.getState().ask({ kind: 'in-use', message: refused.message, rules, conf });
    return;
  }
  if (waitFor.length) {
    // Alone the API would refuse them (rules use them); after the pending changes that move those
    // rules off, it takes them: so they join those changes, to be reviewed and sent with them.
    for (const key of keys) data.getState().markDelete(key);
    const what = keys.length === 1 ? titleOf(keys[0]!, data.getState().records[keys[0]!]) : `${keys.length} records`;
    const rules = waitFor.length === 1 ? 'a pending change moves its rule' : `pending changes move its ${waitFor.length} rules`;
    const offer = ': pending reviews them together';
    ui.getState().say('info', `delete drafted, not sent: ${rules} off it first (${safe(what)}) · ${offer}`, undefined, offer);
    return;
  }
  ui.getState().ask({ kind: 'delete', keys, view });
}
