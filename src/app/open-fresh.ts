// A form, a bulk edit, $EDITOR or a copy starts from what was read in this session, never from a
// copy kept by an earlier one (docs/ux.md §7): what it edits is read again first when it is only kept —
// the status line says so meanwhile, before any job's progress — and it opens on the fresh records, unless the user has gone
// elsewhere by then.
import { isFresh } from '../store/index.js';
import type { Stores } from './stores.js';
import { currentRoute } from './ui-store.js';

/**
 * Runs `open` once every key (a list or a record) is fresh: at once when they are. `what` names
 * them in the status line ("the rules as they are now").
 */
export function openFresh({ data, ui }: Pick<Stores, 'data' | 'ui'>, keys: readonly string[], what: string, open: () => void): void {
  const stale = keys.filter((k) => !isFresh(data.getState(), k));
  if (stale.length === 0) return open();
  const from = currentRoute(ui.getState());
  const waiting = `reading ${what}…`;
  ui.getState().setWaiting(waiting);
  void Promise.all(stale.map((k) => data.getState().ensureFresh(k))).then((fresh) => {
    const u = ui.getState();
    if (u.waiting === waiting) u.setWaiting(undefined);
    const here = currentRoute(u) === from && u.overlay === undefined && u.question === undefined;
    if (!here) return;
    const failed = stale.find((_, i) => !fresh[i]);
    if (failed !== undefined)
      u.say('error', `could not read ${what}: ${data.getState().requests[failed]?.message ?? 'no answer'} (r retries)`);
    else open();
  });
}
