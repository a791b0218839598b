// The API layer's public face: callers outside src/api import from here only. The client
// (`createApiClient(options)`), what its callers handle, the rate budget of a token, the retry
// policy and the in-flight bound.
export { createApiClient } from './client.js';
export { explain } from './explain.js';
export { createDispatcher } from './dispatcher.js';
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
export { tokenBudget } from './token-budget.js';
export { DEFAULT_RETRY, isRetryable, retryDelay, type RetryPolicy } from './retry.js';
export { MAX_IN_FLIGHT } from './in-flight.js';
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
