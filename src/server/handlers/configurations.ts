// /content_delivery/configurations[/:conf_id] (docs/api.md §4.1).
import { randomInt } from 'node:crypto';
import {
  configurationSchema as schema,
  defaultOrigin,
  toResponse,
  validateRecord,
  type Rec,
  type ValidationContext,
} from '../../schema/index.js';
import { zeroErrorResponses, type Change } from '../state.js';
import type { Store } from '../store.js';
import { accepted, listReply, noContent, respond, type Handler } from './common.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function domainName(store: Store): string {
  let label = '';
  for (let i = 0; i < 10; i++) label += ALPHABET[randomInt(ALPHABET.length)];
  return `${label}.map.${store.deliveryDomain}`;
}

// The serialised list is kept until a configuration changes: a 10,000-row list is costly to build.
const listCache = new WeakMap<Store, { version: number; json: string; records: Rec[] }>();

function listed(store: Store): { json: string; records: Rec[] } {
  const cached = listCache.get(store);
  if (cached && cached.version === store.state.configurationsVersion) return cached;
  const records = [...store.state.configurations.values()].map((e) => toResponse(schema, e.record));
  const fresh = { version: store.state.configurationsVersion, json: JSON.stringify(records), records };
  listCache.set(store, fresh);
  return fresh;
}

export const listConfigurations: Handler = ({ store, query }) => {
  const { json, records } = listed(store);
  return listReply(
    query,
    () => json,
    records.length,
    (a, b) => records.slice(a, b),
  );
};

export const getConfiguration: Handler = ({ store, params }) => respond(200, schema, store.entry(params.conf).record);

/** Creates a configuration with its Default Origin and its error responses (all 0). */
export function createConfigurationChanges(
  store: Store,
  body: unknown,
  ctx: ValidationContext = store.configurationContext(),
): { id: number; changes: Change[] } {
  const assigned = () => ({ id: store.state.nextId('configuration'), domain_name: domainName(store), active: true, rawlogs: false });
  const { record: full } = accepted(validateRecord('configuration', 'create', body, undefined, ctx, assigned));
  const { id } = full;
  const originId = store.state.nextId('origin');
  return {
    id,
    changes: [
      { t: 'conf', id, v: full },
      { t: 'sub', k: 'origin', conf: id, id: originId, v: defaultOrigin(originId, full) },
      { t: 'err', conf: id, v: zeroErrorResponses() },
    ],
  };
}

export const createConfiguration: Handler = async ({ store, body }) => {
  const { id, changes } = createConfigurationChanges(store, await body());
  await store.commit(changes);
  return respond(201, schema, store.entry(id).record);
};

function replace(op: 'put' | 'patch'): Handler {
  return async ({ store, params, body }) => {
    store.entry(params.conf);
    const sent = await body();
    const entry = store.entry(params.conf); // again: it may have gone while the body arrived
    const { record } = accepted(validateRecord('configuration', op, sent, entry.record, store.configurationContext(params.conf)));
    await store.commit([{ t: 'conf', id: params.conf, v: record }]);
    return respond(200, schema, record);
  };
}

export const putConfiguration = replace('put');
export const patchConfiguration = replace('patch');

export const deleteConfiguration: Handler = async ({ store, params }) => {
  store.entry(params.conf);
  await store.commit([{ t: 'del', k: 'configuration', conf: params.conf, id: params.conf }]);
  return noContent;
};
