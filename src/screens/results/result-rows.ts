// The rows of the results screen (docs/ux.md §10): a query's matches among the records read (or
// kept) so far — rules, cache settings and origins of every configuration in scope, not the
// configurations themselves — one row a match, in the query's order, with its configuration; and
// the filter over them (every word in the kind, path or name, detail, configuration name or ids).
// Memoised on the query and the store's lists and records, with what the status line counts over
// them: a render and the key handlers share one, and a key that moves or marks goes over no row
// (counting 2,000 rows' configurations at every render took ~3 ms a key: bench/results.mjs).
import { matchQuery, type Query, type QueryMatch } from '../../query/index.js';
import { recordKey, type AppState, type ChildKind } from '../../store/index.js';
import { kindWords } from '../../schema/index.js';
import type { Row } from '../rows.js';
import { queryData } from '../palette/query-items.js';

export interface ResultRow extends Row {
  readonly kind: ChildKind;
  readonly match: QueryMatch;
}

export interface ResultRows {
  readonly all: readonly ResultRow[];
  /** The keys of `all`. */
  readonly keys: readonly string[];
  /** How many configurations `all` is in. */
  readonly confs: number;
  /** The status line's word for `all` (rowsWord). */
  readonly word: readonly [string, string];
  /** Those the filter keeps. */
  readonly shown: readonly ResultRow[];
}

interface Made {
  readonly data: ReturnType<typeof queryData>;
  readonly all: readonly ResultRow[];
  readonly keys: readonly string[];
  readonly confs: number;
  readonly word: readonly [string, string];
  readonly hays: readonly string[];
  filter?: string;
  shown?: readonly ResultRow[];
}

/** The matches of `query` as rows, and as filtered by `filter`; memoised on the last query, store data and filter. */
export function resultRowsSelector(): (query: Query, s: AppState, filter: string) => ResultRows {
  let made: Made | undefined;
  let madeFor: Query | undefined;
  return (query, s, filter) => {
    const data = queryData(s);
    if (!made || madeFor !== query || made.data !== data) {
      const all = rowsOf(matchQuery(query, data).matches, s);
      const confs = new Set(all.map((r) => r.match.conf)).size;
      made = { data, all, keys: all.map((r) => r.key), confs, word: rowsWord(all), hays: all.map(hayOf) };
      madeFor = query;
    }
    if (made.filter !== filter) {
      const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
      const { all, hays } = made;
      made.shown = words.length === 0 ? all : all.filter((_, i) => words.every((w) => hays[i]!.includes(w)));
      made.filter = filter;
    }
    return { all: made.all, keys: made.keys, confs: made.confs, word: made.word, shown: made.shown! };
  };
}

function rowsOf(matches: readonly QueryMatch[], s: AppState): ResultRow[] {
  const out: ResultRow[] = [];
  for (const m of matches) {
    if (m.kind === 'configuration') continue;
    const key = recordKey(m.kind, m.conf, m.id);
    const record = s.records[key];
    if (record) out.push({ key, record, kind: m.kind, match: m });
  }
  return out;
}

const hayOf = (r: ResultRow) =>
  [kindWords(r.kind)[0], r.match.label, r.match.detail, r.match.confName, r.match.conf, r.match.id].join(' ').toLowerCase();

/** The status line's word for the rows: the kind's when they are all of one (`rules`), else `matches`. */
export function rowsWord(rows: readonly ResultRow[]): readonly [string, string] {
  const kinds = new Set(rows.map((r) => r.kind));
  const [only] = kinds;
  return kinds.size === 1 && only ? kindWords(only) : ['match', 'matches'];
}
