// Enter on a line of the review (docs/ux.md, the review): the form where that draft is edited, its
// focus on the field the line is about (the one a problem says to change). A rule, cache setting,
// origin or new configuration: its own form; a configuration's settings or error TTLs: that tab.
import { parseKey, titleOf, type AppStore, type RecordKey } from '../store/index.js';
import type { FormKind } from './routes.js';
import { VIEW } from './routes.js';
import type { UiStore } from './ui-store.js';

const FORM_KINDS: readonly string[] = ['configuration', 'rule', 'cache_setting', 'origin'] satisfies FormKind[];
const isFormKind = (k: string): k is FormKind => FORM_KINDS.includes(k);

/** Opens the form of draft `key` at `field`; says why not when there is none (a delete, a record of a configuration not made yet). */
export function openDraftForm(data: AppStore, ui: UiStore, key: RecordKey, field: string | undefined): void {
  const d = data.getState().drafts[key];
  const u = ui.getState();
  if (!d) return void u.say('info', 'that change is not pending any more');
  const { kind, conf, id, inNewConf } = parseKey(key);
  const title = titleOf(key, d.values);
  if (d.target.op === 'delete') return void u.say('info', `${title} is deleted: there is no form to fix (x drops the delete)`);
  if (inNewConf)
    return void u.say('info', `${title} is in a configuration not made yet: x drops it, or fix it in the new configuration once made`);
  const focus = (view: string) => (field ? u.setForm(view, (v) => ({ ...v, field, editing: undefined })) : undefined);
  if (kind === 'error_responses' && conf !== undefined) {
    u.setTab(conf, 'error_responses');
    focus(VIEW.tab(conf, 'error_responses'));
    return void u.push({ screen: 'configuration', conf });
  }
  if (kind === 'configuration' && id !== undefined && d.target.op === 'update') {
    u.setTab(id, 'settings');
    focus(VIEW.tab(id, 'settings'));
    return void u.push({ screen: 'configuration', conf: id });
  }
  if (!isFormKind(kind)) return;
  focus(VIEW.form(key));
  u.push({ screen: 'form', key, kind, ...(conf !== undefined ? { conf } : {}) });
}
