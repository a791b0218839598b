// What a review reads before its pre-flight can be whole (docs/preflight.md): per request, the
// lists and records its checks read — its record as the server has it, the records a value must
// be unique among, those it refers to, the rules that may still use what it deletes. A review
// reads again what was read more than REVIEW_READ_AGE_MS ago; what cannot be read is said, never
// taken as fine.
import { schemaFor } from '../../schema/index.js';
import { isFresh, isListKey } from '../keep/fresh.js';
import { listKey, recordKey, type RecordKey } from '../keys.js';
import type { Entry } from './batch.js';
import type { PreflightState } from './types.js';

/** How old a read may be for a review to check against it without reading it again. */
export const REVIEW_READ_AGE_MS = 60_000;

/** The keys (lists, records) the checks of one request read. */
export function needsOf(e: Entry): string[] {
  const { target } = e.draft;
  const { kind, conf, op } = target;
  // A configuration not created yet (a clone) holds nothing but what the send makes.
  if (kind !== 'configuration' && (conf === undefined || e.draft.refs?.conf !== undefined)) return [];
  const body = e.request?.body ?? {};
  const schema = schemaFor(kind);
  const touches = (fields: readonly string[]) => op === 'create' || fields.some((f) => Object.hasOwn(body, f));
  const out = new Set<string>();
  if (op === 'delete') {
    if (kind === 'cache_setting' || kind === 'origin') out.add(listKey('rule', conf));
    if (kind === 'origin') out.add(listKey('origin', conf));
    return [...out];
  }
  // The record as the server has it now (an edit merges onto it); a child's comes with its list.
  if (op === 'update')
    out.add(
      kind === 'configuration'
        ? recordKey(kind, undefined, target.id)
        : kind === 'error_responses'
          ? recordKey(kind, conf)
          : listKey(kind, conf),
    );
  if (kind !== 'error_responses' && schema.rules.some((r) => r.siblings && touches(r.fields))) out.add(listKey(kind, conf));
  for (const f of schema.fields) {
    const named = Object.hasOwn(e.draft.unresolved ?? {}, f.name); // a name to look for there again
    if (
      f.type === 'integer' &&
      f.ref &&
      (named || (touches([f.name]) && body[f.name] !== null && !Object.hasOwn(e.draft.refs ?? {}, f.name)))
    )
      out.add(listKey(f.ref, conf));
  }
  return [...out];
}

/** When `key` was read in this session (a list, or a record on its own or with its list); undefined when it was not. */
export function readAt(state: PreflightState, key: string): number | undefined {
  if (!isFresh(state, key)) return undefined;
  if (isListKey(key)) return state.lists[key]?.loadedAt;
  const own = state.requests[key];
  const list = key.startsWith('configuration:') ? 'configurations' : undefined;
  const withList = list && isFresh(state, list) ? state.lists[list]?.loadedAt : undefined;
  const alone = own?.status === 'idle' ? own.at : undefined;
  return Math.max(alone ?? 0, withList ?? 0) || undefined;
}

/** What to read (again) for a review of `needs` at `now`: not read in this session, or read too long ago. */
export function toRead(state: PreflightState, needs: readonly string[], now: number): string[] {
  return needs.filter((k) => {
    const at = readAt(state, k);
    return at === undefined || now - at > REVIEW_READ_AGE_MS;
  });
}

/** How the review names what a key reads: `the rules of configuration 7`. */
export function readWords(key: string): string {
  if (key === 'configurations') return "the account's configurations";
  const [kind = '', conf = ''] = key.split(':');
  if (kind === 'configuration') return `configuration ${conf}`;
  if (kind === 'error_responses') return `the error responses of configuration ${conf}`;
  return `the ${kind.replace('_', ' ')}s of configuration ${conf}`;
}

/** The keys among `needs` being read now. */
export function reading(state: PreflightState, needs: readonly RecordKey[]): RecordKey[] {
  return needs.filter((k) => state.requests[k]?.status === 'loading');
}

/**
 * Whether a review opened at `openedAt` still waits for what its checks read: a read under way, or
 * one due (not read in time for it, and not failed: a failed read is a `not_read` warning instead).
 */
export function stillChecking(state: PreflightState, needs: readonly string[], openedAt: number): boolean {
  return reading(state, needs).length > 0 || toRead(state, needs, openedAt).some((k) => state.requests[k]?.status !== 'error');
}
