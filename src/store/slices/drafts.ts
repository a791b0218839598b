// Editing: drafts made, changed, reverted and reviewed. Every change is journaled by the store.
import { buildRequest, changedFields, type DraftTarget } from '../../diff/index.js';
import { accepts, schemaFor, type Rec } from '../../schema/index.js';
import { newRecordKey, parseKey, type RecordKey } from '../keys.js';
import type { SliceContext } from '../context.js';
import type { Draft, Review } from '../types.js';
import { checkDraft } from '../validate-draft.js';

export interface DraftActions {
  /** Sets one field of the record's draft (made from the server copy on first edit). */
  editField(key: RecordKey, field: string, value: unknown): void;
  /** Replaces the draft's values (the $EDITOR round trip); fields the operation does not take are ignored. */
  setDraftValues(key: RecordKey, values: Rec): void;
  /** A new record: a draft with the schema's defaults; returns its key. */
  startCreate(kind: DraftTarget['kind'], conf: number | undefined, values?: Rec): RecordKey;
  markDelete(key: RecordKey): void;
  revertField(key: RecordKey, field: string): void;
  discardDraft(key: RecordKey): void;
  review(key: RecordKey): Review | undefined;
}

function targetOf(key: RecordKey, op: DraftTarget['op']): DraftTarget {
  const { kind, conf, id } = parseKey(key);
  if (kind === 'origin') throw new Error('origins are read-only');
  return { kind, op, ...(conf !== undefined ? { conf } : {}), ...(id !== undefined ? { id } : {}) };
}

function defaults(kind: DraftTarget['kind']): Rec {
  const out: Rec = {};
  for (const f of schemaFor(kind).fields) if (accepts(f, 'create') && f.default !== undefined) out[f.name] = structuredClone(f.default);
  return out;
}

const REQUIRED = 'This field is required.';

/** A new record being filled in is not told off for the fields still to come, until it is sent. */
function quietRequired(draft: Draft, errors: Record<string, string[]>): Record<string, string[]> {
  if (draft.target.op !== 'create' || draft.attempted) return errors;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const rest = messages.filter((m) => m !== REQUIRED);
    if (rest.length) out[field] = rest;
  }
  return out;
}

export function draftSlice(ctx: SliceContext): DraftActions {
  const { set, get } = ctx;

  /** Stores a draft (or drops it when an edit no longer changes anything) and re-checks its fields. */
  function put(key: RecordKey, draft: Draft | undefined): void {
    set((s) => {
      const drafts = { ...s.drafts };
      const fieldErrors = { ...s.fieldErrors };
      const unchanged = draft?.target.op === 'update' && !buildRequest(draft.target, draft.base, draft.values);
      if (!draft || unchanged) {
        delete drafts[key];
        delete fieldErrors[key];
      } else {
        drafts[key] = draft;
        const errors = quietRequired(draft, checkDraft(s, draft));
        if (Object.keys(errors).length) fieldErrors[key] = errors;
        else delete fieldErrors[key];
      }
      const conflicts = { ...s.conflicts };
      if (!drafts[key]) delete conflicts[key];
      return { drafts, fieldErrors, conflicts };
    });
  }

  function draftFor(key: RecordKey): Draft {
    const existing = get().drafts[key];
    if (existing) return existing;
    const server = get().records[key];
    if (!server) throw new Error(`${key} is not loaded`);
    const now = ctx.now();
    return { target: targetOf(key, 'update'), base: server, values: structuredClone(server), startedAt: now, updatedAt: now };
  }

  return {
    editField(key, field, value) {
      const d = draftFor(key);
      if (d.target.op === 'delete') return;
      put(key, { ...d, values: { ...d.values, [field]: value }, updatedAt: ctx.now() });
    },
    setDraftValues(key, values) {
      const d = draftFor(key);
      const op = d.target.op === 'create' ? 'create' : 'patch';
      const next: Rec = { ...d.values };
      for (const f of schemaFor(d.target.kind).fields) if (accepts(f, op) && Object.hasOwn(values, f.name)) next[f.name] = values[f.name];
      put(key, { ...d, values: next, updatedAt: ctx.now() });
    },
    startCreate(kind, conf, values = {}) {
      const key = newRecordKey(kind, conf);
      const now = ctx.now();
      const target: DraftTarget = { kind, op: 'create', ...(conf !== undefined ? { conf } : {}) };
      put(key, { target, values: { ...defaults(kind), ...values }, startedAt: now, updatedAt: now });
      return key;
    },
    markDelete(key) {
      const server = get().records[key];
      if (!server) {
        put(key, undefined); // a new record not sent yet: deleting it drops the draft
        return;
      }
      const now = ctx.now();
      put(key, { target: targetOf(key, 'delete'), base: server, values: server, startedAt: now, updatedAt: now });
    },
    revertField(key, field) {
      const d = get().drafts[key];
      if (!d || d.target.op !== 'update') return;
      put(key, { ...d, values: { ...d.values, [field]: structuredClone(d.base?.[field]) }, updatedAt: ctx.now() });
    },
    discardDraft(key) {
      put(key, undefined);
    },
    review(key) {
      const d = get().drafts[key];
      if (!d) return undefined;
      return { key, target: d.target, changes: changedFields(d.target, d.base, d.values), request: buildRequest(d.target, d.base, d.values) };
    },
  };
}
