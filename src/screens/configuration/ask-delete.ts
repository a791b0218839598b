// `d` on rows of a configuration's list: the pre-flight of the deletes first (docs/preflight.md).
// What the API would refuse is said before any question, in its words: a cache setting or origin
// that rules still use (the question then offers to show those rules), the Default Origin. Else the
// delete question (y sends).
import { previewDeletes, rulesUsingKeys, type AppStore, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import type { UiStore } from '../../app/ui-store.js';

export function askDelete(data: AppStore, ui: UiStore, conf: number, keys: readonly RecordKey[], view: string): void {
  const checked = previewDeletes(data.getState(), keys);
  for (const key of keys) {
    const refused = checked.findings[key]?.find((f) => f.severity === 'refused');
    if (!refused) continue;
    const rules = rulesUsingKeys(data.getState(), key);
    ui.getState().say('error', `not deleted: ${safe(refused.message)}`);
    if (rules.length) ui.getState().ask({ kind: 'in-use', message: refused.message, rules, conf });
    return;
  }
  ui.getState().ask({ kind: 'delete', keys, view });
}
