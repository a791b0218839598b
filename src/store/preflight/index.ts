// The review's pre-flight (docs/preflight.md): before `y`, every request of a send is checked
// against the target as read for that review and against the other requests of the send, with the
// schema the emulator validates with. Pure: the TUI's review, `cdn-tui apply` and its dry run call
// it on the store's state; the emulator's refusals are its test corpus (test/preflight/corpus.test.ts).
import { alreadyApplied } from '../applied.js';
import { isFresh } from '../keep/fresh.js';
import type { RecordKey } from '../keys.js';
import { batchOf } from './batch.js';
import { deleteFindings } from './deletes.js';
import { needsOf, readWords } from './needs.js';
import { lintFindings, sideEffects } from './lint.js';
import { recordFindings } from './record.js';
import type { Finding, Preflight, PreflightState } from './types.js';
import { writeFindings } from './writes.js';

export type { Finding, Preflight, PreflightCode, PreflightState, Severity } from './types.js';
export { phaseOf, type Phase } from './batch.js';
export { readAt, readWords, reading, REVIEW_READ_AGE_MS, toRead } from './needs.js';
export { accountHosts, purgePreflight, type PurgeFinding } from './purge.js';

const bySeverity = (a: Finding, b: Finding) => (a.severity === b.severity ? 0 : a.severity === 'refused' ? -1 : 1);

/** The keys the checks of these drafts read (see needs.ts). */
export function preflightNeeds(state: PreflightState, keys: readonly RecordKey[]): string[] {
  return [...new Set(batchOf(state, keys).entries.flatMap(needsOf))];
}

/** What could not be read for a request's checks (being read now: not said; the review says it is checking). */
function unread(state: PreflightState, needs: readonly string[], fresh: (key: string) => boolean): Finding[] {
  return needs
    .filter((k) => !fresh(k) && state.requests[k]?.status !== 'loading')
    .map((k) => {
      const failed = state.requests[k];
      const why = failed?.status === 'error' && failed.message ? `: ${failed.message}` : '';
      return { severity: 'warning', field: '', code: 'not_read', message: `Not checked against ${readWords(k)}, which could not be read${why}.` };
    });
}

export function preflight(state: PreflightState, keys: readonly RecordKey[]): Preflight {
  const batch = batchOf(state, keys);
  const findings: Record<RecordKey, Finding[]> = {};
  let refused = 0;
  let warnings = 0;
  const fresh = (k: string) => isFresh(state, k);
  for (const e of batch.entries) {
    // What the server already has (a send cut short before a restart) is not sent again.
    if (alreadyApplied(state, e.key)) continue;
    const checked = [...recordFindings(batch, e), ...writeFindings(batch, e), ...deleteFindings(batch, e), ...unread(state, needsOf(e), fresh)];
    const found = [...checked, ...lintFindings(batch, e, checked)].sort(bySeverity);
    if (found.length === 0) continue;
    findings[e.key] = found;
    if (found.some((f) => f.severity === 'refused')) refused++;
    warnings += found.filter((f) => f.severity === 'warning').length;
  }
  const general = sideEffects(batch);
  return { findings, general, refused, warnings: warnings + general.length };
}
