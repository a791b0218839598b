// The API client: `createApiClient(options)` and what its callers handle.
export { createApiClient } from './client.js';
export {
  AbortError,
  ApiError,
  ClientError,
  LimitError,
  NetworkError,
  NotSentError,
  TimeoutError,
  UnexpectedResponseError,
  formatBytes,
  redact,
} from './errors.js';
export { createRateBudget, onEachWait, timeLeftMs, type Lane, type Pacing, type Priority, type RateBudget } from './budget.js';
export type { LimitKind, Secrets, TimeoutPhase } from './errors.js';
export { DEFAULT_BOUNDS } from './transport.js';
export { CONFIGURATIONS, resourcePath, type PathKind } from './paths.js';
export {
  PURGE_ACCEPTED,
  PURGE_KINDS,
  purgeBatches,
  purgeOutcome,
  purgeRequest,
  URLS_PER_REQUEST,
  type PurgeGroup,
  type PurgeKind,
  type PurgeOutcome,
  type PurgeRequest,
} from './purge.js';
export type {
  ApiClient,
  AttemptEvent,
  CallOptions,
  ClientOptions,
  ListOptions,
  ListPage,
  ListResult,
  PagesOptions,
  Place,
  PlaceOf,
  PutAnswer,
  RecordKind,
  TokenClient,
  TokenResult,
} from './types.js';
