// The cache times of HTTP error responses (docs/api.md §4.4): one object per configuration, no id.
import { ttlField } from './common.js';
import { defineSchema } from './derive.js';

/** The seven codes, in response order, with their meaning. */
export const ERROR_CODES = [
  [400, 'Bad Request'],
  [403, 'Forbidden'],
  [404, 'Not Found'],
  [405, 'Method Not Allowed'],
  [414, 'URI Too Long'],
  [416, 'Range Not Satisfiable'],
  [501, 'Not Implemented'],
] as const;

export const errorResponsesSchema = defineSchema({
  kind: 'error_responses',
  title: 'error responses',
  fields: ERROR_CODES.map(([code, meaning]) =>
    ttlField(`cache_error_${code}`, `${code} ${meaning}`, `CDN cache time of ${code} ${meaning} responses (90, 5m, 1h, 2d).`, {
      put: 'required',
      patch: true,
      response: true,
    }),
  ),
  rules: [],
});
