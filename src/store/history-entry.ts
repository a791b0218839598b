// What the history keeps of one sent change (history.ts): made from the draft, its request and
// what came of it. A change that was not sent (invalid, unchanged, a conflict found by the re-read,
// a failure before the write went) leaves no entry.
import { ClientError } from '../api/index.js';
import type { WriteRequest } from '../diff/index.js';
import type { Rec } from '../schema/index.js';
import type { HistoryEntry } from './history.js';
import { titleOf } from './outcome.js';
import type { ApplyResult, Draft } from './types.js';

/** The fields of `record` named in `like`. */
function pick(record: Rec | undefined, like: Rec): Rec {
  const out: Rec = {};
  for (const k of Object.keys(like)) if (record && Object.hasOwn(record, k)) out[k] = record[k];
  return out;
}

export function historyEntry(d: Draft, req: WriteRequest, result: ApplyResult, at: string, send?: string): HistoryEntry | undefined {
  const sent =
    result.outcome === 'applied' ||
    (result.outcome === 'failed' && result.error instanceof ClientError && result.error.method === req.method);
  if (!sent) return undefined;
  const key = result.outcome === 'applied' && result.newKey ? result.newKey : result.key;
  const record = result.outcome === 'applied' ? result.record : undefined;
  const base = {
    at,
    key,
    title: titleOf(key, record ?? d.base ?? d.values),
    method: req.method,
    path: req.path,
    ...(send ? { send } : {}),
  };
  const values =
    req.method === 'DELETE'
      ? { ...(d.base ? { before: d.base } : {}) }
      : req.method === 'POST'
        ? { after: record ?? req.body ?? {} }
        : { before: pick(d.base, req.body ?? {}), after: req.body ?? {} };
  if (result.outcome === 'applied')
    return { ...base, ...values, ...(result.contents ? { contents: result.contents } : {}), result: 'applied' };
  if (result.outcome !== 'failed') return undefined;
  return {
    ...base,
    ...values,
    result: 'failed',
    message: result.message,
    ...(result.status === undefined ? {} : { status: result.status }),
  };
}
