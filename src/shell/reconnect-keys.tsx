// `r` where the screen on view has no reload of its own (the Settings tab, a form, the review, the
// history): the view is read again now, as the key table says. While the API cannot be used that is
// the next try, at once (the header says "r now"); an idle app learns only so that the API is gone.
import { PRIORITY, useKeys } from '../keys/key-router.js';
import { useStores } from '../app/stores.js';

export function ReconnectKeys() {
  const { control } = useStores();
  useKeys(PRIORITY.global, [{ command: 'reload', footer: false, run: () => control?.reloadView() }], { active: control !== undefined });
  return null;
}
