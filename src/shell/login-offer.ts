// A rejected token (401) offers, in the app, to log in again: the login overlay opens by itself for
// a rejection that came after it was last closed (Esc: "not now"; `r` then reads again, and the
// 401 that comes back offers it again). It waits while the user answers something else (a
// question, the restore offer, the palette) or types in a text input, whose keys it would share.
import type { AppStore } from '../store/index.js';
import type { UiState, UiStore } from '../app/ui-store.js';

/** The user is answering something, or typing: the offer waits until that is done. */
function busy(s: UiState): boolean {
  if (s.question !== undefined || (s.overlay !== undefined && s.overlay !== 'help')) return true;
  return Object.values(s.lists).some((l) => l.filtering) || Object.values(s.forms).some((f) => f.editing !== undefined);
}

/** Opens the login overlay when the token is rejected (see above); returns what stops it. */
export function offerLogin(data: AppStore, ui: UiStore, now: () => number = Date.now): () => void {
  let open = false;
  /** When the overlay was last closed: a rejection from before it is one the user has seen. */
  let closedAt = -Infinity;
  const check = () => {
    const u = ui.getState();
    const isOpen = u.overlay === 'login';
    if (open && !isOpen) closedAt = now();
    open = isOpen;
    const rejectedAt = data.getState().connection.rejectedAt;
    if (isOpen || rejectedAt === undefined || rejectedAt <= closedAt || busy(u)) return;
    u.setOverlay('login');
  };
  const unData = data.subscribe((s, before) => {
    if (s.connection !== before.connection) check();
  });
  const unUi = ui.subscribe(check);
  check();
  return () => {
    unData();
    unUi();
  };
}
