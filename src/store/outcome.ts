// What became of a set of drafts that were sent, in words: the status line's summary and one line
// per draft. Pure, from the typed results (never from the text of a message).
import { parseKey, recordKey, type RecordKey } from './keys.js';
import type { ApplyResult, DataState } from './types.js';
import type { Rec } from '../schema/index.js';

export interface ApplySummary {
  readonly applied: number;
  readonly unchanged: number;
  readonly failed: number;
  readonly conflicts: number;
  /** Not sent because a draft they needed did not go. */
  readonly held: number;
  /** Everything went (or had nothing to send). */
  readonly ok: boolean;
  /** One sentence for the status line. */
  readonly text: string;
  /** Its counts alone (`26 applied, 1 failed`), and why (`: path: Rule 12 already has this path.`): `text` is the two. */
  readonly counts: string;
  readonly why: string;
}

/** `rule /images/* (45)`, `new cache setting static in configuration 7`, `error responses in the new configuration`. */
export function titleOf(key: RecordKey, record: Rec | undefined): string {
  const { kind, id, conf, isNew, inNewConf } = parseKey(key);
  const name = record?.name ?? record?.path;
  const what = kind.replace('_', ' ');
  const named = typeof name === 'string' && name !== '' ? ` ${name}` : '';
  const where = inNewConf ? ' in the new configuration' : conf !== undefined && kind !== 'configuration' ? ` in configuration ${conf}` : '';
  if (isNew) return `new ${what}${named}${where}`;
  if (inNewConf) return `${what}${where}`;
  return `${what}${named} (${String(id ?? conf)})`;
}

export function summarize(results: readonly ApplyResult[]): ApplySummary {
  const count = (...o: ApplyResult['outcome'][]) => results.filter((r) => o.includes(r.outcome)).length;
  const applied = count('applied');
  const unchanged = count('unchanged');
  const failed = count('failed', 'invalid');
  const conflicts = count('conflict');
  const held = count('held');
  const ok = failed + conflicts + held === 0;
  const only = results.length === 1 ? results[0] : undefined;
  let text: string;
  let counts: string;
  let why = '';
  if (ok && only?.outcome === 'applied')
    text = counts = only.record ? `saved ${titleOf(only.newKey ?? only.key, only.record)}` : `deleted ${titleOf(only.key, only.gone)}`;
  else {
    const parts = [`${applied} applied`];
    if (failed) parts.push(`${failed} failed`);
    if (conflicts) parts.push(`${conflicts} in conflict`);
    if (held) parts.push(`${held} not sent (kept as drafts)`);
    if (unchanged && !failed && !conflicts && !applied) parts.push(`${unchanged} had nothing to send`);
    const first = results.find((r) => r.outcome === 'failed' || r.outcome === 'invalid');
    why =
      first?.outcome === 'failed'
        ? `: ${first.message}`
        : first
          ? ': fix the fields marked error'
          : conflicts
            ? ': someone else changed them (m keep mine, t take theirs)'
            : '';
    counts = parts.join(', ');
    text = counts + why;
  }
  return { applied, unchanged, failed, conflicts, held, ok, text, counts, why };
}

/** One line per draft sent: what became of it. */
export function resultLine(r: ApplyResult, title: string): { readonly ok: boolean; readonly text: string } {
  switch (r.outcome) {
    case 'applied':
      return { ok: true, text: `applied: ${title}` };
    case 'unchanged':
      return { ok: true, text: `nothing to send: ${title}` };
    case 'conflict':
      return { ok: false, text: `conflict: ${title}` };
    case 'invalid':
      return { ok: false, text: `fix the fields marked error: ${title}` };
    case 'failed':
    case 'held':
      return { ok: false, text: `${r.message} (${title})` };
  }
}

/** `configuration shop (1528252734)`: a configuration as the review's notes and problems name it. */
export function configurationWords(state: Pick<DataState, 'records'>, conf: number): string {
  const name = state.records[recordKey('configuration', undefined, conf)]?.name;
  return typeof name === 'string' ? `configuration ${name} (${conf})` : `configuration ${conf}`;
}
