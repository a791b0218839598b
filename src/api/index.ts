// The API client: `createApiClient(options)` and what its callers handle.
export { createApiClient } from './client.js';
export { AbortError, ApiError, ClientError, NetworkError, TimeoutError, UnexpectedResponseError, redact } from './errors.js';
export type { Secrets, TimeoutPhase } from './errors.js';
export { CONFIGURATIONS, resourcePath, type PathKind } from './paths.js';
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
  TokenResult,
} from './types.js';
