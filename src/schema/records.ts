// Where an untyped value becomes a typed record: guards that check a value against the schema of
// its kind, field by field (types only; bounds and forms are the validator's).
import type { ResourceRecord, StoredRecord } from './derive.js';
import { schemaFor } from './registry.js';
import type { FieldSpec, Rec, ResourceKind } from './types.js';

/** A JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `v` has the type a record's field holds (`ValueOf` in derive.ts); undefined never does. */
export function fitsField(field: FieldSpec, v: unknown): boolean {
  if (v === null) return field.nullable === true;
  switch (field.type) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return typeof v === 'number';
    case 'enum':
      return typeof v === 'string' && field.choices.includes(v);
    case 'list':
      return Array.isArray(v) && v.every((item) => typeof item === 'string');
    case 'objects':
      return Array.isArray(v) && v.every((item) => isPlainObject(item) && field.items.every((f) => fitsField(f, item[f.name])));
    case 'json':
      return v !== undefined;
  }
}

function holds(fields: readonly FieldSpec[], v: unknown, which: (f: FieldSpec) => boolean): v is Rec {
  return isPlainObject(v) && fields.every((f) => !which(f) || fitsField(f, v[f.name]));
}

/**
 * Whether `v` is a record of `kind` as the API answers it: every response field there, of its
 * type; extra fields allowed. How a caller gets a typed record out of a store keyed by strings.
 */
export function isRecordOf<K extends ResourceKind>(kind: K, v: unknown): v is ResourceRecord<K> {
  return holds(schemaFor(kind).fields, v, (f) => f.response === true);
}

/** Whether `v` is a complete record of `kind` as the emulator stores it: every field there, of its type. */
export function isStoredRecord<K extends ResourceKind>(kind: K, v: unknown): v is StoredRecord<K> {
  return holds(schemaFor(kind).fields, v, () => true);
}

/** The names of the fields of `v` that the schema of `kind` does not describe (a server's extras, docs/api.md §6), as sent. */
export function extraFields(kind: ResourceKind, v: Rec): string[] {
  const fields: readonly FieldSpec[] = schemaFor(kind).fields;
  return Object.keys(v).filter((name) => !fields.some((f) => f.name === name));
}

/** The names of the fields of `kind` that `v` lacks or holds with another type. */
export function misfits(kind: ResourceKind, v: Rec): string[] {
  const fields: readonly FieldSpec[] = schemaFor(kind).fields;
  return fields.filter((f) => !fitsField(f, v[f.name])).map((f) => f.name);
}

/**
 * A record the code has just made (the validator's output plus what the server assigns) as the
 * stored record of `kind`. A misfit is a bug in a schema's defaults or in the caller, not bad input.
 */
export function storedRecord<K extends ResourceKind>(kind: K, v: Rec): StoredRecord<K> {
  if (isStoredRecord(kind, v)) return v;
  throw new Error(`internal: an incomplete ${kind} record (${misfits(kind, v).join(', ')})`);
}
