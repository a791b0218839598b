// What the app reads again when it tries again on its own (src/store/reconnect.ts) or after a new
// login: what the view on screen shows (its list, or its record), not every call that failed. A
// write that failed is not sent again: it stays a draft, and the user sends it from the review.
import { listKey, parseKey, recordKey, type RecordKey } from '../store/index.js';
import type { Tab } from '../app/routes.js';
import { currentRoute, tabOf, type UiState } from '../app/ui-store.js';

const TAB_KEYS: Readonly<Record<Tab, (conf: number) => string>> = {
  settings: (conf) => recordKey('configuration', undefined, conf),
  rules: (conf) => listKey('rule', conf),
  cache_settings: (conf) => listKey('cache_setting', conf),
  error_responses: (conf) => recordKey('error_responses', conf),
  origins: (conf) => listKey('origin', conf),
};

/** Reads at most this many keys a try (a review of drafts in many configurations). */
const MOST_KEYS = 4;

/** The key a record is read under: a configuration or error responses by itself, a child with its list; one not made yet, the list it goes in. */
function readKeyOf(key: RecordKey): string {
  const { kind, conf, id } = parseKey(key);
  if (kind === 'configuration') return id === undefined ? 'configurations' : recordKey('configuration', undefined, id);
  if (conf === undefined) return 'configurations'; // in a configuration not created yet
  return kind === 'error_responses' ? recordKey('error_responses', conf) : listKey(kind, conf);
}

/** What records of many configurations are read under (at most MOST_KEYS of them). */
const readKeysOf = (keys: readonly RecordKey[]) => [...new Set(keys.map(readKeyOf))].slice(0, MOST_KEYS);

/** The store keys (lists, records) that the view on screen shows, for `reload`. */
export function viewKeys(s: UiState): string[] {
  const route = currentRoute(s);
  switch (route.screen) {
    case 'browser':
    case 'history':
      return ['configurations'];
    case 'configuration':
      return [TAB_KEYS[tabOf(s, route.conf)](route.conf)];
    case 'form':
      return [readKeyOf(route.key)];
    case 'bulk':
      if (route.kind === 'configuration') return ['configurations'];
      return route.conf === undefined ? readKeysOf(route.keys) : [listKey(route.kind, route.conf)];
    case 'review':
      return readKeysOf(route.keys);
    case 'results':
      return ['configurations'];
    case 'purge':
      return [recordKey('configuration', undefined, route.conf)];
    case 'compare':
      // Its sides may be of other profiles (each read through its own store, compare-sides.ts).
      return ['configurations'];
    default: {
      const never: never = route;
      return never;
    }
  }
}
