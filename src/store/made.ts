// Finding what a write already did on the server when its answer was lost (or the app stopped
// before it came): an edit is there when the record holds every value sent; a new record is one
// made after the POST went (ids are assigned increasing, docs/api.md §1) that holds every value sent.
import { buildRequest, jsonEqual, type DraftTarget } from '../diff/index.js';
import { schemaFor, validateWrite, PRODUCTS, type Rec } from '../schema/index.js';
import type { Draft } from './types.js';

/** Whether a server record holds every value of a request body (the server may normalise: compare normalised). */
export function holds(target: DraftTarget, record: Rec | undefined, body: Rec): boolean {
  if (!record) return false;
  const op = target.op === 'create' ? 'create' : 'patch';
  const normal = validateWrite(schemaFor(target.kind), op, body, op === 'patch' ? record : undefined, { products: new Set(PRODUCTS) });
  const values = normal.ok ? normal.record : body;
  // Write-once fields (a configuration's origin and cache fields) are never shown: compare what is.
  const shown = schemaFor(target.kind).fields.filter((f) => f.response && Object.hasOwn(body, f.name));
  return shown.every((f) => jsonEqual(record[f.name], values[f.name]));
}

/**
 * The record a new-record draft's POST made, among `items` (its list as the server has it now):
 * the newest one with an id above every id known when it was sent that holds what was sent.
 */
export function madeBy(d: Draft, items: Iterable<Rec>): Rec | undefined {
  const body = buildRequest(d.target, d.base, d.values)?.body;
  if (d.target.op !== 'create' || !body) return undefined;
  const after = d.madeAfterId ?? 0;
  let made: Rec | undefined;
  for (const r of items) if (Number(r.id) > after && holds(d.target, r, body)) made = r;
  return made;
}
