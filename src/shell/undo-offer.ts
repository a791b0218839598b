// After a send that failed partway (docs/ux.md §9), the status line offers `u`: a review of the reversal
// of what it applied. Nothing is undone without that review; keeping them is doing nothing.
import { sendOf, type AppStore } from '../store/index.js';
import { reviewDrafted } from '../app/drafted.js';
import { offeredUndo, type UiStore } from '../app/ui-store.js';

/** Opens the review of the reversal the message offers; false when it offers none. */
export function reviewOfferedUndo(data: AppStore, ui: UiStore): boolean {
  const send = offeredUndo(ui.getState());
  if (send === undefined) return false;
  const applied = data.getState().history.filter((e) => sendOf(e) === send && e.result === 'applied' && !e.purge);
  reviewDrafted(ui, data.getState().startUndo(applied), `undo the ${applied.length} applied`, 'cannot undo');
  return true;
}
