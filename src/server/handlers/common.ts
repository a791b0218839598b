// What every handler receives, and the helpers they share: lists with pagination, validation answers.
import type { Problem, Rec, ResourceSchema, WriteResult } from '../../schema/index.js';
import { toResponse } from '../../schema/index.js';
import { HttpError, badRequest, type Reply } from '../http-util.js';
import type { Store } from '../store.js';

export interface Params {
  readonly conf: number;
  readonly id: number;
}

export interface HandlerContext {
  readonly store: Store;
  readonly params: Params;
  readonly query: URLSearchParams;
  /** Reads and parses the JSON body (415/413/400); call after the lookups (order of checks, docs/api.md §2). */
  body(): Promise<unknown>;
}

export type Handler = (ctx: HandlerContext) => Reply | Promise<Reply>;

const PAGING = { page: Number.MAX_SAFE_INTEGER, page_size: 1000 } as const;

/** `page` and `page_size`, each undefined when absent; a 400 keyed by each bad one. */
function paging(query: URLSearchParams): { page?: number; size?: number } {
  const errors: Record<string, string[]> = {};
  const values: Partial<Record<keyof typeof PAGING, number>> = {};
  for (const name of ['page', 'page_size'] as const) {
    const max = PAGING[name];
    const raw = query.get(name);
    if (raw === null) continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > max) {
      errors[name] = [name === 'page' ? 'A valid integer of at least 1 is required.' : `A valid integer from 1 to ${max} is required.`];
    } else values[name] = n;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { page: values.page, size: values.page_size };
}

/** A bare JSON array, sliced by `page`/`page_size` when given, with X-Total-Count (docs/api.md §1). */
export function listReply(
  query: URLSearchParams,
  items: readonly Rec[] | (() => string),
  total: number,
  slice: (from: number, to: number) => Rec[],
): Reply {
  const { page, size } = paging(query);
  const headers = { 'x-total-count': String(total) };
  if (page === undefined && size === undefined) {
    return typeof items === 'function' ? { status: 200, raw: items(), headers } : { status: 200, body: items, headers };
  }
  const per = size ?? 100;
  const from = ((page ?? 1) - 1) * per;
  return { status: 200, body: from >= total ? [] : slice(from, Math.min(total, from + per)), headers };
}

/** The record to store, or the 400 of a rejected write. */
export function accepted<R extends Rec>(result: WriteResult<R>): Extract<WriteResult<R>, { ok: true }> {
  if (result.ok) return result;
  throw badRequest('detail' in result ? { detail: result.detail } : result.errors);
}

export function respond(status: number, schema: ResourceSchema, record: Rec, only?: readonly string[]): Reply {
  return { status, body: toResponse(schema, record, only) };
}

export const noContent: Reply = { status: 204 };

export function conflict(p: Problem): HttpError {
  return new HttpError(409, { detail: p.text });
}
