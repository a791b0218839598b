// The pre-flight of a delete: a cache setting or origin that rules still use once the rest of the
// send has gone (its deletes go last: the send's edits may move the rules off it first), and a
// configuration's Default Origin, are refused by the API (409).
import { deleteProblem, type Rec } from '../../schema/index.js';
import { listKey, parseKey, type RecordKey } from '../keys.js';
import { titleOf } from '../outcome.js';
import { listAfter, readList, type Batch, type Entry } from './batch.js';
import type { Finding } from './types.js';

export function deleteFindings(batch: Batch, e: Entry): Finding[] {
  const { kind, conf, id } = e.draft.target;
  if (e.draft.target.op !== 'delete' || (kind !== 'cache_setting' && kind !== 'origin') || conf === undefined || id === undefined)
    return [];
  const rules = listAfter(batch, listKey('rule', conf));
  const origins = readList(batch.state, listKey('origin', conf));
  if (!rules || (kind === 'origin' && !origins)) return []; // not read: said by the reads' findings
  // A rule is named by its id, or (one the send makes) as the review names it.
  const names = new Map<Rec, RecordKey>(rules.map(([key, r]) => [r, key]));
  const nameOf = (r: Rec) => {
    const key = names.get(r);
    return key && parseKey(key).isNew ? titleOf(key, r) : String(r.id);
  };
  const refused = deleteProblem(
    kind,
    id,
    { rules: rules.map(([, r]) => r), originIds: (origins ?? []).map((k) => parseKey(k).id ?? 0) },
    nameOf,
  );
  return refused ? [{ severity: 'refused', field: '', code: refused.code, message: refused.text }] : [];
}
