// Field values as text (forms, lists, diff) and text back to values (inline inputs), per schema type.
import type { FieldSpec } from '../schema/index.js';
import { humanDuration, safe } from './text.js';
import { objectsText, parseObjects } from './objects-text.js';

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90`, `5m`, `1h`, `2d`, `1h30m` → seconds; undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  const parts = [...t.matchAll(/(\d+)\s*([smhd])/g)];
  if (
    parts.length === 0 ||
    parts
      .map((p) => p[0])
      .join('')
      .replace(/\s/g, '') !== t.replace(/\s/g, '')
  )
    return undefined;
  return parts.reduce((n, p) => n + Number(p[1]) * UNITS[p[2]!]!, 0);
}

/** A value as one line of a form or list. */
export function showField(f: FieldSpec, v: unknown): string {
  if (v === null || v === undefined) return f.nullable ? 'none' : '';
  switch (f.type) {
    case 'boolean':
      return v === true ? 'yes' : v === false ? 'no' : safe(v);
    case 'list':
      return Array.isArray(v) ? (v.length ? v.map(safe).join(', ') : '(none)') : safe(v);
    case 'integer':
      return typeof v === 'number' && f.unit === 'seconds' && v >= 60 ? `${v} (${humanDuration(v)})` : safe(String(v));
    case 'objects':
      return safe(objectsText(f.items, v));
    default:
      return safe(typeof v === 'string' ? v : JSON.stringify(v));
  }
}

/** The text an inline input starts with. */
export function editText(f: FieldSpec, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (f.type === 'list' && Array.isArray(v)) return v.join(', ');
  if (f.type === 'objects') return objectsText(f.items, v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** What an inline input's text means for the field. Text that is not a valid value is kept as typed: the schema check says why. */
export function parseField(f: FieldSpec, text: string): unknown {
  const t = text.trim();
  if (f.nullable && (t === '' || t === 'none' || t === 'null')) return null;
  switch (f.type) {
    case 'integer': {
      const n = f.unit === 'seconds' ? parseDuration(t) : /^-?\d+$/.test(t) ? Number(t) : undefined;
      return n ?? text;
    }
    case 'list':
      return t === '' ? [] : t.split(/[\s,]+/).filter(Boolean);
    case 'boolean':
      return /^(y|yes|true|1|on)$/i.test(t) ? true : /^(n|no|false|0|off)$/i.test(t) ? false : text;
    case 'objects': {
      const read = parseObjects(f.items, t);
      return 'value' in read ? read.value : text;
    }
    default:
      return text;
  }
}
