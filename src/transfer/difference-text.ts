// `cdn-tui diff`'s output: the difference of two configurations as `-`/`+` lines of the export
// format, normalised (normalise.ts: no ids, references by name, records matched by path + regex or
// name), with the lines that say where (the list, the record's path or name) as context. Empty when
// they are the same. Stable: the same two configurations give the same text (fit for a CI check).
import { isPlainObject, type Rec } from '../schema/index.js';
import { compareSnapshots, normaliseBoth, type Difference } from './differences.js';
import type { Snapshot } from './normalise.js';

const show = (v: unknown): string => JSON.stringify(v);

/** A record as lines of `"field": value` at `indent`, each after `sign`. */
function recordLines(sign: string, indent: string, record: Rec): string[] {
  return [`${sign}${indent}{`, ...Object.entries(record).map(([k, v]) => `${sign}${indent}  ${show(k)}: ${show(v)}`), `${sign}${indent}}`];
}

/** The `-`/`+` lines of field differences (absent on a side: no line for it). */
function fieldLines(indent: string, diffs: readonly Difference[]): string[] {
  const out: string[] = [];
  for (const d of diffs) {
    if (d.left !== undefined) out.push(`-${indent}${show(d.field)}: ${show(d.left)}`);
    if (d.right !== undefined) out.push(`+${indent}${show(d.field)}: ${show(d.right)}`);
  }
  return out;
}

/** The differences in groups of one record each, in the order they came. */
function byRecord(diffs: readonly Difference[]): Difference[][] {
  const out: Difference[][] = [];
  for (const d of diffs) {
    const last = out[out.length - 1];
    if (last && last[0]!.record === d.record && last[0]!.group === d.group) last.push(d);
    else out.push([d]);
  }
  return out;
}

export function differenceText(left: Snapshot, right: Snapshot): string {
  const diffs = compareSnapshots(left, right);
  if (diffs.length === 0) return '';
  const [a, b] = normaliseBoth(left, right);
  const lines: string[] = [];
  const object = (name: string, group: Difference['group']) => {
    const mine = diffs.filter((d) => d.group === group);
    if (mine.length) lines.push(` ${show(name)}: {`, ...fieldLines('  ', mine), ' }');
  };
  /** A list's records that differ: a whole record `-` or `+`, or its context lines and changed fields. */
  const list = (name: string, group: Difference['group'], context: (key: string) => Rec) => {
    const mine = diffs.filter((d) => d.group === group);
    if (!mine.length) return;
    lines.push(` ${show(name)}: [`);
    for (const record of byRecord(mine)) {
      const first = record[0]!;
      const whole = first.left ?? first.right;
      if (first.field === undefined && isPlainObject(whole)) {
        lines.push(...recordLines(first.left !== undefined ? '-' : '+', '  ', whole));
        continue;
      }
      const key = first.id.slice(first.id.indexOf(':') + 1, first.id.lastIndexOf(':'));
      lines.push(
        '   {',
        ...Object.entries(context(key)).map(([k, v]) => `     ${show(k)}: ${show(v)}`),
        ...fieldLines('    ', record),
        '   }',
      );
    }
    lines.push(' ]');
  };
  object('configuration', 'settings');
  list('cache_settings', 'cache settings', (name) => ({ name }));
  list('rules', 'rules', (key) => {
    const rule = a.rules.get(key) ?? b.rules.get(key) ?? {};
    return { path: rule.path, regex: rule.regex };
  });
  object('error_responses', 'error TTLs');
  return `${lines.join('\n')}\n`;
}
