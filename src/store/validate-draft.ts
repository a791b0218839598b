// A draft checked against src/schema before anything is sent, with what the store knows of its scope.
import { buildRequest } from '../diff/index.js';
import { PRODUCTS, schemaFor, validateWrite, type FieldErrors, type ValidationContext } from '../schema/index.js';
import { listOf, recordKey } from './keys.js';
import { standIn } from './refs.js';
import type { DataState, Draft } from './types.js';

/** The products the account has are unknown to the client: product rules are left to the server. */
const ALL_PRODUCTS = new Set(PRODUCTS);

function contextOf(state: DataState, draft: Draft): ValidationContext {
  const { target } = draft;
  const list = listOf(target);
  const selfKey = target.id === undefined ? undefined : recordKey(target.kind, target.conf, target.id);
  const siblings = list && state.lists[list] ? state.lists[list].keys.filter((k) => k !== selfKey) : undefined;
  const refs = (kind: 'origin' | 'cache_setting') => (target.conf === undefined ? undefined : state.lists[`${kind}:${target.conf}`]);
  return {
    products: ALL_PRODUCTS,
    ...(siblings ? { siblings: () => siblings.map((k) => state.records[k]).filter((r) => r !== undefined) } : {}),
    ...(target.kind === 'rule' && refs('origin') && refs('cache_setting')
      ? { refExists: (kind, id) => state.lists[`${kind}:${target.conf}`]!.keys.includes(recordKey(kind, target.conf, id)) }
      : {}),
  };
}

/** Field errors of a draft (empty when it may be sent). Deletes are not checked. */
export function checkDraft(state: DataState, given: Draft): FieldErrors {
  const draft = standIn(given);
  const { target } = draft;
  if (target.op === 'delete') return {};
  const schema = schemaFor(target.kind);
  const server = target.op === 'update' ? (draft.base ?? {}) : undefined;
  const request = buildRequest(target, server, draft.values);
  if (!request?.body) return {};
  const result = validateWrite(schema, target.op === 'create' ? 'create' : 'patch', request.body, server, contextOf(state, draft));
  if (result.ok) return {};
  if (!('errors' in result)) return { detail: [result.detail] };
  // A field that takes the id of a record another draft makes first holds a stand-in until then: not checked.
  const errors = { ...result.errors };
  for (const field of Object.keys(given.refs ?? {})) delete errors[field];
  return errors;
}
