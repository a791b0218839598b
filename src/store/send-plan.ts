// The order of a send (docs/preflight.md, "The order of a send"): what each draft of a send holds
// before and after it (a rule's path, a cache setting's or origin's name, a configuration's name
// and CNAMEs, a rule's use of a cache setting or origin), handed to the send planner
// (src/plan/), which orders the requests and parks one of each cycle on temporary values. The
// review lists its steps, applyMany sends them, both from this one plan.
import { planSend, type Claim, type PlanItem } from '../plan/index.js';
import { schemaFor, type Rec } from '../schema/index.js';
import { batchOf, phaseOf, type Batch, type Entry } from './preflight/batch.js';
import type { PreflightState } from './preflight/types.js';
import { parseKey, type RecordKey } from './keys.js';
import { titleOf } from './outcome.js';
import { waitsFor } from './refs.js';

export interface SendStep {
  readonly key: RecordKey;
  /** A parking request: this body first (temporary values), the draft's own request in a later step. */
  readonly park?: Rec;
  /** Steps (indices) answered before this one goes: one that did not go holds it. */
  readonly after: readonly number[];
}

export interface SendPlan {
  /** In the order they go. */
  readonly steps: readonly SendStep[];
  /** Per key, why it cannot go: the drafts that hold each other up. */
  readonly stuck: Readonly<Record<RecordKey, string>>;
  /** Passing states a user should know of (a CNAME served by no configuration between two steps). */
  readonly notes: readonly string[];
}

/** The prefix of a temporary value a parked record holds between two steps of a send. */
export const PARKED = 'cdn-tui-moving-';

const PARKABLE = ['path', 'name', 'cname'] as const;
type Parkable = (typeof PARKABLE)[number];

/** The configuration a draft's record is in, as a scope of unique values (a new configuration's key). */
function scopeOf(e: Entry): string {
  const t = e.draft.target;
  if (t.kind === 'configuration') return String(t.id ?? e.key);
  return t.conf !== undefined && t.conf !== 0 ? String(t.conf) : (e.draft.refs?.conf ?? 'new');
}

const claim = (what: Parkable | 'uses', ...parts: readonly unknown[]): Claim => [what, ...parts.map(String)].join(' ');

/** A rule's fields that refer to other records, with the kind they refer to (read once). */
let refFields: ReadonlyArray<readonly [field: string, kind: string]> | undefined;

/** A rule's uses of the records it refers to (many rules may use one). */
function usesOf(kind: Entry['draft']['target']['kind'], scope: string, record: Rec | undefined): Claim[] {
  if (!record || kind !== 'rule') return [];
  refFields ??= schemaFor('rule').fields.flatMap((f) => (f.type === 'integer' && f.ref ? [[f.name, f.ref] as const] : []));
  const out: Claim[] = [];
  for (const [field, ref] of refFields) if (typeof record[field] === 'number') out.push(claim('uses', ref, scope, record[field]));
  return out;
}

/** The values `record` holds that are unique in their scope, each a claim. */
function claimsOf(kind: Entry['draft']['target']['kind'], scope: string, record: Rec | undefined): Claim[] {
  if (!record) return [];
  switch (kind) {
    case 'rule':
      return typeof record.path === 'string' ? [claim('path', scope, record.regex === true, record.path)] : [];
    case 'cache_setting':
    case 'origin':
      return typeof record.name === 'string' ? [claim('name', kind, scope, record.name.trim())] : [];
    case 'configuration': {
      const out = typeof record.name === 'string' ? [claim('name', kind, record.name.trim())] : [];
      if (Array.isArray(record.cname)) for (const c of record.cname) if (typeof c === 'string') out.push(claim('cname', c.toLowerCase()));
      return out;
    }
    default:
      return [];
  }
}

/** The record before the send (as read, else as the draft began). */
const beforeOf = (e: Entry): Rec | undefined => (e.draft.target.op === 'create' ? undefined : (e.server ?? e.draft.base));

