// Drafts that refer to records other drafts create first (a clone, a copy that brings its cache
// setting along): `Draft.refs` names, per field (or `conf`, the configuration the draft is in), the
// key of the draft that makes the record. When that record is created its id goes into every draft
// that waits for it, and the drafts of a configuration that did not exist get its id in their keys.
// Until then the field holds a stand-in that passes the schema's checks, and the review names what
// will go there.
import { CONFIGURATIONS } from '../api/index.js';
import { buildRequest, type WriteRequest } from '../diff/index.js';
import type { Rec } from '../schema/index.js';
import { movedKey, parseKey, type RecordKey } from './keys.js';
import type { Draft } from './types.js';

/** A reference to the first origin of the draft's configuration (a new configuration's Default Origin), read when it is sent. */
export const FIRST_ORIGIN = 'origin:first';

/** The configuration the diff and the checks give a draft whose configuration is not created yet. */
const STAND_IN_CONF = 0;

/** The keys of the drafts `d` waits for (those that make a record it takes an id from). */
export function waitsFor(d: Draft): RecordKey[] {
  return Object.values(d.refs ?? {}).filter((r) => r !== FIRST_ORIGIN);
}

/** The draft as the diff and the schema's checks take it: a configuration not created yet stands in as 0. */
export function standIn(d: Draft): Draft {
  return d.target.conf === undefined && d.refs?.conf !== undefined ? { ...d, target: { ...d.target, conf: STAND_IN_CONF } } : d;
}

/** The request a draft sends, references not known yet stood in (see `shownRequest` for the review's). */
export function requestOf(d: Draft): WriteRequest | undefined {
  const s = standIn(d);
  return buildRequest(s.target, s.base, s.values);
}

/** How the review names a record a draft makes: `new cache setting static`. */
function madeName(ref: RecordKey, drafts: Readonly<Record<RecordKey, Draft>>): string {
  if (ref === FIRST_ORIGIN) return 'its configuration’s first origin';
  const { kind } = parseKey(ref);
  const values = drafts[ref]?.values;
  const name = values?.name ?? values?.path;
  return `new ${kind.replace('_', ' ')}${typeof name === 'string' ? ` ${name}` : ''}`;
}

/** Per field taken from another record: what goes there, in words (`the id of new cache setting static`). */
export function refWords(d: Draft, drafts: Readonly<Record<RecordKey, Draft>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, ref] of Object.entries(d.refs ?? {})) out[field] = `the id of ${madeName(ref, drafts)}`;
  return out;
}

/** The request as the review shows it: `{the id of new configuration shop}` where an id will go. */
export function shownRequest(d: Draft, drafts: Readonly<Record<RecordKey, Draft>>): WriteRequest | undefined {
  const request = requestOf(d);
  if (!request || !d.refs) return request;
  const words = refWords(d, drafts);
  const body: Rec | undefined = request.body ? { ...request.body } : undefined;
  for (const field of Object.keys(words)) if (body && Object.hasOwn(body, field)) body[field] = `{${words[field]!}}`;
  const path = words.conf ? request.path.replace(`${CONFIGURATIONS}/${STAND_IN_CONF}`, `${CONFIGURATIONS}/{${words.conf}}`) : request.path;
  return { ...request, path, ...(body ? { body } : {}) };
}

/** Why a draft that still waits for records of other drafts is not sent. */
export function waitingMessage(d: Draft, drafts: Readonly<Record<RecordKey, Draft>>): string {
  return `not sent: it needs ${waitsFor(d)
    .map((r) => madeName(r, drafts))
    .join(' and ')} made first`;
}

/** `d` with the references to `made` replaced by `id` (undefined when it has none). */
export function taking(d: Draft, made: RecordKey, id: number): Draft | undefined {
  if (!d.refs || !Object.values(d.refs).includes(made)) return undefined;
  let { target, values } = d;
  const rest: Record<string, RecordKey> = {};
  for (const [field, ref] of Object.entries(d.refs)) {
    if (ref !== made) rest[field] = ref;
    else if (field === 'conf') target = { ...target, conf: id };
    else values = { ...values, [field]: id };
  }
  const next: Draft = { ...d, target, values };
  if (Object.keys(rest).length) return { ...next, refs: rest };
  const { refs: _gone, ...plain } = next;
  return plain;
}

/**
 * The drafts after the draft `made` created its record as `id`: those waiting for it take the id;
 * when it was a configuration, its drafts move to keys with its id (`moved`: old → new key).
 */
export function afterMade(
  drafts: Readonly<Record<RecordKey, Draft>>,
  made: RecordKey,
  id: number,
): { drafts: Record<RecordKey, Draft>; moved: Record<RecordKey, RecordKey> } {
  const out: Record<RecordKey, Draft> = {};
  const moved: Record<RecordKey, RecordKey> = {};
  const isConf = made.startsWith('configuration:');
  for (const [key, d] of Object.entries(drafts)) {
    const next = taking(d, made, id) ?? d;
    const to = isConf ? movedKey(key, made, id) : key;
    if (to !== key) moved[key] = to;
    // References to drafts that moved follow them.
    out[to] =
      isConf && next.refs
        ? { ...next, refs: Object.fromEntries(Object.entries(next.refs).map(([f, r]) => [f, movedKey(r, made, id)])) }
        : next;
  }
  return { drafts: out, moved };
}

/** The keys of the drafts that wait, directly or not, for one of `keys` (they cannot go without them). */
export function dependents(keys: readonly RecordKey[], drafts: Readonly<Record<RecordKey, Draft>>): RecordKey[] {
  const gone = new Set(keys);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [key, d] of Object.entries(drafts)) {
      if (!gone.has(key) && waitsFor(d).some((r) => gone.has(r))) {
        gone.add(key);
        grew = true;
      }
    }
  }
  return [...gone].filter((k) => !keys.includes(k));
}
