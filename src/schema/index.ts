// The single description of the API's resources (API.md §4). Nothing else re-lists the fields.
export * from './types.js';
export { configurationSchema } from './configuration.js';
export { ruleSchema } from './rule.js';
export { cacheSettingSchema } from './cache-setting.js';
export { errorResponsesSchema, ERROR_CODES } from './error-responses.js';
export { originSchema, defaultOrigin } from './origin.js';
export { MAX_TTL } from './common.js';
export { checkFormat, regexProblem } from './formats.js';
export { accepts, acceptedFields, checkValue, isPlainObject, toResponse, validateWrite, type WriteResult } from './validate.js';
export { schemaFor } from './registry.js';
