// What a query can name (docs/ux.md §10), all from src/schema: the kinds of record it looks through,
// each kind's fields (those a server returns; an origin's addresses also by their own keys, any
// address matching), and the references of a rule by the referenced record's name.
import { ruleFieldReferring, schemaFor, type FieldSpec, type ItemField, type RefKind } from '../schema/index.js';

/** The records a query looks through: configurations, and in each the rules, cache settings and origins. */
export const QUERY_KINDS = ['configuration', 'rule', 'cache_setting', 'origin'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
/** The kinds held per configuration (a list each). */
export type ChildQueryKind = Exclude<QueryKind, 'configuration'>;
export const CHILD_KINDS: readonly ChildQueryKind[] = ['rule', 'cache_setting', 'origin'];

/** What `kind:` takes: each kind by its name, and a cache setting also as `cache`. */
export const KIND_WORDS: ReadonlyMap<string, QueryKind> = new Map<string, QueryKind>([
  ...QUERY_KINDS.map((k) => [k, k] as const),
  ['cache', 'cache_setting'],
]);

/** The word of a query for a kind (`cache` for a cache setting). */
export function kindWord(kind: QueryKind): string {
  return kind === 'cache_setting' ? 'cache' : kind;
}

/** `cache:NAME`, `origin:NAME`: a rule's reference (the schema's `ref`) by the referenced record's name. */
export const REF_WORDS: ReadonlyMap<string, RefKind> = new Map<string, RefKind>([
  ['cache', 'cache_setting'],
  ['origin', 'origin'],
]);

/** The rule field holding the id of a record of `ref`. */
export function refField(ref: RefKind): string {
  const field = ruleFieldReferring(ref);
  if (field === undefined) throw new Error(`no rule field refers to ${ref}`);
  return field;
}

/** A field a query can name on one kind: a field of the record, or a key of each item of one (`addresses`). */
export interface QueryField {
  readonly name: string;
  readonly spec: FieldSpec | ItemField;
  /** The list of objects holding it (an origin's `addresses`): it matches when any item does. */
  readonly inItems?: string;
}

function fieldsOf(kind: QueryKind): readonly QueryField[] {
  const out: QueryField[] = [];
  const fields: readonly FieldSpec[] = schemaFor(kind).fields;
  for (const f of fields) {
    if (!f.response || f.type === 'json') continue; // never in a record read from the API, or not text
    out.push({ name: f.name, spec: f });
    if (f.type === 'objects') for (const item of f.items) out.push({ name: item.name, spec: item, inItems: f.name });
  }
  return out;
}

const FIELDS = new Map<QueryKind, ReadonlyMap<string, QueryField>>(
  QUERY_KINDS.map((k) => [k, new Map(fieldsOf(k).map((f) => [f.name, f]))]),
);

/** The field `name` of records of `kind`, if they have it. */
export function queryField(kind: QueryKind, name: string): QueryField | undefined {
  return FIELDS.get(kind)?.get(name);
}

/** The names of the fields of these kinds, in schema order, each once. */
export function fieldNames(kinds: readonly QueryKind[]): string[] {
  const names = new Set<string>();
  for (const k of kinds) for (const name of FIELDS.get(k)?.keys() ?? []) names.add(name);
  return [...names];
}

/**
 * What a bare word is looked for in, per kind (docs/ux.md §6: find anywhere): a configuration by
 * id, name, domain or CNAME; a rule by path or behaviour; a cache setting by name; an origin by the
 * address of any of its servers.
 */
export const TEXT_FIELDS: Readonly<Record<QueryKind, readonly string[]>> = {
  configuration: ['id', 'name', 'domain_name', 'cname'],
  rule: ['path', 'behavior'],
  cache_setting: ['name'],
  origin: ['address'],
};

/** The kinds a query of bare words looks through (as find anywhere did): cache settings only when asked for. */
export const TEXT_KINDS: readonly QueryKind[] = ['configuration', 'rule', 'origin'];
