// Record types derived from the field specs: a schema is written once, as data, and its record
// types follow from it (no hand-written interface can drift from what the validator checks).
import type { CrossRule, FieldSpec, Problems, Rec, ResourceKind, ResourceSchema } from './types.js';
import type { SchemaOf } from './registry.js';

/** The names of the fields `F`. */
export type NameOf<F extends FieldSpec> = F['name'];

type BaseValue<F extends FieldSpec> = F extends { readonly type: 'string' }
  ? string
  : F extends { readonly type: 'boolean' }
    ? boolean
    : F extends { readonly type: 'integer' }
      ? number
      : F extends { readonly type: 'enum'; readonly choices: readonly string[] }
        ? F['choices'][number]
        : F extends { readonly type: 'list' }
          ? string[]
          : F extends { readonly type: 'objects'; readonly items: readonly FieldSpec[] }
            ? Array<Shape<F['items'][number]>>
            : unknown; // json: read-only data shown as it came

/** The value a field holds: string, boolean, number, one of an enum's choices, a list of strings; `| null` when nullable. */
export type ValueOf<F extends FieldSpec> = F extends { readonly nullable: true } ? BaseValue<F> | null : BaseValue<F>;

type Shape<F extends FieldSpec> = { readonly [G in F as G['name']]: ValueOf<G> };

export type FieldsOf<S extends ResourceSchema> = S['fields'][number];

/** Every field of the schema: a complete record as the emulator stores it (write-once fields included). */
export type RecordOf<S extends ResourceSchema> = S extends unknown ? Shape<FieldsOf<S>> : never;

/** The fields responses show (`response: true`), in the types the schema gives them. */
export type ResponseOf<S extends ResourceSchema> = S extends unknown ? Shape<Extract<FieldsOf<S>, { readonly response: true }>> : never;

/**
 * Fields a record from the API may carry beyond the schema (docs/api.md §6: kept, shown read-only,
 * never sent back). They stay in the record itself, as the server sent it, typed `unknown`: a
 * reader of an extra has to check it, and a write body is built from the schema's fields only.
 */
export interface Extras {
  readonly [extra: string]: unknown;
}

/** A record of `kind` as the API answers it: its response fields, typed, plus any extras. */
export type ResourceRecord<K extends ResourceKind> = ResponseOf<SchemaOf<K>> & Extras;

/** A complete record of `kind` as the emulator stores it (no extras: writes with unknown fields are refused). */
export type StoredRecord<K extends ResourceKind> = RecordOf<SchemaOf<K>>;

export type Configuration = ResourceRecord<'configuration'>;
export type Rule = ResourceRecord<'rule'>;
export type CacheSetting = ResourceRecord<'cache_setting'>;
export type ErrorResponses = ResourceRecord<'error_responses'>;
export type Origin = ResourceRecord<'origin'>;

/** What `defineSchema` takes: rules and `finish` may name only the schema's own fields. */
export interface SchemaSpec<K extends ResourceKind, F extends readonly FieldSpec[]> {
  readonly kind: K;
  readonly title: string;
  readonly fields: F;
  readonly rules: ReadonlyArray<CrossRule<NameOf<F[number]>>>;
  readonly putEchoesSentFields?: boolean;
  readonly finish?: (sent: Rec, merged: Rec) => Problems<NameOf<F[number]>>;
}

/**
 * A schema that keeps the literal type of each field (name, type, choices, nullable, flags), so
 * `RecordOf` and `ResponseOf` can be derived from it. Each field's type is also a `FieldSpec`,
 * so code that reads any field's optional settings (`default`, `appliesWhen`) keeps working.
 */
export function defineSchema<const K extends ResourceKind, const F extends readonly FieldSpec[]>(
  schema: SchemaSpec<K, F>,
): ResourceSchema<K, F[number] & FieldSpec> {
  return schema;
}
