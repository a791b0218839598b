// The review's warnings (docs/lint.md): what the API would accept but breaks a site, for each record
// as the send leaves it, in its configuration as the send leaves it; and what the send breaks on a
// record it does not touch (a cache setting no rule uses once the rules are moved off it).
import { lintRecord, lintScope, type LintFinding, type LintScope } from '../../lint/index.js';
import type { Rec } from '../../schema/index.js';
import { listKey, recordKey, type RecordKey } from '../keys.js';
import { titleOf } from '../outcome.js';
import { listAfter, perSend, readList, type Batch, type Entry } from './batch.js';
import type { Finding } from './types.js';

interface Scopes {
  readonly before: LintScope;
  readonly after: LintScope;
}

/** Configuration `conf` as read (what of it the store has: lists not read are left out, never guessed), and as the send leaves it. */
const scopes = perSend((batch: Batch, conf: number): Scopes => {
  const { state } = batch;
  const key = recordKey('configuration', undefined, conf);
  const read = state.records[key];
  const edited = batch.byKey.get(key)?.after ?? read;
  const records = (kind: 'rule' | 'cache_setting' | 'origin') =>
    readList(state, listKey(kind, conf))
      ?.map((k) => state.records[k])
      .filter((r): r is Rec => r !== undefined);
  const left = (kind: 'rule' | 'cache_setting' | 'origin') => listAfter(batch, listKey(kind, conf))?.map(([, r]) => r);
  const scope = (configuration: Rec | undefined, lists: (kind: 'rule' | 'cache_setting' | 'origin') => Rec[] | undefined): LintScope => {
    const [rules, caches, origins] = [lists('rule'), lists('cache_setting'), lists('origin')];
    return {
      ...(configuration ? { configuration } : {}),
      ...(rules ? { rules } : {}),
      ...(caches ? { cache_settings: caches } : {}),
      ...(origins ? { origins } : {}),
    };
  };
  return { before: scope(read, records), after: scope(edited, left) };
});

const warning = (f: LintFinding, message = f.message): Finding => ({
  severity: 'warning',
  field: f.field,
  code: f.code,
  message,
  lint: true,
});

/** Warnings on the record a create or an edit leaves (a field already refused is said once: the refusal). */
export function lintFindings(batch: Batch, e: Entry, refused: readonly Finding[]): Finding[] {
  const { kind, conf, op } = e.draft.target;
  if (op === 'delete' || !e.after || kind === 'error_responses') return [];
  const scope = conf === undefined || e.draft.refs?.conf !== undefined ? {} : scopes(batch, conf).after;
  return lintRecord(kind, e.after, scope)
    .filter((f) => !refused.some((r) => r.severity === 'refused' && r.field === f.field))
    .map((f) => warning(f));
}

/** Warnings the send brings on records it does not touch, named by their titles. */
export function sideEffects(batch: Batch): Finding[] {
  const confs = new Set<number>();
  for (const e of batch.entries) {
    const { kind, conf, id } = e.draft.target;
    // A configuration's own edit counts for what it holds (its rules read its protocol).
    const where = kind === 'configuration' ? id : e.draft.refs?.conf === undefined ? conf : undefined;
    if (where !== undefined) confs.add(where);
  }
  const out: Finding[] = [];
  for (const conf of confs) {
    const { before, after } = scopes(batch, conf);
    const id = (f: LintFinding) => `${f.code} ${f.kind} ${String(f.id)} ${f.field}`;
    const was = new Set(lintScope(before).map(id));
    for (const f of lintScope(after)) {
      const key: RecordKey = f.kind === 'configuration' ? recordKey('configuration', undefined, conf) : recordKey(f.kind, conf, f.id);
      if (f.id === undefined || was.has(id(f)) || batch.byKey.has(key)) continue;
      out.push(warning(f, `${titleOf(key, batch.state.records[key])}, once this is sent: ${f.message}`));
    }
  }
  return out;
}
