// Applying drafts: re-read before writing (conflicts; many edits of one list: see bases.ts), send,
// and reconcile when an answer is lost.
import { ApiError, NetworkError, NotSentError, TimeoutError, type CallOptions, MAX_IN_FLIGHT } from '../../api/index.js';
import { buildRequest, followUp, patchRequest, rebase, threeWay, type DraftTarget, type WriteRequest } from '../../diff/index.js';
import type { Rec } from '../../schema/index.js';
import { listKey, listOf, parseKey, placeOf, placeOfTarget, recordKey, type RecordKey } from '../keys.js';
import type { ConfigurationContents } from '../clone.js';
import { titleOf } from '../outcome.js';
import { afterMade, FIRST_ORIGIN, taking, waitingMessage, waitsFor } from '../refs.js';
import { messageOf, track, type SliceContext } from '../context.js';
import type { ApplyResult, Draft } from '../types.js';
import { HISTORY_LIMIT, newSendId, type HistoryEntry } from '../history.js';
import { historyEntry } from '../history-entry.js';
import { holds, madeBy } from '../made.js';
import { checkDraft } from '../validate-draft.js';
import { planApply, type Batch } from './bases.js';
import { preflightNeeds } from '../preflight/index.js';
import { sendPlan } from '../send-plan.js';

export interface ApplyActions {
  /** Sends one draft; never throws for API or network failures (the result says what happened). */
  apply(key: RecordKey, signal?: AbortSignal): Promise<ApplyResult>;
  /**
   * Sends several drafts, at most `concurrency` (≤ MAX_IN_FLIGHT, 8) requests at once, one result
   * per key in order; their history entries are one send (`send`: its id, else a new one).
   */
  applyMany(keys: readonly RecordKey[], signal?: AbortSignal, send?: string): Promise<ApplyResult[]>;
  /** Stops the send under way: what has not gone yet (waiting for the rate limit) stays a draft, held. */
  stopSending(): void;
  /** Rebases a conflicting draft on the server's record; `choice` picks per clashing field (default mine). */
  resolveConflict(key: RecordKey, choice?: Readonly<Record<string, 'mine' | 'theirs'>>): void;
}

/** The keys with `key` put in id order (lists are ordered by id ascending, docs/api.md §1). */
function insertById(keys: readonly RecordKey[], key: RecordKey): RecordKey[] {
  const id = parseKey(key).id ?? Infinity;
  const at = keys.findIndex((k) => (parseKey(k).id ?? Infinity) > id);
  return at < 0
    ? [...keys.filter((k) => k !== key), key]
    : [...keys.slice(0, at).filter((k) => k !== key), key, ...keys.slice(at).filter((k) => k !== key)];
}

/** The highest id among a list's keys (0 for none). */
function highestId(keys: readonly RecordKey[]): number {
  let most = 0;
  for (const k of keys) most = Math.max(most, parseKey(k).id ?? 0);
  return most;
}

const lost = (e: unknown) => e instanceof NetworkError || e instanceof TimeoutError;
/** What a draft that a stopped send did not reach says. */
const STOPPED = 'stopped before it was sent (kept as a draft)';
const NOT_APPLIED = 'The connection dropped before the answer, and the change was not applied: it is still here to send again.';

/** How often the progress of applyMany may change: once a frame (the TUI draws at most 60 a second). */
const FRAME_MS = 16;

/**
 * The progress of applyMany (`applying`): set at once when it starts, then at most once a frame as
 * answers come (the last count always shown), and cleared at the end.
 */
interface Progress {
  step(): void;
  end(): void;
}

function progressOf(set: SliceContext['set'], total: number): Progress {
  let done = 0;
  let timer: NodeJS.Timeout | undefined;
  const show = () => {
    timer = undefined;
    set({ applying: { done, total } });
  };
  show();
  return {
    step() {
      done++;
      timer ??= setTimeout(show, FRAME_MS);
    },
    end() {
      clearTimeout(timer);
      show();
      set({ applying: undefined });
    },
  };
}