/**
 * The body of the request that parks an update or a delete: each unique value it gives up moved
 * to a temporary one (a path, a name), or a CNAME it gives up dropped; undefined when it cannot be
 * parked (a configuration reachable only by CNAME would be left with none; a rule's delete never
 * waits, so it is never parked).
 */
function parkBody(e: Entry): Rec | undefined {
  const t = e.draft.target;
  const before = beforeOf(e);
  if (t.op === 'create' || !before || t.id === undefined) return undefined;
  // A delete that must wait (rules move off it first) gives its name up first: renamed, then deleted.
  if (t.op === 'delete' && t.kind === 'rule') return undefined;
  const after = e.after ?? {};
  const temp = `${PARKED}${t.id}`;
  const body: Rec = {};
  if (t.kind === 'rule' && (before.path !== after.path || before.regex !== after.regex)) body.path = `/${temp}`;
  if ((t.kind === 'cache_setting' || t.kind === 'origin' || t.kind === 'configuration') && before.name !== after.name) body.name = temp;
  if (t.kind === 'configuration' && Array.isArray(before.cname)) {
    const staying = new Set((Array.isArray(after.cname) ? after.cname : []).map((c) => String(c).toLowerCase()));
    const kept = before.cname.filter((c) => staying.has(String(c).toLowerCase()));
    if (kept.length < before.cname.length && !(before.cname_access_only === true && kept.length === 0)) body.cname = kept;
  }
  return Object.keys(body).length ? body : undefined;
}

/** The claims a parking request gives up: those its body moves. */
function parksOf(body: Rec | undefined, gives: readonly Claim[]): Claim[] {
  if (!body) return [];
  return gives.filter((c) => PARKABLE.some((field) => c.startsWith(`${field} `) && field in body));
}

/** The configuration a draft is in (its own for a configuration), for grouping. */
function groupOf(key: RecordKey): string {
  const { kind, conf, id } = parseKey(key);
  if (kind === 'configuration') return String(id ?? key.split(':')[1]);
  return String(conf ?? key.split(':')[1]);
}

/** The planner's item of each entry of the batch, and the body that parks it (if it can be parked). */
function itemsOf(batch: Batch): Array<{ readonly item: PlanItem; readonly park: Rec | undefined }> {
  const { entries } = batch;
  const index = new Map(entries.map((e, i) => [e.key, i]));
  const groups = new Map<string, number>();
  for (const e of entries) if (!groups.has(groupOf(e.key))) groups.set(groupOf(e.key), groups.size);
  // The edits and deletes of rules, by configuration: those may move off what the send deletes.
  const rulesIn = new Map<string, number[]>();
  entries.forEach((e, i) => {
    if (e.draft.target.kind !== 'rule' || e.draft.target.op === 'create') return;
    const those = rulesIn.get(scopeOf(e));
    if (those) those.push(i);
    else rulesIn.set(scopeOf(e), [i]);
  });
  const lastCreate = new Map<string, number>();
  return entries.map((e, i) => {
    const t = e.draft.target;
    const scope = scopeOf(e);
    const holds = claimsOf(t.kind, scope, beforeOf(e));
    const takes = t.op === 'delete' ? [] : claimsOf(t.kind, scope, e.after);
    const uses = usesOf(t.kind, scope, beforeOf(e));
    const usesAfter = t.op === 'delete' ? [] : usesOf(t.kind, scope, e.after);
    const after: number[] = [];
    for (const made of waitsFor(e.draft)) {
      const j = index.get(made);
      if (j !== undefined) after.push(j);
    }
    const needsGone: Claim[] = [];
    if (t.op === 'delete' && (t.kind === 'cache_setting' || t.kind === 'origin') && t.id !== undefined) {
      needsGone.push(claim('uses', t.kind, scope, t.id));
      // Rules of the configuration whose use of it was not read may move off it too: they go first.
      after.push(...(rulesIn.get(scope) ?? []));
    }
    if (t.op === 'delete' && t.kind === 'configuration')
      entries.forEach((o, j) => j !== i && o.draft.target.kind !== 'configuration' && scopeOf(o) === scope && after.push(j));
    // New rules of one configuration are made in the order given: the rules engine keeps them in id order.
    if (t.op === 'create' && t.kind === 'rule') {
      const previous = lastCreate.get(scope);
      if (previous !== undefined) after.push(previous);
      lastCreate.set(scope, i);
    }
    const kept = new Set(takes);
    const park = parkBody(e);
    const parks = parksOf(
      park,
      holds.filter((c) => !kept.has(c)),
    );
    const rank = groups.get(groupOf(e.key))! * 4 + phaseOf(e.draft);
    return { item: { holds, takes, uses, usesAfter, needsGone, after, parks, rank }, park };
  });
}

