// (server, draft) → changed fields → the request to send. Pure: no I/O, no store.
import { resourcePath } from '../api/index.js';
import { accepts, schemaFor, type Rec, type ResourceKind } from '../schema/index.js';
import { jsonEqual } from './equal.js';

/** What a draft is about: a record (or a configuration's error responses) and what to do with it. */
export interface DraftTarget {
  readonly kind: ResourceKind;
  /** The owning configuration (all kinds but configuration). */
  readonly conf?: number;
  /** The record's id; absent for a new record and for error responses. */
  readonly id?: number;
  readonly op: 'update' | 'create' | 'delete';
}

export interface FieldChange {
  readonly field: string;
  readonly label: string;
  /** undefined: the field had no value (a new record). */
  readonly before: unknown;
  readonly after: unknown;
}

export interface WriteRequest {
  readonly method: 'PATCH' | 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: Rec;
}

/** The fields a draft changes, in schema order: PATCH-able fields for edits, create fields for new records. */
export function changedFields(target: DraftTarget, server: Rec | undefined, draft: Rec): FieldChange[] {
  const schema = schemaFor(target.kind);
  if (target.op === 'delete') return [];
  const op = target.op === 'create' ? 'create' : 'patch';
  const out: FieldChange[] = [];
  for (const f of schema.fields) {
    if (!accepts(f, op) || draft[f.name] === undefined) continue;
    const before = target.op === 'create' ? undefined : server?.[f.name];
    if (target.op === 'update' && jsonEqual(before, draft[f.name])) continue;
    out.push({ field: f.name, label: f.label, before, after: draft[f.name] });
  }
  return out;
}

/** The exact request a draft sends; undefined when an edit changes nothing. */
export function buildRequest(target: DraftTarget, server: Rec | undefined, draft: Rec): WriteRequest | undefined {
  if (target.op === 'delete') {
    return {
      method: 'DELETE',
      path: resourcePath(target.kind === 'error_responses' ? 'configuration' : target.kind, target.conf, target.id),
    };
  }
  const changes = changedFields(target, server, draft);
  if (target.op === 'update' && changes.length === 0) return undefined;
  const body = Object.fromEntries(changes.map((c) => [c.field, c.after]));
  if (target.op === 'create') return { method: 'POST', path: resourcePath(target.kind, target.conf), body };
  return patchRequest(target, body);
}

/** A PATCH of the record `target` names with `body`: a draft's edit, a record parked for a moment, the PATCH after a create. */
export function patchRequest(target: DraftTarget, body: Rec): WriteRequest {
  return { method: 'PATCH', path: resourcePath(target.kind, target.conf, target.kind === 'error_responses' ? undefined : target.id), body };
}

/** The fields a create cannot send but a PATCH can (a configuration's `active`, `rawlogs`). */
export function patchOnlyFields(kind: ResourceKind): string[] {
  return schemaFor(kind)
    .fields.filter((f) => !accepts(f, 'create') && accepts(f, 'patch'))
    .map((f) => f.name);
}

/**
 * The PATCH that follows a create whose values hold fields the create cannot send (a deleted
 * configuration made again inactive, with raw logs): those that differ from what the create
 * leaves them at (their defaults). Undefined when the create alone makes the record as wanted.
 */
export function followUp(target: DraftTarget, draft: Rec): Rec | undefined {
  if (target.op !== 'create') return undefined;
  const body: Rec = {};
  for (const f of schemaFor(target.kind).fields) {
    if (accepts(f, 'create') || !accepts(f, 'patch') || draft[f.name] === undefined) continue;
    if (!jsonEqual(f.default, draft[f.name])) body[f.name] = draft[f.name];
  }
  return Object.keys(body).length ? body : undefined;
}

/** The follow-up PATCH as the review shows it, the new record's id not known yet. */
export function followUpRequest(target: DraftTarget, body: Rec): WriteRequest {
  const kind = target.kind === 'error_responses' ? 'configuration' : target.kind;
  return { method: 'PATCH', path: `${resourcePath(kind, target.conf)}/{its new id}`, body };
}
