// Drafts whose change the server already has (docs/ux.md §4, issue 21): after a crash mid-send, the
// journal still holds drafts that went before the app stopped. Once what they change has been read
// again in this session, an edit whose record holds every value it would send, or a delete whose
// record is gone from its list, is "already applied": shown so in the review, not counted, never
// sent (new records a lost POST made are found by the list read itself: src/store/made.ts).
import { buildRequest } from '../diff/index.js';
import { isFresh, listOfRecord } from './keep/fresh.js';
import { holds } from './made.js';
import type { RecordKey } from './keys.js';
import type { DataState } from './types.js';

type Seen = Pick<DataState, 'drafts' | 'records' | 'lists' | 'readAgain'>;

export function alreadyApplied(s: Seen, key: RecordKey): boolean {
  const d = s.drafts[key];
  if (!d || d.refs || d.unresolved) return false;
  if (d.target.op === 'delete') {
    const list = listOfRecord(key);
    return list !== undefined && isFresh(s, list) && !s.lists[list]!.keys.includes(key);
  }
  if (d.target.op !== 'update' || !isFresh(s, key)) return false;
  const body = buildRequest(d.target, d.base, d.values)?.body;
  return body !== undefined && holds(d.target, s.records[key], body);
}

/** What to read again so that `alreadyApplied` can tell: the lists (or records) the drafts change. */
export function toReadAgain(s: Seen, keys: readonly RecordKey[]): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    const d = s.drafts[key];
    if (!d || d.refs || d.target.op === 'create') continue;
    const what = listOfRecord(key) ?? key;
    if (!isFresh(s, what)) out.add(what);
  }
  return [...out];
}
