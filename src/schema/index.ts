// The single description of the API's resources (docs/api.md §4). Nothing else re-lists the fields.
export * from './types.js';
export { configurationSchema } from './configuration.js';
export { ruleSchema } from './rule.js';
export { cacheSettingSchema } from './cache-setting.js';
export { errorResponsesSchema, ERROR_CODES } from './error-responses.js';
export { originSchema, defaultOrigin } from './origin.js';
export { MAX_TTL } from './common.js';
export { bodyBytes, MAX_BODY_BYTES } from './body.js';
export { checkFormat, regexProblem } from './formats.js';
export { fieldErrorsOf, inItem, MESSAGE_CODES, PRODUCT_CODES, problem, quote, type MessageCode, type Problem } from './messages.js';
export {
  isAccountHost,
  MAX_PURGE_URLS,
  purgeHost,
  readPurgeBody,
  urlProblem,
  type AccountHosts,
  type PurgeBody,
  type PurgeKind,
} from './purge.js';
export { defaultOriginId, deleteProblem, rulesUsing, type DeleteScope } from './deletes.js';
export {
  accepts,
  acceptedFields,
  checkValue,
  spaceProblem,
  toResponse,
  validateRecord,
  validateWrite,
  type WriteResult,
} from './validate.js';
export { extraFields, fitsField, isPlainObject, isRecordOf, isStoredRecord, misfits, storedRecord } from './records.js';
export { kindWords, ruleFieldReferring, schemaFor, type SchemaOf } from './registry.js';
export {
  defineSchema,
  type CacheSetting,
  type Configuration,
  type ErrorResponses,
  type Extras,
  type FieldsOf,
  type NameOf,
  type Origin,
  type RecordOf,
  type ResourceRecord,
  type ResponseOf,
  type Rule,
  type SchemaSpec,
  type StoredRecord,
  type ValueOf,
} from './derive.js';
