// `=` on a configuration (a browser row, the open configuration): the palette asks what to compare
// it with (compare-items.ts in the palette), then the compare view opens.
import type { Binding } from '../../keys/key-router.js';
import { VIEW, type CompareSide } from '../../app/routes.js';
import { setFilter } from '../../app/list-controller.js';
import type { Stores } from '../../app/stores.js';
import { recordKey } from '../../store/index.js';

/** The name the profile on screen goes by (its label without profiles: tests that draw one store). */
export function profileOnScreen(stores: Pick<Stores, 'profiles' | 'options'>): string {
  return stores.profiles?.current().name ?? stores.options.label;
}

/** A configuration of the profile on screen as a side of a compare. */
export function sideOf(stores: Stores, conf: number): CompareSide {
  const name = stores.data.getState().records[recordKey('configuration', undefined, conf)]?.name;
  return { profile: profileOnScreen(stores), conf, name: typeof name === 'string' ? name : String(conf) };
}

/** `=` for the configuration `confNow()` names when the key comes. */
export function compareBinding(stores: Stores, confNow: () => number | undefined): Binding {
  return {
    command: 'compare',
    run: () => {
      const conf = confNow();
      if (conf === undefined) return false;
      // A fresh question: the palette's last query does not carry over.
      setFilter(stores.ui, VIEW.palette, '', true);
      stores.ui.getState().setComparing(sideOf(stores, conf));
    },
  };
}
