// The palette's find (docs/ux.md §6, §10): the query language over the store's records — the
// configurations and the lists read (or kept) so far — as palette entries, and what the query needs
// read in the background. Bare words shorter than MIN_EVERYWHERE find configurations only (as
// find anywhere always did); any other query looks through every configuration's lists it needs.
import {
  inScope,
  matchQuery,
  parseQuery,
  type MatchResult,
  type Parsed,
  type Query,
  type QueryData,
  type QueryMatch,
} from '../../query/index.js';
import type { Rec } from '../../schema/index.js';
import { keptAt, listKey, type AppState, type ChildKind } from '../../store/index.js';
import { ago, safe } from '../../ui/text.js';
import type { Route, Tab } from '../../app/routes.js';
import type { Item } from './profile-items.js';

/** Queries of bare words this long also look through every configuration's lists (find anywhere). */
export const MIN_EVERYWHERE = 2;

/** The query the palette runs for its text: bare words too short look at configurations only. */
export function paletteQuery(text: string): Parsed {
  const parsed = parseQuery(text);
  if (!parsed.ok) return parsed;
  const { query } = parsed;
  const words = query.terms.every((t) => t.t === 'text');
  if (words && text.trim().length < MIN_EVERYWHERE)
    return { ok: true, query: { ...query, kinds: query.kinds.filter((k) => k === 'configuration'), needs: [] } };
  return parsed;
}

/** What the search slice reads for a query: the kinds of list it needs, and the configurations its `in:` keeps. */
export function searchFor(query: Query, data: AppState): { readonly kinds: readonly ChildKind[]; readonly confs?: readonly number[] } {
  if (!query.terms.some((t) => t.t === 'in')) return { kinds: query.needs };
  return { kinds: query.needs, confs: configurations(data).flatMap((c) => (inScope(query, c) ? [Number(c.id)] : [])) };
}

const datas = new WeakMap<AppState['lists'], WeakMap<AppState['records'], QueryData>>();

function configurations(data: AppState): Rec[] {
  return recordsOf(data.lists.configurations?.keys, data.records);
}

function recordsOf(keys: readonly string[] | undefined, records: AppState['records']): Rec[] {
  const out: Rec[] = [];
  for (const k of keys ?? []) {
    const r = records[k];
    if (r) out.push(r);
  }
  return out;
}

/** The store's records as the query sees them (one per lists and records). */
export function queryData(data: AppState): QueryData {
  let byRecords = datas.get(data.lists);
  if (!byRecords) {
    byRecords = new WeakMap();
    datas.set(data.lists, byRecords);
  }
  let made = byRecords.get(data.records);
  if (!made) {
    const { lists, records } = data;
    made = {
      configurations: configurations(data),
      records: (kind, conf) => {
        const list = lists[listKey(kind, conf)];
        return list && recordsOf(list.keys, records);
      },
    };
    byRecords.set(data.records, made);
  }
  return made;
}

export interface QueryActions {
  jump(r: Route): void;
  /** Opens a configuration on a tab. */
  open(conf: number, t: Tab): void;
}

const TAB_OF = { rule: 'rules', cache_setting: 'cache_settings', origin: 'origins' } as const satisfies Record<ChildKind, Tab>;

/** ` · as of 3 h ago` after a result found in a list kept by an earlier start and not read again yet. */
function asOf(data: AppState, list: string, now: number): string {
  const at = keptAt(data, list);
  return at === undefined ? '' : ` · as of ${ago(now - at)}`;
}

function itemOf(m: QueryMatch, data: AppState, actions: QueryActions, now: number): Item {
  const key = m.kind === 'configuration' ? `configuration:${m.conf}` : `${m.kind}:${m.conf}:${m.id}`;
  if (m.kind === 'configuration')
    return {
      key,
      label: `configuration ${safe(m.label)} (${m.conf})`,
      help: `${safe(m.detail)}${asOf(data, 'configurations', now)}`,
      value: m.conf,
      go: () => actions.jump({ screen: 'configuration', conf: m.conf }),
    };
  const label =
    m.kind === 'rule'
      ? `rule ${safe(m.label)} (${safe(m.detail)})`
      : m.kind === 'origin'
        ? `origin ${safe(m.detail)} (${safe(m.label)})`
        : `cache setting ${safe(m.label)} (${safe(m.detail)})`;
  const tab = TAB_OF[m.kind];
  return {
    key,
    label,
    help: `${safe(m.confName)} (${m.conf})${asOf(data, listKey(m.kind, m.conf), now)}`,
    value: key,
    go: () => actions.open(m.conf, tab),
  };
}

let last: { readonly query: Query; readonly data: QueryData; readonly max: number; readonly result: MatchResult } | undefined;

/** What `query` finds among the store's records, at most `max` (the last answer kept: a render asks for the entries and the count). */
function found(query: Query, data: AppState, max: number): MatchResult {
  const qd = queryData(data);
  if (last?.query !== query || last.data !== qd || last.max !== max)
    last = { query, data: qd, max, result: matchQuery(query, qd, { limit: max }) };
  return last.result;
}

/** The palette's entries for what `query` finds among the store's records, at most `max`. */
export function queryItems(query: Query, data: AppState, actions: QueryActions, now: number, max: number): Item[] {
  return found(query, data, max).matches.map((m) => itemOf(m, data, actions, now));
}

let whole: { readonly query: Query; readonly data: QueryData; readonly matches: number; readonly confs: number } | undefined;

/** How many records (not configurations) `query` matches among the store's, and in how many configurations. */
export function matchCounts(query: Query, data: AppState): { readonly matches: number; readonly confs: number } {
  const qd = queryData(data);
  if (whole?.query !== query || whole.data !== qd) {
    const records = matchQuery(query, qd).matches.filter((m) => m.kind !== 'configuration');
    whole = { query, data: qd, matches: records.length, confs: new Set(records.map((m) => m.conf)).size };
  }
  return whole;
}

/**
 * The palette's first entry when `query` matches two or more records (not configurations): `all 37
 * matches in 12 configurations`, counted over every match found so far (the entries stop at a
 * limit; this does not), opening them as a list of their own (the results screen, docs/ux.md §10).
 */
export function allMatchesItem(query: Query, text: string, data: AppState, actions: QueryActions): Item | undefined {
  const { matches, confs } = matchCounts(query, data);
  if (matches < 2) return undefined; // one match is its own entry: Enter opens it at once
  return {
    key: 'all-matches',
    label: `all ${matches} matches in ${confs} configuration${confs === 1 ? '' : 's'}`,
    help: 'as a list: mark, edit together, review',
    value: 'all-matches',
    go: () => actions.jump({ screen: 'results', query: text.trim() }),
  };
}

/** How many records `query` looked through (the status line's total), as the entries were found. */
export function lookedThrough(query: Query, data: AppState): number {
  const qd = queryData(data);
  return (last?.query === query && last.data === qd ? last.result : found(query, data, 0)).looked; // the count is the same at any limit
}
