// Records inside a configuration: rules engine rules (§4.2), cache settings (§4.3), origins (§4.5).
import { deleteProblem, schemaFor, toResponse, validateWrite } from '../../schema/index.js';
import { notFound } from '../http-util.js';
import { subChange, type SubKind } from '../state.js';
import type { Store } from '../store.js';
import { accepted, conflict, listReply, noContent, respond, type Handler, type Params } from './common.js';

function lookup<K extends SubKind>(store: Store, kind: K, { conf, id }: Params) {
  const entry = store.entry(conf);
  const record = entry.subs[kind].get(id);
  if (!record) throw notFound();
  return { entry, record };
}

export function listRecords(kind: SubKind): Handler {
  const schema = schemaFor(kind);
  return ({ store, params, query }) => {
    const shown = [...store.entry(params.conf).subs[kind].values()].map((r) => toResponse(schema, r));
    return listReply(query, shown, shown.length, (a, b) => shown.slice(a, b));
  };
}

export function getRecord(kind: SubKind): Handler {
  const schema = schemaFor(kind);
  return ({ store, params }) => respond(200, schema, lookup(store, kind, params).record);
}

export function createRecord(kind: SubKind): Handler {
  const schema = schemaFor(kind);
  return async ({ store, params, body }) => {
    store.entry(params.conf);
    const sent = await body();
    const entry = store.entry(params.conf);
    const { record } = accepted(validateWrite(schema, 'create', sent, undefined, store.subContext(entry, kind)));
    const id = store.state.nextId(kind);
    const change = subChange(kind, params.conf, id, { id, ...record });
    await store.commit([change]);
    return respond(201, schema, change.v);
  };
}

export function replaceRecord(kind: SubKind, op: 'put' | 'patch'): Handler {
  const schema = schemaFor(kind);
  return async ({ store, params, body }) => {
    lookup(store, kind, params);
    const sent = await body();
    const { entry, record: stored } = lookup(store, kind, params);
    const result = accepted(validateWrite(schema, op, sent, stored, store.subContext(entry, kind, params.id)));
    await store.commit([subChange(kind, params.conf, params.id, result.record)]);
    // The rules engine's PUT answers with the sent fields only, plus id (docs/api.md §4.2).
    const only = op === 'put' && schema.putEchoesSentFields ? result.sent : undefined;
    return respond(200, schema, result.record, only);
  };
}

export function deleteRecord(kind: SubKind): Handler {
  return async ({ store, params }) => {
    const { entry } = lookup(store, kind, params);
    const refused = deleteProblem(kind, params.id, { rules: entry.subs.rule.values(), originIds: entry.subs.origin.keys() });
    if (refused) throw conflict(refused);
    await store.commit([{ t: 'del', k: kind, conf: params.conf, id: params.id }]);
    return noContent;
  };
}