export function applySlice(ctx: SliceContext): ApplyActions {
  const { set, get, deps } = ctx;
  const { api } = deps;
  /** The send under way, which stopSending stops. */
  let stopper: AbortController | undefined;
  /** Records parked by the send under way (their parking request's body), until their own request goes. */
  const parked = new Map<RecordKey, Rec>();

  function read(t: DraftTarget, call: CallOptions): Promise<Rec> {
    if (t.kind === 'error_responses') return api.getErrorResponses(t.conf!, call);
    return api.get(placeOfTarget(t), t.id!, call);
  }

  /** The draft is done: the server's record replaces the local copy (or the record is gone). */
  function settle(key: RecordKey, target: DraftTarget, record: Rec | undefined): ApplyResult {
    const newKey = record && target.op === 'create' ? recordKey(target.kind, target.conf, Number(record.id)) : undefined;
    set((s) => {
      let drafts = { ...s.drafts };
      const fieldErrors = { ...s.fieldErrors };
      const conflicts = { ...s.conflicts };
      const records = { ...s.records };
      for (const m of [drafts, fieldErrors, conflicts]) delete m[key];
      if (record) records[newKey ?? key] = record;
      else delete records[key];
      // Drafts waiting for the record made take its id (those of a new configuration, new keys).
      let moved = s.moved;
      if (newKey) {
        const after = afterMade(drafts, key, Number(record!.id));
        drafts = after.drafts;
        for (const [from, to] of Object.entries(after.moved)) {
          if (fieldErrors[from]) fieldErrors[to] = fieldErrors[from];
          delete fieldErrors[from];
        }
        if (Object.keys(after.moved).length) moved = { ...moved, ...after.moved };
      }
      const list = listOf(target);
      const shown = list ? s.lists[list] : undefined;
      if (!list || !shown) return { drafts, fieldErrors, conflicts, records, moved };
      // An edit stays where it is; a new record goes in id order; a deleted one leaves.
      const keys = !record ? shown.keys.filter((k) => k !== key) : newKey ? insertById(shown.keys, newKey) : shown.keys;
      const total = Math.max(keys.length, shown.total + (keys.length - shown.keys.length));
      return { drafts, fieldErrors, conflicts, records, moved, lists: { ...s.lists, [list]: { ...shown, keys, total } } };
    });
    return { key, outcome: 'applied', ...(record ? { record } : {}), ...(newKey ? { newKey } : {}) };
  }

  /** The draft stays; the API's field errors go beside their fields; the result carries the status and the typed error. */
  function fail(key: RecordKey, e: unknown, message = messageOf(e)): ApplyResult {
    const fieldErrors = e instanceof ApiError && Object.keys(e.fieldErrors).length ? e.fieldErrors : undefined;
    if (fieldErrors) set((s) => ({ fieldErrors: { ...s.fieldErrors, [key]: fieldErrors } }));
    return {
      key,
      outcome: 'failed',
      message,
      error: e,
      ...(e instanceof ApiError ? { status: e.status } : {}),
      ...(fieldErrors ? { fieldErrors } : {}),
    };
  }

  /** Someone else changed the record since the draft began (from `base`): the conflict, kept beside the draft; else undefined. */
  function conflictOf(key: RecordKey, d: Draft, theirs: Rec, base: Rec | undefined = d.base): ApplyResult | undefined {
    const fields = threeWay(d.target.kind, base ?? {}, theirs, d.values);
    if (fields.length === 0) return undefined;
    const conflict = { theirs, fields };
    set((s) => ({ conflicts: { ...s.conflicts, [key]: conflict } }));
    return { key, outcome: 'conflict', conflict };
  }

  async function update(key: RecordKey, d: Draft, req: WriteRequest, call: CallOptions, batch?: Batch): Promise<ApplyResult> {
    const t = d.target;
    // The record as the server has it now: from the batch's list read, else read alone.
    const theirs = (await batch?.recordOf(t.id!, call)) ?? (await read(t, call));
    const body = req.body!;
    if (holds(t, theirs, body)) return settle(key, t, theirs); // already there (an earlier answer was lost)
    // Parked by an earlier step of this send: its temporary values are this send's own, no one else's change.
    const parkedBody = parked.get(key);
    const clash = conflictOf(key, d, theirs, parkedBody ? { ...d.base, ...parkedBody } : d.base);
    if (clash) return clash;
    try {
      const answer =
        t.kind === 'error_responses'
          ? await api.patchErrorResponses(t.conf!, body, call)
          : await api.patch(placeOfTarget(t), t.id!, body, call);
      return settle(key, t, answer);
    } catch (e) {
      if (!lost(e)) throw e;
      const now = await read(t, call);
      return holds(t, now, body) ? settle(key, t, now) : fail(key, e, NOT_APPLIED);
    }
  }

  async function create(key: RecordKey, d: Draft, req: WriteRequest, call: CallOptions): Promise<ApplyResult> {
    const t = d.target;
    const place = placeOfTarget(t);
    // Never POST twice: find the record that a lost answer would have named (made after the POST
    // went: ids are assigned increasing). A draft sent before a restart knows its own mark.
    const findMade = async () => madeBy(get().drafts[key] ?? d, (await api.list(place, call)).items);
    if (d.maybeSent) {
      const made = await findMade();
      if (made) return settle(key, t, made);
    }
    const madeAfterId = d.maybeSent && d.madeAfterId !== undefined ? d.madeAfterId : highestId(get().lists[listOf(t)!]?.keys ?? []);
    set((s) => (s.drafts[key] ? { drafts: { ...s.drafts, [key]: { ...s.drafts[key], maybeSent: true, madeAfterId } } } : {}));
    ctx.flushJournal(); // on disk before the POST goes: after a crash, it is looked for before being sent again
    try {
      return settle(key, t, await api.create(place, req.body!, call));
    } catch (e) {
      if (!lost(e)) {
        set((s) => (s.drafts[key] ? { drafts: { ...s.drafts, [key]: { ...s.drafts[key], maybeSent: false } } } : {}));
        throw e;
      }
      const made = await findMade();
      return made ? settle(key, t, made) : fail(key, e, NOT_APPLIED);
    }
  }

  /** What a configuration holds, read just before it is deleted (for its history entry); undefined when it cannot be read. */
  async function contentsOf(conf: number, call: CallOptions): Promise<ConfigurationContents | undefined> {
    try {
      const [origins, caches, rules, errors] = await Promise.all([
        api.list(placeOf('origin', conf), call),
        api.list(placeOf('cache_setting', conf), call),
        api.list(placeOf('rule', conf), call),
        api.getErrorResponses(conf, call),
      ]);
      return { origins: origins.items, cache_settings: caches.items, rules: rules.items, error_responses: errors };
    } catch {
      return undefined; // the delete says what is wrong, if anything
    }
  }

  async function remove(key: RecordKey, d: Draft, call: CallOptions): Promise<ApplyResult> {
    const t = d.target;
    const contents = t.kind === 'configuration' ? await contentsOf(t.id!, call) : undefined;
    try {
      await api.delete(placeOfTarget(t), t.id!, call);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e; // gone already: what was wanted
    }
    const result = settle(key, t, undefined);
    if (result.outcome !== 'applied') return result;
    return { ...result, ...(d.base ? { gone: d.base } : {}), ...(contents ? { contents } : {}) };
  }

  /**
   * The ids a draft takes from records made before it (refs.ts): held when one is not made yet; its
   * configuration's first origin read now. Returns the draft as it will be sent, or why it is not.
   */
  async function takeRefs(key: RecordKey, d: Draft, call: CallOptions): Promise<Draft | ApplyResult> {
    if (waitsFor(d).length) return { key, outcome: 'held', message: waitingMessage(d, get().drafts) };
    const conf = d.target.conf!;
    const list = listKey('origin', conf);
    const loaded = call.signal?.aborted ? false : await get().ensureLoaded(list);
    const first = get().lists[list]?.keys[0];
    if (!first)
      return {
        key,
        outcome: 'failed',
        message: loaded
          ? `configuration ${conf} has no origin to put it on`
          : (get().requests[list]?.message ?? `the origins of configuration ${conf} could not be read`),
        error: undefined,
      };
    const taken = taking(d, FIRST_ORIGIN, parseKey(first).id!) ?? d;
    set((s) => (s.drafts[key] ? { drafts: { ...s.drafts, [key]: taken } } : {}));
    return taken;
  }

  async function apply(key: RecordKey, call: CallOptions, send: string, batch?: Batch): Promise<ApplyResult> {
    let d = get().drafts[key];
    if (!d) return { key, outcome: 'unchanged' };
    if (call.stop?.aborted) return { key, outcome: 'held', message: STOPPED };
    if (d.refs) {
      const taken = await takeRefs(key, d, call);
      if ('outcome' in taken) return taken;
      d = taken;
    }
    const errors = checkDraft(get(), d);
    if (Object.keys(errors).length) {
      set((s) => ({
        fieldErrors: { ...s.fieldErrors, [key]: errors },
        drafts: s.drafts[key] ? { ...s.drafts, [key]: { ...s.drafts[key], attempted: true } } : s.drafts,
      }));
      return { key, outcome: 'invalid', fieldErrors: errors };
    }
    const req = buildRequest(d.target, d.base, d.values);
    if (!req) {
      set((s) => {
        const drafts = { ...s.drafts };
        delete drafts[key];
        return { drafts };
      });
      return { key, outcome: 'unchanged' };
    }
    let result: ApplyResult;
    try {
      result = await track(ctx, key, 'saving', () =>
        d.target.op === 'delete'
          ? remove(key, d, call)
          : d.target.op === 'create'
            ? create(key, d, req, call)
            : update(key, d, req, call, batch),
      );
    } catch (e) {
      // Stopped while it waited for the rate limit: never sent, still a draft.
      result = e instanceof NotSentError ? { key, outcome: 'held', message: STOPPED } : fail(key, e);
    }
    remember(historyEntry(d, req, result, new Date(ctx.now()).toISOString(), send));
    const then = result.outcome === 'applied' && result.newKey ? followUp(d.target, d.values) : undefined;
    return then && result.outcome === 'applied' ? patchMade(result, then, call, send) : result;
  }

  /** A sent request into the history (none: nothing was sent). */
  function remember(entry: HistoryEntry | undefined): void {
    if (!entry) return;
    set((s) => ({ history: [...s.history.slice(-(HISTORY_LIMIT - 1)), entry] }));
    ctx.historyChanged();
  }

  /**
   * The PATCH that follows a create for the fields a create cannot send (diff's followUp: a
   * configuration made again inactive, with raw logs), its own entry in the history. When it
   * fails, the record is made but not as wanted: the result says so (the send's undo offer reverses it).
   */
  async function patchMade(made: ApplyResult & { outcome: 'applied' }, body: Rec, call: CallOptions, send: string): Promise<ApplyResult> {
    const key = made.newKey!;
    const { kind, conf, id } = parseKey(key);
    const target = { kind, op: 'update' as const, ...(conf !== undefined ? { conf } : {}), id: id! };
    const base = made.record ?? {};
    const request = patchRequest(target, body);
    let result: ApplyResult;
    try {
      const answer = await track(ctx, key, 'saving', () => api.patch(placeOfTarget(target), id!, body, call));
      set((s) => ({ records: { ...s.records, [key]: answer } }));
      result = { key, outcome: 'applied', record: answer };
    } catch (e) {
      result = fail(key, e, `made as ${id!}, but ${Object.keys(body).join(', ')} could not be set: ${messageOf(e)}`);
    }
    const now = ctx.now();
    remember(
      historyEntry(
        { target, base, values: { ...base, ...body }, startedAt: now, updatedAt: now },
        request,
        result,
        new Date(now).toISOString(),
        send,
      ),
    );
    return result.outcome === 'applied' ? { ...made, record: result.record ?? base } : { ...result, key: made.key };
  }

  /** Drafts of one step of a send: `concurrency` requests out at once at most. */
  async function applyAll(keys: readonly RecordKey[], call: CallOptions, send: string, progress: Progress): Promise<ApplyResult[]> {
    const results: ApplyResult[] = new Array(keys.length);
    // Each worker has one request out at a time: `limit` workers, at most `limit` in flight.
    await inTurns(planApply(get(), api, keys, inFlight()), async (task) => {
      if ('read' in task) return void (await task.read.read(call));
      results[task.draft] = await apply(keys[task.draft]!, call, send, task.batch);
      progress.step();
    });
    return results;
  }

  const inFlight = () => Math.max(1, Math.min(MAX_IN_FLIGHT, deps.concurrency ?? MAX_IN_FLIGHT));

  /** Runs `run` on each of `tasks` in order, `concurrency` at once at most (each runner one request out at a time). */
  async function inTurns<T>(tasks: readonly T[], run: (task: T) => Promise<void>): Promise<void> {
    let next = 0;
    const runner = async () => {
      while (next < tasks.length) await run(tasks[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(inFlight(), tasks.length) }, runner));
  }

  /**
   * The parking request of an update (send-plan.ts): its unique values moved to temporary ones so
   * that another request of the send can take them; the draft's own request goes in a later step.
   * Judged like the draft: a change someone else made since is a conflict, and nothing is sent.
   */
  async function park(key: RecordKey, body: Rec, call: CallOptions, send: string): Promise<ApplyResult> {
    const d = get().drafts[key];
    if (!d || d.target.id === undefined) return { key, outcome: 'unchanged' };
    if (call.stop?.aborted) return { key, outcome: 'held', message: STOPPED };
    const t = d.target;
    const place = placeOfTarget(t);
    let result: ApplyResult;
    try {
      const clash = conflictOf(key, d, await read(t, call));
      if (clash) return clash;
      const answer = await track(ctx, key, 'saving', () => api.patch(place, t.id!, body, call));
      parked.set(key, body);
      set((s) => ({ records: { ...s.records, [key]: answer } }));
      result = { key, outcome: 'applied', record: answer };
    } catch (e) {
      result = e instanceof NotSentError ? { key, outcome: 'held', message: STOPPED } : fail(key, e);
    }
    const request = patchRequest(t, body);
    // Named in the history as it was before the send, not by its temporary value.
    const named: ApplyResult = result.outcome === 'applied' ? { key, outcome: 'applied' } : result;
    const entry = historyEntry(d, request, named, new Date(ctx.now()).toISOString(), send);
    remember(entry && { ...entry, parked: true });
    return result;
  }

  /**
   * A send in the planner's order (send-plan.ts), numbered as the review lists it: each step after
   * the steps it waits for, consecutive steps that do not wait for each other together (up to
   * `concurrency` requests out); a step whose predecessor did not go is held, kept as a draft. A key moved on the way (its configuration was created) is
   * sent under its new key. One result per key, in order.
   */
  async function applyPlanned(keys: readonly RecordKey[], call: CallOptions, send: string): Promise<ApplyResult[]> {
    const plan = sendPlan(get(), keys);
    const { steps } = plan;
    const results = new Map<RecordKey, ApplyResult>();
    for (const [key, why] of Object.entries(plan.stuck)) results.set(key, { key, outcome: 'held', message: `not sent: ${why}` });
    const progress = progressOf(set, steps.length);
    /** Per step: went (applied, or nothing to send), or not. */
    const went: boolean[] = [];
    // Runs of steps in the plan's order, none waiting for another of its run: a run goes together
    // (up to `concurrency` out), once the run before it is answered.
    const waves: number[][] = [];
    let start = 0;
    steps.forEach((st, i) => {
      if (i === 0 || st.after.some((j) => j >= start)) {
        waves.push([]);
        start = i;
      }
      waves.at(-1)!.push(i);
    });
    try {
      for (const wave of waves) {
        const ready: number[] = [];
        for (const i of wave) {
          const st = steps[i]!;
          const missed = st.after.find((j) => !went[j]);
          if (missed === undefined) {
            ready.push(i);
            continue;
          }
          went[i] = false;
          const first = steps[missed]!.key;
          const message = call.stop?.aborted
            ? STOPPED
            : `not sent: ${titleOf(first, get().drafts[get().moved[first] ?? first]?.values ?? get().records[first])} did not go before it`;
          if (!results.has(st.key)) results.set(st.key, { key: get().moved[st.key] ?? st.key, outcome: 'held', message });
          progress.step();
        }
        const parks = ready.filter((i) => steps[i]!.park);
        const own = ready.filter((i) => !steps[i]!.park);
        await inTurns(parks, async (i) => {
          const r = await park(steps[i]!.key, steps[i]!.park!, call, send);
          went[i] = r.outcome === 'applied';
          if (!went[i]) results.set(steps[i]!.key, r);
          progress.step();
        });
        const sent = await applyAll(
          own.map((i) => get().moved[steps[i]!.key] ?? steps[i]!.key),
          call,
          send,
          progress,
        );
        own.forEach((i, n) => {
          const r = sent[n]!;
          went[i] = r.outcome === 'applied' || r.outcome === 'unchanged';
          results.set(steps[i]!.key, r);
        });
      }
    } finally {
      progress.end();
      parked.clear();
    }
    return keys.map((k) => results.get(k) ?? { key: k, outcome: 'unchanged' });
  }

  /**
   * Refusals the pre-flight did not foresee (someone changed what it was checked against since it
   * was read): what the refused drafts' checks read is read again, once each, so that their next
   * review knows.
   */
  function readAgain(results: readonly ApplyResult[]): void {
    const refused = results.filter(
      (r) => r.outcome === 'failed' && r.status !== undefined && r.status >= 400 && r.status < 500 && ![401, 403, 429].includes(r.status),
    );
    for (const need of preflightNeeds(
      get(),
      refused.map((r) => r.key),
    ))
      void get().reload(need);
  }

  return {
    async apply(key, signal) {
      ctx.flushJournal(); // what is sent is on disk first
      const result = await apply(key, signal ? { signal } : {}, newSendId(ctx.now()));
      readAgain([result]);
      return result;
    },
    async applyMany(keys, signal, send = newSendId(ctx.now())) {
      ctx.flushJournal();
      // Esc (stopSending) stops what has not gone yet; what is out goes on.
      const job = new AbortController();
      stopper = job;
      const call: CallOptions = { ...(signal ? { signal } : {}), stop: job.signal };
      try {
        const results = await applyPlanned(keys, call, send);
        readAgain(results);
        return results;
      } finally {
        if (stopper === job) stopper = undefined;
      }
    },
    stopSending() {
      stopper?.abort();
    },
    resolveConflict(key, choice = {}) {
      const d = get().drafts[key];
      const c = get().conflicts[key];
      if (!d || !c) return;
      const values = rebase(d.target.kind, d.base ?? {}, c.theirs, d.values, choice);
      set((s) => {
        const conflicts = { ...s.conflicts };
        delete conflicts[key];
        const drafts = { ...s.drafts };
        if (buildRequest(d.target, c.theirs, values)) drafts[key] = { ...d, base: c.theirs, values, updatedAt: ctx.now() };
        else delete drafts[key];
        return { conflicts, drafts, records: { ...s.records, [key]: c.theirs } };
      });
    },
  };
}
