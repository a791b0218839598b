// A draft checked against src/schema before anything is sent, with what the store knows of its scope.
import { buildRequest } from '../diff/index.js';
import {
  fieldErrorsOf,
  PRODUCTS,
  schemaFor,
  validateWrite,
  type FieldErrors,
  type MessageCode,
  type Problems,
  type ValidationContext,
} from '../schema/index.js';
import { listOf, recordKey, type RecordKey } from './keys.js';
import { standIn } from './refs.js';
import type { DataState, Draft } from './types.js';

/** The products the account has are unknown to the client: product rules are left to the server. */
const ALL_PRODUCTS = new Set(PRODUCTS);

/**
 * What a draft is checked against. `drafted`: the other records as the pending drafts leave them (a
 * form: a path another draft moves off is free, the send planner orders the two); else as the
 * store has them (a send: each answer updates them as it comes).
 */
function contextOf(state: DataState, draft: Draft, drafted: boolean): ValidationContext {
  const { target } = draft;
  const list = listOf(target);
  const selfKey = target.id === undefined ? undefined : recordKey(target.kind, target.conf, target.id);
  const siblings = list && state.lists[list] ? state.lists[list].keys.filter((k) => k !== selfKey) : undefined;
  const refs = (kind: 'origin' | 'cache_setting') => (target.conf === undefined ? undefined : state.lists[`${kind}:${target.conf}`]);
  const recordOf = (k: RecordKey) => {
    const d = drafted ? state.drafts[k] : undefined;
    if (d?.target.op === 'delete') return undefined;
    return d?.target.op === 'update' ? d.values : state.records[k];
  };
  return {
    products: ALL_PRODUCTS,
    ...(siblings ? { siblings: () => siblings.map(recordOf).filter((r) => r !== undefined) } : {}),
    ...(target.kind === 'rule' && refs('origin') && refs('cache_setting')
      ? { refExists: (kind, id) => state.lists[`${kind}:${target.conf}`]!.keys.includes(recordKey(kind, target.conf, id)) }
      : {}),
  };
}

/** The problems of a draft, coded (none when it may be sent). Deletes are not checked. */
export function draftProblems(state: DataState, given: Draft, drafted = false): Problems {
  const draft = standIn(given);
  const { target } = draft;
  if (target.op === 'delete') return [];
  const schema = schemaFor(target.kind);
  const server = target.op === 'update' ? (draft.base ?? {}) : undefined;
  const request = buildRequest(target, server, draft.values);
  if (!request?.body) return [];
  const result = validateWrite(schema, target.op === 'create' ? 'create' : 'patch', request.body, server, contextOf(state, draft, drafted));
  if (result.ok) return [];
  if (!('problems' in result)) return [['detail', result.problem]];
  // A field that takes the id of a record another draft makes first holds a stand-in until then: not checked.
  const taken = new Set(Object.keys(given.refs ?? {}));
  return result.problems.filter(([field]) => !taken.has(field));
}

/** Field errors of a draft (empty when it may be sent), against the records as the store has them. Deletes are not checked. */
export function checkDraft(state: DataState, given: Draft): FieldErrors {
  return fieldErrorsOf(draftProblems(state, given));
}

/** Field errors of a draft as a form shows them: against the other records as the pending drafts leave them. */
export function checkDrafted(state: DataState, given: Draft): FieldErrors {
  return fieldErrorsOf(draftProblems(state, given, true));
}

const EMPTY: ReadonlySet<MessageCode> = new Set<MessageCode>(['required', 'blank']);

/** The fields of a new record's draft (or blank form) left empty that the API requires, with the API's words, in schema order. */
export function emptyRequired(state: DataState, key: RecordKey): Array<readonly [field: string, message: string]> {
  const d = state.drafts[key] ?? state.blanks[key];
  if (d?.target.op !== 'create') return [];
  return draftProblems(state, d)
    .filter(([, p]) => EMPTY.has(p.code))
    .map(([field, p]) => [field, p.text] as const);
}
