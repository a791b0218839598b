// Enter on marked configurations: their settings in one bulk form (one review, one PATCH each),
// started from the list as read now (a list kept from an earlier start is read again first). The
// marked configurations are also where `c` and `n` add to many.
import { parseKey, type AppState, type RecordKey } from '../../store/index.js';
import { openFresh } from '../../app/open-fresh.js';
import { VIEW } from '../../app/routes.js';
import type { Stores } from '../../app/stores.js';
import { listView, type UiState } from '../../app/ui-store.js';

export function openMarked(stores: Pick<Stores, 'data' | 'ui'>, marked: readonly RecordKey[]): void {
  const { data, ui } = stores;
  openFresh(stores, ['configurations'], 'the configurations as they are now', () => {
    const there = marked.filter((k) => data.getState().records[k] !== undefined); // not deleted meanwhile
    const conf = there.length === 1 ? parseKey(there[0]!).id : undefined;
    if (there.length > 1) ui.getState().push({ screen: 'bulk', keys: there, kind: 'configuration' });
    else if (conf !== undefined) {
      // One marked: its own Settings, every field of it (the bulk form leaves out name and cnames).
      ui.getState().setTab(conf, 'settings');
      ui.getState().push({ screen: 'configuration', conf });
    } else ui.getState().say('error', 'gone from the server since it was kept: r shows the configurations as they are');
  });
}

/**
 * The configurations marked in the browser, by id, that are still listed: where `c` copies and `n`
 * makes a new rule when several are (docs/ux.md §10, Add to many). The marks stay in the browser's view.
 */
export function markedConfigurations(data: Pick<AppState, 'records'>, ui: UiState): number[] {
  return listView(ui, VIEW.browser)
    .marks.filter((k) => data.records[k] !== undefined)
    .map((k) => parseKey(k).id)
    .filter((id): id is number => id !== undefined);
}
