// Validation of a write (create / PUT / PATCH) against a resource schema, on the merged record (docs/api.md §2, §4).
import type { StoredRecord } from './derive.js';
import { checkFormat } from './formats.js';
import { fieldErrorsOf, inItem, problem, type Problem, type Problems } from './messages.js';
import { isPlainObject, storedRecord } from './records.js';
import { schemaFor } from './registry.js';
import type { FieldErrors, FieldSpec, ObjectsField, Operation, Rec, ResourceKind, ResourceSchema, ValidationContext } from './types.js';

/**
 * A write's outcome: the record to store (`R`: untyped, or typed by `validateRecord`), or why not:
 * a `detail` (the body as a whole) or field errors, as the API answers them (`errors`) and with
 * their codes (`problems`, src/schema/messages.ts).
 */
export type WriteResult<R extends Rec = Rec> =
  | { readonly ok: true; readonly record: R; readonly sent: readonly string[] }
  | { readonly ok: false; readonly detail: string; readonly problem: Problem }
  | { readonly ok: false; readonly errors: FieldErrors; readonly problems: Problems };

/** Read-only fields that any write body may carry and that are ignored (docs/api.md §2). */
const IGNORED = new Set(['id', 'domain_name']);

export function accepts(field: FieldSpec, op: Operation): boolean {
  return op === 'patch' ? field.patch === true : field[op] !== undefined;
}

export function acceptedFields(schema: ResourceSchema, op: Operation): FieldSpec[] {
  return schema.fields.filter((f) => accepts(f, op));
}

/** JSON types by the names docs/api.md §2's messages use (Python's). */
const JSON_TYPE_NAMES: Readonly<Record<string, string>> = { string: 'str', number: 'number', boolean: 'bool', object: 'dict' };

export function jsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return JSON_TYPE_NAMES[typeof v] ?? typeof v;
}

type Checked = { readonly value: unknown } | { readonly problems: Problem[] };

/** Why a text cannot be the value of a field whose surrounding white space is refused, or undefined. */
export function spaceProblem(f: FieldSpec, text: string): Problem | undefined {
  return f.type === 'string' && f.spaceAround === 'refused' && text.trim() !== text ? problem('spaceAround') : undefined;
}

function checkString(f: FieldSpec & { type: 'string' }, v: unknown): Checked {
  if (typeof v !== 'string') return { problems: [problem('notString')] };
  const space = spaceProblem(f, v);
  if (space) return { problems: [space] };
  const s = f.spaceAround === 'trimmed' ? v.trim() : v;
  if (s === '' && f.allowEmpty) return { value: s };
  if (s.length < f.minLength) return { problems: [f.minLength === 1 ? problem('blank') : problem('tooShort', f.minLength)] };
  if (s.length > f.maxLength) return { problems: [problem('tooLong', f.maxLength)] };
  const bad = f.format && checkFormat(f.format, s);
  return bad ? { problems: [bad] } : { value: s };
}

function checkList(f: FieldSpec & { type: 'list' }, v: unknown): Checked {
  if (!Array.isArray(v)) return { problems: [problem('notList', jsonTypeName(v))] };
  if (v.length > f.maxItems) return { problems: [problem('tooManyItems', f.maxItems)] };
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [i, raw] of v.entries()) {
    if (typeof raw !== 'string') {
      problems.push(problem('itemNotString', i + 1));
      continue;
    }
    const item = f.lowercase ? raw.trim().toLowerCase() : raw;
    if (item.trim() === '') problems.push(problem('itemBlank', i + 1));
    else if (f.itemMaxLength !== undefined && item.length > f.itemMaxLength) problems.push(problem('itemTooLong', i + 1, f.itemMaxLength));
    else if (seen.has(item)) problems.push(problem('listedTwice', item));
    else {
      const bad = f.itemFormat && checkFormat(f.itemFormat, item);
      if (bad) problems.push(bad);
    }
    seen.add(item);
    out.push(item);
  }
  return problems.length ? { problems } : { value: out };
}

/** A list of objects: each item's keys checked as fields (defaults filled), in the items' order. */
function checkObjects(f: ObjectsField, v: unknown): Checked {
  if (!Array.isArray(v)) return { problems: [problem('notList', jsonTypeName(v))] };
  if (v.length < f.minItems) return { problems: [problem('tooFewItems', f.minItems)] };
  if (v.length > f.maxItems) return { problems: [problem('tooManyItems', f.maxItems)] };
  const problems: Problem[] = [];
  const out: Rec[] = [];
  const seen = new Set<unknown>();
  for (const [i, raw] of v.entries()) {
    const at = i + 1;
    if (!isPlainObject(raw)) {
      problems.push(problem('itemNotObject', at, jsonTypeName(raw)));
      continue;
    }
    const unknown = Object.keys(raw).filter((k) => !f.items.some((item) => item.name === k));
    if (unknown.length) problems.push(problem('itemUnknownFields', at, unknown));
    const item: Rec = {};
    for (const key of f.items) {
      if (!Object.hasOwn(raw, key.name)) {
        if (key.create === 'required') problems.push(inItem(at, key.name, problem('required')));
        else item[key.name] = structuredClone(key.default);
        continue;
      }
      const checked = checkValue(key, raw[key.name]);
      if ('problems' in checked) checked.problems.forEach((p) => problems.push(inItem(at, key.name, p)));
      else item[key.name] = checked.value;
    }
    const unique = f.uniqueBy === undefined ? undefined : item[f.uniqueBy];
    if (unique !== undefined && seen.has(unique)) problems.push(problem('itemListedTwice', at, unique));
    seen.add(unique);
    out.push(item);
  }
  return problems.length ? { problems } : { value: out };
}

