// The pre-flight of what an edit or a delete starts from: the record as read for the review. Gone
// from the server, an edit is refused (404); changed since the draft began, the send stops at it
// and shows both sides (src/store/slices/apply.ts), so the review says so first.
import { threeWay } from '../../diff/index.js';
import { isFresh } from '../keep/fresh.js';
import { listOf } from '../keys.js';
import { unresolvedWords } from '../by-name.js';
import { perSend, type Batch, type Entry } from './batch.js';
import type { Finding } from './types.js';

/** The keys of a list as read, as a set. */
const listed = perSend((batch, list: string): ReadonlySet<string> => new Set(batch.state.lists[list]?.keys ?? []));

export function recordFindings(batch: Batch, e: Entry): Finding[] {
  const { target, base, values } = e.draft;
  if (target.op !== 'update' || !base) return [];
  const list = listOf(target);
  if (list && isFresh(batch.state, list) && !listed(batch, list).has(e.key)) {
    return [
      {
        severity: 'refused',
        field: '',
        code: 'gone',
        message: 'Gone from the server since your draft began (someone deleted it): the API answers 404.',
      },
    ];
  }
  if (!e.server) return [];
  const theirs = threeWay(target.kind, base, e.server, values).map((f) => f.field);
  if (theirs.length === 0) return [];
  return [
    {
      severity: 'warning',
      field: theirs[0]!,
      code: 'changed',
      message: `Changed on the server since your draft began (${theirs.join(', ')}): the send stops at this request and shows both sides (m keeps yours, t takes theirs).`,
    },
  ];
}

/** A reference chosen by name that the record's configuration has no record of: refused until chosen again or dropped. */
export function unresolvedFindings(batch: Batch, e: Entry): Finding[] {
  return Object.entries(e.draft.unresolved ?? {}).map(([field, name]) => ({
    severity: 'refused',
    field,
    code: 'unresolved',
    message: unresolvedWords(batch.state, e.key, field, name),
  }));
}
