// The compare view's rows (pure): one per difference of compareSnapshots (src/transfer), in its
// groups — settings, rules, cache settings, error TTLs — the group named on its first row, then the
// record, the field (`identity` beside name, cnames, cname access only), and both values, `-` the
// left side's and `+` the right side's, as the forms show them (`86400 (1d)`, `yes`, `(none)`).
import type { Column } from '../../components/windowed-table.js';
import { schemaFor, type FieldSpec, type ResourceKind } from '../../schema/index.js';
import type { CompareGroup, Difference } from '../../transfer/compare.js';
import { safe } from '../../ui/text.js';
import { showField } from '../../ui/values.js';

export interface CompareRow {
  readonly key: string;
  readonly difference: Difference;
  /** The first row of its group: the group is named on it. */
  readonly first: boolean;
}

const KIND: Readonly<Record<CompareGroup, ResourceKind>> = {
  settings: 'configuration',
  rules: 'rule',
  'cache settings': 'cache_setting',
  'error TTLs': 'error_responses',
};

function specOf(group: CompareGroup, field: string): FieldSpec | undefined {
  return schemaFor(KIND[group]).fields.find((f) => f.name === field);
}

/** One value as a form shows it; a reference is compared (and shown) by what it points at. */
function fieldText(group: CompareGroup, field: string, v: unknown): string {
  const spec = specOf(group, field);
  if (spec?.type === 'integer' && spec.ref && typeof v === 'string') return safe(v); // a cache setting's or origin's name
  if (v === null || v === undefined) return spec && v === null ? showField(spec, v) || 'none' : '(none)';
  return spec ? showField(spec, v) || '""' : safe(typeof v === 'string' ? v : JSON.stringify(v));
}

/** A difference's value on one side: the field's value, or a whole record (`absent` on the side without it). */
export function valueText(d: Difference, v: unknown): string {
  if (d.field !== undefined) return fieldText(d.group, d.field, v);
  if (v === undefined || v === null || typeof v !== 'object') return 'absent';
  return Object.entries(v)
    .map(([field, value]) => `${field} ${fieldText(d.group, field, value)}`)
    .join(', ');
}

export function compareRows(differences: readonly Difference[]): CompareRow[] {
  return differences.map((difference, i) => ({
    key: difference.id,
    difference,
    first: i === 0 || differences[i - 1]!.group !== difference.group,
  }));
}

/** The columns, the value columns titled by their side (`- staging:acme (1528252734)`). */
export function compareColumns(left: string, right: string): readonly Column<CompareRow>[] {
  return [
    { title: 'group', cell: (r) => (r.first ? r.difference.group : '') },
    { title: 'record', cell: (r) => safe(r.difference.record) },
    {
      title: 'field',
      cell: (r) =>
        r.difference.field === undefined ? 'whole record' : `${r.difference.field}${r.difference.identity ? ' (identity)' : ''}`,
    },
    { title: `- ${left}`, cell: (r) => `- ${valueText(r.difference, r.difference.left)}` },
    { title: `+ ${right}`, cell: (r) => `+ ${valueText(r.difference, r.difference.right)}` },
  ];
}

/** The line under the list: `12 differences · 2 marked`. */
export function compareStatus(total: number, marked: number, dot: string): string {
  const counted = `${total} difference${total === 1 ? '' : 's'}`;
  return marked ? `${counted} ${dot} ${marked} marked` : counted;
}