/** Checks one sent value against its field: type, bounds, form. Returns the stored form or the problems. */
export function checkValue(f: FieldSpec, v: unknown): Checked {
  if (v === null) return f.nullable ? { value: null } : { problems: [problem('notNull')] };
  switch (f.type) {
    case 'string':
      return checkString(f, v);
    case 'boolean':
      return typeof v === 'boolean' ? { value: v } : { problems: [problem('notBoolean')] };
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) return { problems: [problem('notInteger')] };
      if (v < f.min) return { problems: [problem('tooSmall', f.min)] };
      if (v > f.max) return { problems: [problem('tooBig', f.max)] };
      return { value: v };
    case 'enum':
      return typeof v === 'string' && f.choices.includes(v) ? { value: v } : { problems: [problem('badChoice', v)] };
    case 'list':
      return checkList(f, v);
    case 'objects':
      return checkObjects(f, v);
    case 'json':
      return { problems: [problem('readOnly')] };
  }
}

function detail(p: Problem): WriteResult {
  return { ok: false, detail: p.text, problem: p };
}

/**
 * Validates a write. `stored` is the current record for PUT and PATCH. The result's record is the
 * complete merged record to store (read-only fields of `stored` kept), or the errors to answer with.
 */
export function validateWrite(
  schema: ResourceSchema,
  op: Operation,
  body: unknown,
  stored: Rec | undefined,
  ctx: ValidationContext,
): WriteResult {
  if (!isPlainObject(body)) return detail(problem('invalidData', jsonTypeName(body)));
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const keys = Object.keys(body).filter((k) => !IGNORED.has(k) && !byName.get(k)?.readOnly);
  const unknown = keys.filter((k) => {
    const field = byName.get(k);
    return field === undefined || !accepts(field, op);
  });
  if (unknown.length) return detail(problem('unknownFields', unknown));
  if (op === 'patch' && keys.length === 0) return detail(problem('emptyPatch'));

  const problems: Array<readonly [string, Problem]> = [];
  const failed = (): WriteResult => ({ ok: false, errors: fieldErrorsOf(problems), problems });
  const sent: Rec = {};
  const merged: Rec = op === 'create' ? {} : { ...stored };
  for (const f of schema.fields) {
    if (!accepts(f, op)) continue;
    if (Object.hasOwn(body, f.name)) {
      const checked = checkValue(f, body[f.name]);
      if ('problems' in checked) checked.problems.forEach((p) => problems.push([f.name, p]));
      else merged[f.name] = sent[f.name] = checked.value;
    } else if (op !== 'patch') {
      if (f[op] === 'required') problems.push([f.name, problem('required')]);
      else merged[f.name] = structuredClone(f.default);
    }
  }
  if (problems.length) return failed();

  problems.push(...(schema.finish?.(sent, merged) ?? []));
  const touched = (name: string) => (op === 'patch' ? Object.hasOwn(sent, name) : accepts(byName.get(name)!, op));
  for (const rule of schema.rules) {
    if (!rule.fields.some(touched)) continue;
    problems.push(...rule.check(merged, ctx));
  }
  for (const f of schema.fields) {
    const id = merged[f.name];
    if (f.type !== 'integer' || !f.ref || !touched(f.name) || id === null || !ctx.refExists) continue;
    if (typeof id !== 'number' || !ctx.refExists(f.ref, id)) {
      problems.push([f.name, problem('foreignRef', f.ref === 'origin' ? 'Origin' : 'Cache setting', String(id))]);
    }
  }
  if (problems.length) return failed();
  return { ok: true, record: merged, sent: Object.keys(sent) };
}

/**
 * `validateWrite` for the emulator, whose accepted record is typed: `stored` (PUT, PATCH) is a
 * complete record, and on create `assign` adds what the server sets (called only when the write is
 * valid, so ids are not used up by refused writes). The result is checked by `storedRecord`.
 */
export function validateRecord<K extends ResourceKind>(
  kind: K,
  op: Operation,
  body: unknown,
  stored: StoredRecord<K> | undefined,
  ctx: ValidationContext,
  assign?: () => Rec,
): WriteResult<StoredRecord<K>> {
  const result = validateWrite(schemaFor(kind), op, body, stored, ctx);
  if (!result.ok) return result;
  return { ...result, record: storedRecord(kind, assign ? { ...result.record, ...assign() } : result.record) };
}

/** The record as responses show it: the response fields, in schema order. */
export function toResponse(schema: ResourceSchema, record: Rec, only?: readonly string[]): Rec {
  const out: Rec = {};
  for (const f of schema.fields) {
    if (!f.response) continue;
    if (only && f.name !== 'id' && !only.includes(f.name)) continue;
    out[f.name] = record[f.name] ?? null;
  }
  return out;
}
