// Drafts made at once (undo, copy, clone) go to one review, what was not copied as it was said at
// its top; or the reason nothing was drafted.
import type { Drafted } from '../store/index.js';
import { safe } from '../ui/text.js';
import type { UiStore } from './ui-store.js';

export function reviewDrafted(ui: UiStore, made: Drafted | { readonly problem: string }, title: string, refused: string): void {
  if ('problem' in made) {
    ui.getState().say('error', `${refused}: ${safe(made.problem)}`);
    return;
  }
  ui.getState().review(made.keys, title, made.notes);
}
