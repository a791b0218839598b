// Pure diff engine: what a draft changes, the request it sends, conflicts against the server.
export { jsonEqual } from './equal.js';
export {
  buildRequest,
  changedFields,
  followUp,
  followUpRequest,
  patchOnlyFields,
  patchRequest,
  type DraftTarget,
  type FieldChange,
  type WriteRequest,
} from './changes.js';
export { rebase, threeWay, type FieldConflict } from './three-way.js';
export { formatChange, formatRequest, showValue } from './format.js';
