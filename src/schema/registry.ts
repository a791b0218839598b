// Schema by resource kind.
import { cacheSettingSchema } from './cache-setting.js';
import { configurationSchema } from './configuration.js';
import { errorResponsesSchema } from './error-responses.js';
import { originSchema } from './origin.js';
import { ruleSchema } from './rule.js';
import type { ResourceKind, ResourceSchema } from './types.js';

const SCHEMAS: Record<ResourceKind, ResourceSchema> = {
  configuration: configurationSchema,
  rule: ruleSchema,
  cache_setting: cacheSettingSchema,
  error_responses: errorResponsesSchema,
  origin: originSchema,
};

export function schemaFor(kind: ResourceKind): ResourceSchema {
  return SCHEMAS[kind];
}
