// Purges (docs/api.md §4.6): a form's state (what kind, which URLs) while the user edits and reviews it,
// then the requests sent through the client (its purge call waits on the purge budget) and what
// each group of URLs became. A wildcard purge takes one URL, so a wildcard of N URLs is N requests
// (a job: the status line counts them and shows the rate limit's wait). A purge cannot be undone:
// each request goes into the history marked as a purge (z says why it cannot be undone).
import { purgeBatches, purgeRequest, type PurgeKind, type PurgeOutcome, type PurgeRequest, AbortError, ApiError } from '../../api/index.js';
import type { Rec } from '../../schema/index.js';
import { HISTORY_LIMIT, newSendId, type HistoryEntry } from '../history.js';
import { recordKey, type RecordKey } from '../keys.js';
import { messageOf, track, type SliceContext } from '../context.js';

/** What a purge was opened on: a configuration (all of it), or some of its rules (one, or those of a cache setting). */
export interface PurgeTarget {
  readonly conf: number;
  readonly rules?: readonly number[];
}

export type PurgeStage = 'editing' | 'review' | 'sending' | 'done';

/** One request of a purge and what came of it. */
export interface PurgeSent {
  readonly request: PurgeRequest;
  readonly outcome?: PurgeOutcome;
  /** Why it failed (no answer, 4xx/5xx): the API's words. */
  readonly message?: string;
  readonly status?: number;
}

export interface PurgeJob {
  readonly id: number;
  readonly target: PurgeTarget;
  /** `shop-prod (1501)`, `/static/ in shop-prod (1501)`. */
  readonly title: string;
  readonly kind: PurgeKind;
  readonly urls: readonly string[];
  readonly notes: readonly string[];
  readonly stage: PurgeStage;
  readonly sent: readonly PurgeSent[];
}

export interface PurgeState {
  readonly purges: Readonly<Record<number, PurgeJob>>;
}

export interface PurgeActions {
  /** A purge form on `target` starting with these URLs; returns its id. */
  startPurge(
    target: PurgeTarget,
    title: string,
    start: { readonly kind: PurgeKind; readonly urls: readonly string[]; readonly notes: readonly string[] },
  ): number;
  editPurge(id: number, change: Partial<Pick<PurgeJob, 'kind' | 'urls' | 'stage'>>): void;
  /** Sends the purge (its URLs, trimmed, empty ones left out) and keeps what came of each request. */
  sendPurge(id: number): Promise<PurgeJob | undefined>;
  /** Stops a purge being sent: a request waiting for the rate limit does not go (one sent goes on). */
  stopPurge(id: number): void;
  dropPurge(id: number): void;
}

/** The requests a purge sends: a wildcard one per URL, the others up to 500 URLs a request. */
export function purgeRequests(kind: PurgeKind, urls: readonly string[]): PurgeRequest[] {
  const clean = urls.map((u) => u.trim()).filter((u) => u !== '');
  if (clean.length === 0) return [];
  return purgeBatches(kind, clean).map((batch) => purgeRequest(kind, batch));
}

/** The URLs a purge's answers refused, and the ones they accepted. */
export function purgeCounts(sent: readonly PurgeSent[]): { readonly accepted: number; readonly refused: number; readonly failed: number } {
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  for (const s of sent) {
    if (!s.outcome) failed += s.request.body.urls.length;
    else
      for (const g of s.outcome.groups)
        if (g.status >= 200 && g.status < 300) accepted += g.urls.length;
        else refused += g.urls.length;
  }
  return { accepted, refused, failed };
}

function entryOf(job: PurgeJob, s: PurgeSent, at: string, send: string): HistoryEntry {
  const [rule, ...more] = job.target.rules ?? [];
  const key: RecordKey =
    rule === undefined || more.length ? recordKey('configuration', undefined, job.target.conf) : recordKey('rule', job.target.conf, rule);
  const refused = s.outcome?.groups.filter((g) => g.status >= 300).flatMap((g) => g.urls) ?? [];
  const after: Rec = { urls: [...s.request.body.urls], method: s.request.body.method };
  const base = { at, key, title: `purge ${job.title}`, method: 'POST' as const, path: s.request.path, after, purge: true as const, send };
  if (s.outcome) {
    const problem = refused.length ? { message: `${refused.length} refused: ${refused.join(', ')}`, status: s.outcome.httpStatus } : {};
    return { ...base, result: 'applied', ...problem };
  }
  return { ...base, result: 'failed', message: s.message ?? 'not sent', ...(s.status !== undefined ? { status: s.status } : {}) };
}

export function purgeSlice(ctx: SliceContext): PurgeActions {
  const { set, get } = ctx;
  let next = 1;
  const stops = new Map<number, AbortController>();
  const update = (id: number, f: (j: PurgeJob) => PurgeJob) =>
    set((s) => {
      const job = s.purges[id];
      return job ? { purges: { ...s.purges, [id]: f(job) } } : {};
    });
  return {
    startPurge(target, title, start) {
      const id = next++;
      set((s) => ({ purges: { ...s.purges, [id]: { id, target, title, ...start, stage: 'editing', sent: [] } } }));
      return id;
    },
    editPurge(id, change) {
      update(id, (j) => ({ ...j, ...change }));
    },
    dropPurge(id) {
      set((s) => {
        const purges = { ...s.purges };
        delete purges[id];
        return { purges };
      });
    },
    stopPurge(id) {
      stops.get(id)?.abort();
    },
    async sendPurge(id) {
      const job = get().purges[id];
      if (!job || job.stage === 'sending') return job;
      const requests = purgeRequests(job.kind, job.urls);
      const stop = new AbortController();
      stops.set(id, stop);
      update(id, (j) => ({ ...j, stage: 'sending', sent: [] }));
      const counting = requests.length > 1 && get().applying === undefined;
      const send = newSendId(ctx.now());
      if (counting) set({ applying: { done: 0, total: requests.length } });
      for (const request of requests) {
        if (stop.signal.aborted) break;
        let sent: PurgeSent;
        try {
          const outcome = await track(ctx, `purge:${id}`, 'saving', () =>
            ctx.deps.api.purge(job.kind, request.body.urls, { stop: stop.signal }),
          );
          sent = { request, outcome };
        } catch (e) {
          // Stopped while it waited for the rate limit: not sent, so not in the history.
          if (e instanceof AbortError) break;
          sent = { request, message: messageOf(e), ...(e instanceof ApiError ? { status: e.status } : {}) };
        }
        const entry = entryOf(job, sent, new Date(ctx.now()).toISOString(), send);
        set((s) => ({
          history: [...s.history.slice(-(HISTORY_LIMIT - 1)), entry],
          ...(counting && s.applying ? { applying: { ...s.applying, done: s.applying.done + 1 } } : {}),
        }));
        ctx.historyChanged();
        update(id, (j) => ({ ...j, sent: [...j.sent, sent] }));
      }
      stops.delete(id);
      if (counting) set({ applying: undefined });
      update(id, (j) => ({ ...j, stage: 'done' }));
      return get().purges[id];
    },
  };
}
