// Where the user is: screens as a discriminated union, and the names under which each screen keeps
// its view state (cursor, window, filter, marks, tab, focused field) in the UI store.
import type { RecordKey } from '../store/index.js';
import { safe } from '../ui/text.js';

export const TABS = ['settings', 'rules', 'cache_settings', 'error_responses', 'origins'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_TITLES: Readonly<Record<Tab, string>> = {
  settings: 'Settings',
  rules: 'Rules',
  cache_settings: 'Cache settings',
  error_responses: 'Error responses',
  origins: 'Origins',
};
/** The tabs' names where the full ones do not fit on one line (the tab bar). */
export const TAB_SHORT: Readonly<Record<Tab, string>> = {
  settings: 'Settings',
  rules: 'Rules',
  cache_settings: 'Cache',
  error_responses: 'Errors',
  origins: 'Origins',
};

/** Records a form edits on its own screen (a configuration's settings are a tab). */
export type FormKind = 'configuration' | 'rule' | 'cache_setting' | 'origin';

/** Bulk edit of marked rows: rules, cache settings or origins of one configuration (or of several: no `conf`), or configurations. */
export type BulkRoute = Extract<Route, { readonly screen: 'bulk' }>;

export type Route =
  | { readonly screen: 'browser' }
  | { readonly screen: 'configuration'; readonly conf: number }
  | { readonly screen: 'form'; readonly key: RecordKey; readonly kind: FormKind; readonly conf?: number }
  | {
      readonly screen: 'bulk';
      readonly keys: readonly RecordKey[];
      readonly kind: 'rule' | 'cache_setting' | 'origin';
      /** Their configuration; absent, records of several (marked among a query's matches): references are chosen by name. */
      readonly conf?: number;
    }
  /** Marked configurations: their settings together (the browser). */
  | { readonly screen: 'bulk'; readonly keys: readonly RecordKey[]; readonly kind: 'configuration' }
  | {
      readonly screen: 'review';
      readonly keys: readonly RecordKey[];
      readonly title: string;
      readonly id: number;
      readonly notes?: readonly string[];
    }
  | { readonly screen: 'history' }
  /** A query's matches across configurations as a list of their own (docs/ux.md §10). */
  | { readonly screen: 'results'; readonly query: string }
  /** A purge's form, review and outcome (`P`): the purge is the data store's `purges[id]`. */
  | { readonly screen: 'purge'; readonly id: number; readonly conf: number }
  /** Two configurations side by side (`=`): their differences, to copy across (`>`, `<`). */
  | { readonly screen: 'compare'; readonly left: CompareSide; readonly right: CompareSide };

/** One side of a compare: a configuration of a profile (`name` as it was when the compare began, for the header). */
export interface CompareSide {
  readonly profile: string;
  readonly conf: number;
  readonly name: string;
}

/** Names of views: one per list, form and tab set, stable across visits. */
export const VIEW = {
  browser: 'browser',
  palette: 'palette',
  history: 'history',
  help: 'help',
  tab: (conf: number, tab: Tab) => `configuration:${conf}:${tab}`,
  form: (key: RecordKey) => `form:${key}`,
  bulk: (keys: readonly RecordKey[]) => `bulk:${keys.join(',')}`,
  review: (id: number) => `review:${id}`,
  results: (query: string) => `results:${query}`,
  purge: (id: number) => `purge:${id}`,
  compare: (left: CompareSide, right: CompareSide) => `compare:${left.profile}:${left.conf}:${right.profile}:${right.conf}`,
} as const;

/** A compare's side as the header names it: `staging:acme (1528252734)`. */
export const sideName = (side: CompareSide) => `${safe(side.profile)}:${safe(side.name)} (${side.conf})`;