const plans = new WeakMap<Batch, SendPlan>();

/** The plan of a batch (made once per batch: the review's pre-flight and its lines share it). */
export function planOfBatch(batch: Batch): SendPlan {
  const known = plans.get(batch);
  if (known) return known;
  const { entries } = batch;
  const items = itemsOf(batch);
  const plan = planSend(items.map((i) => i.item));
  const steps = plan.steps.map((s) => ({ key: entries[s.item]!.key, ...(s.park ? { park: items[s.item]!.park! } : {}), after: s.after }));
  const titled = (i: number) => titleOf(entries[i]!.key, entries[i]!.after ?? entries[i]!.server ?? entries[i]!.draft.values);
  const stuck: Record<RecordKey, string> = {};
  for (const group of plan.stuck) {
    const names = group.map(titled);
    for (const i of group)
      stuck[entries[i]!.key] =
        `cannot be ordered: ${names.filter((n) => n !== titled(i)).join(', ') || 'another request'} and this one each wait for the other to go first`;
  }
  // CNAMEs that move between configurations, said once per pair of steps.
  const byPair = new Map<string, { from: number; to: number; cnames: string[] }>();
  for (const m of plan.moves) {
    if (!m.claim.startsWith('cname ')) continue;
    const pair = `${m.from} ${m.to}`;
    const known = byPair.get(pair) ?? byPair.set(pair, { from: m.from, to: m.to, cnames: [] }).get(pair)!;
    known.cnames.push(m.claim.slice('cname '.length));
  }
  const notes = [...byPair.values()].map(({ from, to, cnames }) => {
    const what = cnames.length === 1 ? `${cnames[0]!} moves` : `${cnames.join(', ')} move`;
    const between = `between requests ${from + 1} and ${to + 1} no configuration serves ${cnames.length === 1 ? 'it' : 'them'}`;
    return `${what} from ${titled(plan.steps[from]!.item)} to ${titled(plan.steps[to]!.item)}: ${between}`;
  });
  const made = { steps, stuck, notes };
  plans.set(batch, made);
  return made;
}

/** The plan of sending the drafts of `keys` as the state has them. */
export function sendPlan(state: PreflightState, keys: readonly RecordKey[]): SendPlan {
  return planOfBatch(batchOf(state, keys));
}

/** A request as a review lists it: in the order they go, numbered when there are several; a parking request apart. */
export interface ShownStep {
  readonly key: RecordKey;
  readonly park?: Rec;
  readonly number?: number;
}

/** The requests of `keys` as a review lists them: the plan's steps, then the keys it does not send (stuck, sent, dropped), by configuration. */
export function shownSteps(state: PreflightState, keys: readonly RecordKey[]): ShownStep[] {
  const { steps } = sendPlan(state, keys);
  const many = steps.length > 1;
  const out: ShownStep[] = steps.map((st, i) => ({
    key: st.key,
    ...(st.park ? { park: st.park } : {}),
    ...(many ? { number: i + 1 } : {}),
  }));
  const planned = new Set(steps.map((st) => st.key));
  const rest = keys.filter((key) => !planned.has(key));
  const groups = [...new Set(rest.map(groupOf))];
  for (const g of groups) for (const key of rest) if (groupOf(key) === g) out.push({ key });
  return out;
}
