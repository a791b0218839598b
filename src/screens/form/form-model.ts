// A form's rows, from src/schema and the store: which fields, in which order, each value as shown,
// changed or not, its error, whether it applies. Pure: the form screen draws it and its keys act on it.
// Fields a server sends beyond the schema (docs/api.md §6) come last, read-only: never sent back, they
// could not be changed by an edit here anyway.
import { jsonEqual } from '../../diff/index.js';
import { accepts, extraFields, notApplicable, schemaFor, type FieldSpec, type JsonField, type Rec } from '../../schema/index.js';
import { namedValues, type AppState, type Draft, type RecordKey } from '../../store/index.js';
import type { Choice } from '../../components/select-list.js';
import { safe } from '../../ui/text.js';
import { showField } from '../../ui/values.js';

export type FormRecordKind = 'configuration' | 'rule' | 'cache_setting' | 'error_responses' | 'origin';

export interface FormSpec {
  readonly kind: FormRecordKind;
  /** The record the form shows; in a bulk form, the first of the marked ones. */
  readonly key: RecordKey;
  /** Every record an edit goes to (bulk edit: all the marked ones). */
  readonly keys: readonly RecordKey[];
  /** Fields shown but never edited (id, domain), before the editable ones. */
  readonly shownOnly: readonly string[];
  /** Fields not offered at all (a bulk form: values unique per record, such as a name). */
  readonly leftOut?: readonly string[];
  /**
   * Records of several configurations: references are shown and chosen by name, each record's the
   * one of its own configuration (src/store/by-name.ts).
   */
  readonly byName?: boolean;
}

/** What the form works on now: the draft (or the blank of a new record) over the server's copy. */
export interface FormData {
  readonly draft?: Draft;
  readonly server?: Rec;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  /** The other records of a bulk form (their values, to show "(mixed)"). */
  readonly others: readonly (Rec | undefined)[];
}

export function formData(s: AppState, spec: FormSpec): FormData {
  const [, ...rest] = spec.keys;
  return namedData(s, spec, {
    draft: s.drafts[spec.key] ?? s.blanks[spec.key],
    server: s.records[spec.key],
    errors: s.fieldErrors[spec.key],
    others: rest.map((k) => s.drafts[k]?.values ?? s.records[k]),
  });
}

/** A form whose references are chosen by name (`spec.byName`): every record's reference named, in its own configuration. */
export function namedData(s: AppState, spec: FormSpec, data: FormData): FormData {
  if (!spec.byName) return data;
  const [, ...rest] = spec.keys;
  const named = (key: RecordKey, values: Rec | undefined) => values && namedValues(s, key, values, s.drafts[key]?.unresolved);
  const { draft, server } = data;
  return {
    ...data,
    ...(draft
      ? {
          draft: {
            ...draft,
            values: named(spec.key, draft.values)!,
            ...(draft.base ? { base: namedValues(s, spec.key, draft.base) } : {}),
          },
        }
      : {}),
    ...(server ? { server: namedValues(s, spec.key, server) } : {}),
    others: data.others.map((o, i) => named(rest[i]!, o)),
  };
}

/**
 * The fields of the form, in order: the shown-only ones, then the editable ones (a new record:
 * required first), then the fields the server sent that the schema does not know.
 */
export function formFields(spec: FormSpec, data: FormData): FieldSpec[] {
  const schema = schemaFor(spec.kind);
  const creating = isCreating(data);
  const op = creating ? 'create' : 'patch';
  const fixed = creating ? [] : schema.fields.filter((f) => spec.shownOnly.includes(f.name));
  const required = (f: FieldSpec) => (creating && f.create === 'required' ? 0 : 1);
  const editable = schema.fields.filter((f) => accepts(f, op) && !spec.leftOut?.includes(f.name)).sort((a, b) => required(a) - required(b));
  const served = data.server ?? data.draft?.base;
  const extras = creating || !served ? [] : extraFields(spec.kind, served).map(extraField);
  return [...fixed, ...editable, ...extras];
}

/** The note beside a field the server sent that this API version does not describe. */
export const EXTRA_NOTE = 'read-only: not in this API version';

/** A field the server sent beyond the schema, to show its value as sent (JSON: whatever it holds). */
function extraField(name: string): JsonField {
  const help = 'Sent by the server; not in this API version: shown as sent, never sent back.';
  return { name, label: safe(name), help, type: 'json', nullable: true, readOnly: true };
}

/** Why a field of the form cannot be edited (whatever the session allows), or undefined. */
export function fixedReason(spec: FormSpec, field: FieldSpec): string | undefined {
  if (isExtra(spec, field)) return `${field.label} is ${EXTRA_NOTE}`;
  return spec.shownOnly.includes(field.name) ? `${field.label} cannot be edited` : undefined;
}

function isExtra(spec: FormSpec, field: FieldSpec): boolean {
  const known: readonly FieldSpec[] = schemaFor(spec.kind).fields;
  return !known.some((f) => f.name === field.name);
}

export function isCreating(data: FormData): boolean {
  return data.draft?.target.op === 'create';
}

export function valuesOf(data: FormData): Rec {
  return data.draft?.values ?? data.server ?? {};
}

export interface RowModel {
  readonly field: FieldSpec;
  readonly shown: string;
  readonly changed: boolean;
  readonly error?: string;
  readonly editable: boolean;
  readonly dim: boolean;
  readonly choosable: boolean;
  /** A word beside the value: EXTRA_NOTE for a field the server sent beyond the schema. */
  readonly note?: string;
}

/** An enum's empty choice as shown (an origin's balancing method when it has none). */
const NO_CHOICE = '(none)';

/** Choices of the fields whose value is a record of this configuration (names shown, ids sent). */
export type RefChoices = Readonly<Record<string, readonly Choice[]>>;

export function rowModels(spec: FormSpec, data: FormData, fields: readonly FieldSpec[], refs: RefChoices, readOnly: boolean): RowModel[] {
  const values = valuesOf(data);
  const base = data.draft?.base ?? data.server ?? {};
  const update = data.draft?.target.op === 'update';
  return fields.map((field) => {
    const value = values[field.name];
    const mixed = data.others.some((o) => o && !jsonEqual(o[field.name], value));
    const ref = refs[field.name];
    const named = ref?.find((c) => jsonEqual(c.value, value))?.label;
    const shown = mixed
      ? '(mixed)'
      : ref
        ? (named ?? (value === null || value === undefined ? 'none' : `#${safe(String(value))}`))
        : field.type === 'enum' && value === ''
          ? NO_CHOICE
          : showField(field, value);
    const error = data.errors?.[field.name];
    const extra = isExtra(spec, field);
    return {
      field,
      shown,
      changed: update && !jsonEqual(value, base[field.name]),
      ...(error?.length ? { error: safe(error.join(' ')) } : {}),
      editable: !readOnly && fixedReason(spec, field) === undefined,
      dim: extra || notApplicable(field, values) !== undefined,
      choosable: field.type === 'enum' || ref !== undefined,
      ...(extra ? { note: EXTRA_NOTE } : {}),
    };
  });
}

/** The values an enum or a reference can take, as choices. */
export function choicesOf(field: FieldSpec, refs: RefChoices): readonly Choice[] {
  const ref = refs[field.name];
  if (ref) return ref;
  if (field.type !== 'enum') return [];
  return field.choices.map((c) => ({
    key: c,
    label: c === '' ? NO_CHOICE : c,
    value: c,
    ...(field.choiceHelp?.[c] ? { help: field.choiceHelp[c] } : {}),
  }));
}
