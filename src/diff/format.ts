// The review screen's words: `field: old → new` lines and the exact request line.
import type { FieldChange, WriteRequest } from './changes.js';

/** A value as the diff shows it: JSON, `none` for null, `—` for no value. */
export function showValue(v: unknown): string {
  if (v === undefined) return '—';
  if (v === null) return 'none';
  return JSON.stringify(v);
}

export function formatChange(c: FieldChange): string {
  return `${c.field}: ${showValue(c.before)} → ${showValue(c.after)}`;
}

/** `PATCH /content_delivery/configurations/7/rules_engine/45 {"gzip": true}` */
export function formatRequest(r: WriteRequest): string {
  const body = r.body === undefined ? '' : ` ${JSON.stringify(r.body).replace(/":/g, '": ').replace(/,"/g, ', "')}`;
  return `${r.method} ${r.path}${body}`;
}
