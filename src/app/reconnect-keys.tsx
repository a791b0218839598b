// `r` where the screen on view has no reload of its own (a form, the review, the history): while
// the API cannot be used, the view is read again now (the header says "r now"); else the key does
// nothing here, as before.
import { PRIORITY, useKeys } from '../keys/dispatcher.js';
import { useStores } from './stores.js';

export function ReconnectKeys() {
  const { control } = useStores();
  useKeys(PRIORITY.global, [{ command: 'reload', footer: false, run: () => control?.retryNow() ?? false }], { active: control !== undefined });
  return null;
}
