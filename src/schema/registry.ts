// Schema by resource kind.
import { cacheSettingSchema } from './cache-setting.js';
import { configurationSchema } from './configuration.js';
import { errorResponsesSchema } from './error-responses.js';
import { originSchema } from './origin.js';
import { ruleSchema } from './rule.js';
import type { ResourceKind, ResourceSchema } from './types.js';

const SCHEMAS = {
  configuration: configurationSchema,
  rule: ruleSchema,
  cache_setting: cacheSettingSchema,
  error_responses: errorResponsesSchema,
  origin: originSchema,
} as const satisfies { readonly [K in ResourceKind]: ResourceSchema<K> };

/** The schema of `kind`, with its fields' literal types. */
export type SchemaOf<K extends ResourceKind> = (typeof SCHEMAS)[K];

/** The schema of a kind; a plain `ResourceKind` gives the union of the schemas (each a `ResourceSchema`). */
export function schemaFor<K extends ResourceKind>(kind: K): SchemaOf<K> {
  return SCHEMAS[kind];
}

/** What records of `kind` are called: its schema's title, and the plural (`cache setting`, `cache settings`). */
export function kindWords(kind: Exclude<ResourceKind, 'error_responses'>): readonly [one: string, many: string] {
  const one = schemaFor(kind).title;
  return [one, `${one}s`];
}

/** The field of a rule that refers to a record of `kind` (`cache_settings_id`, `path_origin_id`: the rule schema's `ref`), if one does. */
export function ruleFieldReferring(kind: string): string | undefined {
  return ruleSchema.fields.find((f) => 'ref' in f && f.ref === kind)?.name;
}
