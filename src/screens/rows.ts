// Rows of a list: the records in list order, filtered by every word of the filter
// (id, name, path, domain, cnames). Memoised on its inputs, so render and key handlers share one result.
//
// Filtering runs on every typed key at 10,000 rows, so it is prepared: each list keeps the
// lower-cased text of its records (built once per list and records), and a filter that only
// narrows the one before (a letter typed at its end) looks only through the rows that one kept.
import type { Rec } from '../schema/index.js';
import type { AppState, RecordKey } from '../store/index.js';

export interface Row {
  readonly key: RecordKey;
  readonly record: Rec;
}

const haystacks = new WeakMap<Rec, string>();

/** What a filter word is looked for in, lower-case (kept per record object). */
function haystack(r: Rec): string {
  let hay = haystacks.get(r);
  if (hay === undefined) {
    const cnames = Array.isArray(r.cname) ? r.cname.map(String) : [];
    hay = [r.id, r.name, r.path, r.domain_name, ...cnames]
      .filter((v) => v !== undefined && v !== null)
      .map(String)
      .join(' ')
      .toLowerCase();
    haystacks.set(r, hay);
  }
  return hay;
}

/** The words of a filter, lower-case. */
function wordsOf(filter: string): string[] {
  return filter.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matches(r: Rec, filter: string): boolean {
  const words = wordsOf(filter);
  const hay = haystack(r);
  return words.every((w) => hay.includes(w));
}

/** Whether every row `next` keeps was kept by `prev` too: each word of `prev` is inside a word of `next`. */
function narrows(prev: readonly string[], next: readonly string[]): boolean {
  return prev.every((p) => next.some((n) => n.includes(p)));
}

interface Prepared {
  readonly keys: readonly RecordKey[] | undefined;
  readonly records: AppState['records'];
  readonly rows: readonly Row[];
  /** The rows' texts, made at the first filter (a list that is never filtered never makes them). */
  hays?: readonly string[];
}

interface Filtered {
  readonly filter: string;
  readonly words: readonly string[];
  /** Indexes into the prepared rows; undefined: all of them. */
  readonly picked: readonly number[] | undefined;
  readonly rows: readonly Row[];
}

function prepare(keys: readonly RecordKey[] | undefined, records: AppState['records']): Prepared {
  const rows: Row[] = [];
  for (const key of keys ?? []) {
    const record = records[key];
    if (record) rows.push({ key, record });
  }
  return { keys, records, rows };
}

/** Rows of a list of records, memoised on (keys, records, filter). */
export function rowsSelector(): (keys: readonly RecordKey[] | undefined, records: AppState['records'], filter: string) => readonly Row[] {
  let base: Prepared | undefined;
  let last: Filtered | undefined;
  return (keys, records, filter) => {
    if (!base || base.keys !== keys || base.records !== records) {
      base = prepare(keys, records);
      last = undefined;
    }
    if (last?.filter === filter) return last.rows;
    const words = wordsOf(filter);
    if (words.length === 0) {
      last = { filter, words, picked: undefined, rows: base.rows };
      return base.rows;
    }
    const hays = (base.hays ??= base.rows.map((row) => haystack(row.record)));
    const from = last && narrows(last.words, words) ? last.picked : undefined;
    const picked: number[] = [];
    const keep = (i: number) => {
      const hay = hays[i]!;
      for (const w of words) if (!hay.includes(w)) return;
      picked.push(i);
    };
    if (from) for (const i of from) keep(i);
    else for (let i = 0; i < hays.length; i++) keep(i);
    const all = base.rows;
    last = { filter, words, picked, rows: picked.map((i) => all[i]!) };
    return last.rows;
  };
}
