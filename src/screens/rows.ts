// Rows of a list: the records in list order, filtered by every word of the filter
// (id, name, path, domain, cnames). Memoised on its inputs, so render and key handlers share one result.
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
    hay = [r.id, r.name, r.path, r.domain_name, ...cnames].filter((v) => v !== undefined && v !== null).map(String).join(' ').toLowerCase();
    haystacks.set(r, hay);
  }
  return hay;
}

export function matches(r: Rec, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = haystack(r);
  return words.every((w) => hay.includes(w));
}

/** Rows of a list of records, memoised on (keys, records, filter). */
export function rowsSelector(): (keys: readonly RecordKey[] | undefined, records: AppState['records'], filter: string) => readonly Row[] {
  let last: { keys: readonly RecordKey[] | undefined; records: AppState['records']; filter: string; rows: readonly Row[] } | undefined;
  return (keys, records, filter) => {
    if (last && last.keys === keys && last.records === records && last.filter === filter) return last.rows;
    const rows: Row[] = [];
    for (const key of keys ?? []) {
      const record = records[key];
      if (record && matches(record, filter)) rows.push({ key, record });
    }
    last = { keys, records, filter, rows };
    return rows;
  };
}
