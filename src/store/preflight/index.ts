// The review's pre-flight (docs/preflight.md): before `y`, every request of a send is checked
// against the target as read for that review and against the other requests of the send, with the
// schema the emulator validates with. Pure: the TUI's review, `cdn-tui apply` and its dry run call
// it on the store's state; the emulator's refusals are its test corpus (test/preflight/corpus.test.ts).
import { alreadyApplied } from '../applied.js';
import { isFresh } from '../keep/fresh.js';
import { listKey, parseKey, type RecordKey } from '../keys.js';
import { rulesUsing } from '../../schema/index.js';
import { batchOf } from './batch.js';
import { deleteFindings } from './deletes.js';
import { needsOf, readWords } from './needs.js';
import { lintFindings, sideEffects } from './lint.js';
import { recordFindings, unresolvedFindings } from './record.js';
import type { Finding, Preflight, PreflightState } from './types.js';
import { writeFindings } from './writes.js';
import { planOfBatch } from '../send-plan.js';

export type { Finding, Preflight, PreflightCode, PreflightState, Severity } from './types.js';
export { phaseOf, type Phase } from './batch.js';
export { readAt, readWords, reading, REVIEW_READ_AGE_MS, stillChecking, toRead } from './needs.js';
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
      return {
        severity: 'warning',
        field: '',
        code: 'not_read',
        message: `Not checked against ${readWords(k)}, which could not be read${why}.`,
      };
    });
}

/** The drafts that delete `keys` (as they are read), beside the drafts there are: what `d` is about to send. */
function withDeletes(state: PreflightState, keys: readonly RecordKey[]): PreflightState {
  const drafts = { ...state.drafts };
  for (const key of keys) {
    const record = state.records[key];
    const { kind, conf, id } = parseKey(key);
    if (record && id !== undefined)
      drafts[key] = {
        target: { kind, op: 'delete', id, ...(conf !== undefined ? { conf } : {}) },
        base: record,
        values: record,
        startedAt: 0,
        updatedAt: 0,
      };
  }
  return { ...state, drafts };
}

/** What the reads of the pre-flight of deleting `keys` are (`d` reads them before it asks). */
export function deleteNeeds(state: PreflightState, keys: readonly RecordKey[]): string[] {
  return preflightNeeds(withDeletes(state, keys), keys);
}

export interface DeletePreview {
  /** What the API would refuse of the deletes, judged as the pending drafts and the deletes leave things. */
  readonly checked: Preflight;
  /**
   * Pending drafts the deletes need sent first (they move the last rules off what is deleted): the
   * deletes join them in one send, not alone. Empty: the deletes can go on their own.
   */
  readonly waitFor: readonly RecordKey[];
}

/** The pre-flight of deleting `keys` (`d`, before its question), as the whole send with the pending drafts leaves them. */
export function previewDeletes(state: PreflightState, keys: readonly RecordKey[]): DeletePreview {
  const deleting = withDeletes(state, keys);
  const pending = Object.keys(state.drafts).filter((k) => !keys.includes(k));
  const whole = preflight(deleting, [...keys, ...pending]);
  const findings = Object.fromEntries(keys.flatMap((k) => (whole.findings[k] ? [[k, whole.findings[k]]] : [])));
  const refused = keys.filter((k) => findings[k]?.some((f) => f.severity === 'refused')).length;
  const checked: Preflight = { findings, general: [], refused, warnings: 0 };
  if (refused || pending.length === 0) return { checked, waitFor: [] };
  // Alone, would they be refused? Then they wait for the pending drafts that move rules off them.
  const alone = preflight(deleting, keys);
  if (alone.refused === 0) return { checked, waitFor: [] };
  const moving = new Set(keys.flatMap((k) => rulesUsingKeys(state, k)));
  return { checked, waitFor: pending.filter((k) => moving.has(k)) };
}

/** The keys of the rules (as read) that use record `key` (a cache setting, an origin): those to point elsewhere first. */
export function rulesUsingKeys(state: PreflightState, key: RecordKey): RecordKey[] {
  const { kind, conf, id } = parseKey(key);
  if ((kind !== 'cache_setting' && kind !== 'origin') || conf === undefined || id === undefined) return [];
  const rules = (state.lists[listKey('rule', conf)]?.keys ?? []).flatMap((k) => (state.records[k] ? [[k, state.records[k]] as const] : []));
  const using = new Set(
    rulesUsing(
      kind,
      id,
      rules.map(([, r]) => r),
    ),
  );
  return rules.filter(([, r]) => using.has(r)).map(([k]) => k);
}

export function preflight(state: PreflightState, keys: readonly RecordKey[]): Preflight {
  const batch = batchOf(state, keys);
  const findings: Record<RecordKey, Finding[]> = {};
  let refused = 0;
  let warnings = 0;
  const fresh = (k: string) => isFresh(state, k);
  // Requests that hold each other up, which no temporary value frees: the send cannot be ordered.
  const { stuck } = planOfBatch(batch);
  for (const e of batch.entries) {
    // What the server already has (a send cut short before a restart) is not sent again.
    if (alreadyApplied(state, e.key)) continue;
    const checked = [
      ...recordFindings(batch, e),
      ...unresolvedFindings(batch, e),
      ...writeFindings(batch, e),
      ...deleteFindings(batch, e),
      ...(stuck[e.key] ? [{ severity: 'refused', field: '', code: 'order', message: stuck[e.key]! } satisfies Finding] : []),
      ...unread(state, needsOf(e), fresh),
    ];
    const found = [...checked, ...lintFindings(batch, e, checked)].sort(bySeverity);
    if (found.length === 0) continue;
    findings[e.key] = found;
    if (found.some((f) => f.severity === 'refused')) refused++;
    warnings += found.filter((f) => f.severity === 'warning').length;
  }
  const general = sideEffects(batch);
  return { findings, general, refused, warnings: warnings + general.length };
}
