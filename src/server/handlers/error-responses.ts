// /content_delivery/configurations/:conf_id/error_responses (docs/api.md §4.4).
import { errorResponsesSchema as schema, validateRecord } from '../../schema/index.js';
import { accepted, respond, type Handler } from './common.js';

export const getErrorResponses: Handler = ({ store, params }) => respond(200, schema, store.entry(params.conf).errorResponses);

export function replaceErrorResponses(op: 'put' | 'patch'): Handler {
  return async ({ store, params, body }) => {
    store.entry(params.conf);
    const sent = await body();
    const entry = store.entry(params.conf);
    const { record } = accepted(validateRecord('error_responses', op, sent, entry.errorResponses, { products: store.products }));
    await store.commit([{ t: 'err', conf: params.conf, v: record }]);
    return respond(200, schema, record);
  };
}
