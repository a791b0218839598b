// The vocabulary of the resource schema: how a field, a resource and a cross-field rule are described.
// Everything that knows about fields (emulator validation, client checks, forms, diff) reads these.
import type { Problems } from './messages.js';

export const PRODUCTS = ['application_acceleration', 'raw_logs'] as const;
export type Product = (typeof PRODUCTS)[number];

export function isProduct(name: string): name is Product {
  return PRODUCTS.some((p) => p === name);
}

export type Operation = 'create' | 'put' | 'patch';

/** How an operation treats a field: must be sent, may be sent (else default / unchanged), or not accepted. */
export type Acceptance = 'required' | 'optional';

/** Checks a value's form beyond its type (host names, URLs, paths); returns the problem or undefined. */
export type FormatName = 'hostname' | 'cname' | 'origin-address' | 'origin-path' | 'header-value' | 'http-url' | 'path';

interface FieldBase {
  readonly name: string;
  /** A short human label for forms and the diff. */
  readonly label: string;
  /** One sentence shown as help beside the field. */
  readonly help: string;
  /** null is a valid value. */
  readonly nullable?: boolean;
  readonly create?: Acceptance;
  readonly put?: Acceptance;
  /** Accepted by PATCH (always optional there). */
  readonly patch?: boolean;
  /** The value an unsent optional field takes on create and PUT. */
  readonly default?: unknown;
  /** Returned in responses (in schema order). Write-once and internal fields are not. */
  readonly response?: boolean;
  /** Assigned by the server; ignored when a client sends it. */
  readonly readOnly?: boolean;
  /** The field matters only when another field has one of these values (forms dim it otherwise). */
  readonly appliesWhen?: { readonly field: string; readonly values: readonly unknown[] };
}

export interface StringField extends FieldBase {
  readonly type: 'string';
  readonly minLength: number;
  readonly maxLength: number;
  /**
   * White space around the value: `trimmed` before checks and storage (the API trims names), or
   * `refused` (the API would keep it as sent: a path, a URL, a header value — a space nobody sees
   * that changes what the CDN matches or sends). Absent: kept as it is (read-only fields).
   */
  readonly spaceAround?: 'trimmed' | 'refused';
  readonly format?: FormatName;
  /** The value may be "" even though minLength is larger (an explicit "none"). */
  readonly allowEmpty?: boolean;
}

export interface BooleanField extends FieldBase {
  readonly type: 'boolean';
}

export interface IntegerField extends FieldBase {
  readonly type: 'integer';
  readonly min: number;
  readonly max: number;
  /** A duration in seconds: forms accept 90, 5m, 1h, 2d. */
  readonly unit?: 'seconds';
  /** An id of another record of this configuration. */
  readonly ref?: RefKind;
}

export interface EnumField extends FieldBase {
  readonly type: 'enum';
  readonly choices: readonly string[];
  /** One line per choice, for forms. */
  readonly choiceHelp?: Readonly<Record<string, string>>;
}

export interface ListField extends FieldBase {
  readonly type: 'list';
  readonly maxItems: number;
  readonly itemMaxLength?: number;
  readonly itemFormat?: FormatName;
  /** Items are stored lower-case (host names). */
  readonly lowercase?: boolean;
}

/** Read-only structured data (a server's extra fields): shown, never edited or sent. */
export interface JsonField extends FieldBase {
  readonly type: 'json';
}

/**
 * A list of objects whose keys are fields of their own (an origin's addresses): each item is
 * checked like a small record, its unsent optional keys take their defaults.
 */
export interface ObjectsField<I extends ItemField = ItemField> extends FieldBase {
  readonly type: 'objects';
  readonly items: readonly I[];
  readonly minItems: number;
  readonly maxItems: number;
  /** The item key whose values must differ from item to item. */
  readonly uniqueBy?: I['name'];
}

/** What an item of an `objects` field holds: plain fields (`create: 'required'` marks the keys an item must have). */
export type ItemField = StringField | BooleanField | IntegerField | EnumField;

export type FieldSpec = StringField | BooleanField | IntegerField | EnumField | ListField | JsonField | ObjectsField;

export type RefKind = 'origin' | 'cache_setting';

export type ResourceKind = 'configuration' | 'rule' | 'cache_setting' | 'error_responses' | 'origin';

export type Rec = Record<string, unknown>;

/** Field errors: one key per bad field, each a list of sentences (docs/api.md §2). */
export type FieldErrors = Record<string, string[]>;

/** What a validation needs to know about the world; the emulator and the client each supply it. */
export interface ValidationContext {
  readonly products: ReadonlySet<Product>;
  /** The other records that share this record's scope (the others configurations, or the configuration's other rules). */
  readonly siblings?: () => Iterable<Rec>;
  /** The sibling that holds a unique value of a field, from an index; absent: rules scan `siblings`. */
  readonly holderOf?: (field: string, value: string) => Rec | undefined;
  /** Whether a referenced record exists in this configuration; absent: references are not checked. */
  readonly refExists?: (kind: RefKind, id: number) => boolean;
}

export type { Problems } from './messages.js';

/**
 * A check across fields, named by `N` (the schema's field names). It reads the merged record as
 * `Rec`: on a create it lacks what the server assigns, and the UI validates drafts of records that
 * a server sent partly; so a rule tests the types of what it reads.
 */
export interface CrossRule<N extends string = string> {
  /** The fields the rule reads; it runs when the write touches any of them. */
  readonly fields: readonly N[];
  /** The rule reads the other records of the scope (a value unique among them): checking it needs them read. */
  readonly siblings?: true;
  /** Problems with the merged record. */
  readonly check: (record: Rec, ctx: ValidationContext) => Problems<N>;
}

/** A resource's fields and rules. `F` keeps each field's literal type (see `defineSchema`). */
export interface ResourceSchema<K extends ResourceKind = ResourceKind, F extends FieldSpec = FieldSpec> {
  readonly kind: K;
  /** Singular, for messages and headers: "configuration", "rule". */
  readonly title: string;
  readonly fields: readonly F[];
  readonly rules: readonly CrossRule[];
  /** PUT answers with the sent fields plus id only (the rules engine quirk of the seed). */
  readonly putEchoesSentFields?: boolean;
  /** Last adjustments of the merged record (may change it); returns problems with what was sent. */
  readonly finish?: (sent: Rec, merged: Rec) => Problems;
}

/** Whether a field matters for a record as it is; when not, the sentence that says why. */
export function notApplicable(field: FieldSpec, record: Rec): string | undefined {
  const when = field.appliesWhen;
  if (!when || when.values.includes(record[when.field])) return undefined;
  return `used only when ${when.field} is ${when.values.map((v) => JSON.stringify(v)).join(' or ')}`;
}
