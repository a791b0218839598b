// The rate-limit budget of one API client (one profile, docs/ux.md §7): a read, a write and a purge lane
// (purge has limits of its own, docs/api.md §4.6), each
// learnt from the X-RateLimit-Limit / -Remaining / -Reset headers of every answer. A request takes
// a slot of its lane before it is sent; when the lane's window is spent it waits for the reset
// instead of being sent into a 429, and the requests in flight never exceed what remains. Waiting
// requests go in priority order: what the user waits for (foreground) before background work, and
// background work leaves a tenth of a known window to it (a record opened, a send's reads, while
// a find reads every configuration in the background: docs/ux.md §7).
import type { IncomingHttpHeaders } from 'node:http';
import { header } from './headers.js';

export type Lane = 'read' | 'write' | 'purge';
/** Every lane, in the order pacing() reports them. */
const LANES = ['write', 'purge', 'read'] as const satisfies readonly Lane[];
export type Priority = 'foreground' | 'background';

/** A lane whose requests wait: what the status line says about it. */
export interface Pacing {
  readonly lane: Lane;
  /** Requests per window, when the server said. */
  readonly limit?: number;
  /**
   * The window's length, once answers have shown it: the resets of two windows that far apart, and
   * an answer about that far from its reset. A first answer mid-window shows only the time left.
   */
  readonly windowMs?: number;
  /**
   * Until then, what an estimate of the time left goes by: the farthest a reset was from its answer
   * (60 s before any). Never said as the window's length: it may be the time left in one.
   */
  readonly windowAtLeastMs?: number;
  /** When the next request of the lane may go (ms since the epoch). */
  readonly nextAt: number;
}

/** A request's place in its lane, from the moment it may go to its answer. */
export interface Slot {
  /** The answer's status and headers (none: no answer came). A 429 holds the lane for as long as it asks. */
  done(answer?: { readonly status: number; readonly headers: IncomingHttpHeaders }): void;
}

export interface RateBudget {
  /** Resolves with a slot once a request of `lane` may go; rejects with `stopped()` when `stop` aborts first. */
  take(lane: Lane, priority: Priority, stop: AbortSignal | undefined, stopped: () => Error): Promise<Slot>;
  /** The lanes whose requests wait now, writes first, then purges, then reads. */
  pacing(): readonly Pacing[];
  /** Told whenever what pacing() returns may have changed. */
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `say` once for each new wait of `budget` (a new next-request time): of `lane`, or of the
 * first lane that waits. Returns what stops it. The command line says each wait once on stderr.
 */
export function onEachWait(budget: RateBudget | undefined, say: (wait: Pacing) => void, lane?: Lane): () => void {
  let said: number | undefined;
  const unsubscribe = budget?.subscribe(() => {
    const waits = budget.pacing();
    const wait = lane === undefined ? waits[0] : waits.find((w) => w.lane === lane);
    if (!wait || wait.nextAt === said) return;
    said = wait.nextAt;
    say(wait);
  });
  return () => unsubscribe?.();
}

/** The window assumed until answers show it (the real service counts per minute). */
export const DEFAULT_WINDOW_MS = 60_000;
/** Two resets this close name the same window (a reset given in seconds from now moves with each answer). */
const SAME_WINDOW_MS = 1_500;
/**
 * The window is known when what bounds it meets within this: two windows' resets are at least a
 * window apart, a reset at most a window from its answer (give or take a reset rounded up to the
 * second, and the answer's way back).
 */
const KNOWN_WITHIN_MS = 2_000;
/** A server clock this far from ours is corrected for (within it, our clock is trusted: Date has whole seconds). */
const SKEW_MS = 2_000;
/** The wait after a 429 that says nothing of when to come back. */
const UNSAID_WAIT_MS = 5_000;

interface Waiter {
  readonly priority: Priority;
  readonly seq: number;
  readonly go: (slot: Slot) => void;
}

class LaneState {
  limit: number | undefined;
  remaining: number | undefined;
  resetAt: number | undefined;
  blockedUntil = 0;
  inFlight = 0;
  /** An answer has come: until then one request at a time, so a spent window costs at most one 429. */
  answered = false;
  /** The latest window's reset seen (kept when the window passes: the next one's reset is measured from it). */
  lastReset: number | undefined;
  /** The farthest a reset was from its answer: the window is at least this long. */
  atLeastMs = 0;
  /** The least two windows' resets were apart: the window is at most this long. */
  atMostMs: number | undefined;
  readonly queue: Waiter[] = [];

  /** What an answer's reset says of the window's length. */
  learnWindow(reset: number, now: number): void {
    if (this.lastReset === undefined || reset > this.lastReset + SAME_WINDOW_MS) {
      if (this.lastReset !== undefined) this.atMostMs = Math.min(this.atMostMs ?? Infinity, reset - this.lastReset);
      this.lastReset = reset;
    }
    const away = reset - now;
    this.atLeastMs = Math.max(this.atLeastMs, away);
    // The bounds cross: the server's window changed. Start again from this answer.
    if (this.atMostMs !== undefined && this.atLeastMs > this.atMostMs + KNOWN_WITHIN_MS) {
      this.atMostMs = undefined;
      this.atLeastMs = away;
    }
  }

  /** The window's length once the bounds meet (the windows' resets apart: never a time left in one). */
  windowMs(): number | undefined {
    return this.atMostMs !== undefined && this.atMostMs - this.atLeastMs <= KNOWN_WITHIN_MS ? this.atMostMs : undefined;
  }

  /** Slots of the window background work leaves to foreground (a tenth of a known limit; none while the reset is unknown). */
  reserveFor(priority: Priority): number {
    return priority === 'background' && this.limit !== undefined && this.resetAt !== undefined ? Math.floor(this.limit / 10) : 0;
  }

  /** Whether a request of `priority` may go now. */
  open(now: number, priority: Priority = 'foreground'): boolean {
    if (now < this.blockedUntil) return false;
    if (this.resetAt !== undefined && now >= this.resetAt) {
      // The window has passed: a fresh one holds the whole limit (unknown: probe again).
      this.remaining = this.limit;
      this.resetAt = undefined;
      if (this.limit === undefined) this.answered = false;
    }
    if (!this.answered) return this.inFlight === 0;
    if (this.remaining === undefined) return true;
    if (this.remaining - this.inFlight > this.reserveFor(priority)) return true;
    // Spent with no reset said: one at a time, and a 429 says how long.
    return this.resetAt === undefined && this.inFlight === 0;
  }

  /** When the lane may open by the clock alone (undefined: only an answer opens it). */
  opensAt(now: number): number | undefined {
    if (now < this.blockedUntil) return this.blockedUntil;
    return this.resetAt;
  }

  /** When requests wait for the clock (a 429's wait, a spent window), the time the next may go. */
  heldUntil(now: number): number | undefined {
    if (this.queue.length === 0) return undefined;
    if (now < this.blockedUntil) return Math.max(this.blockedUntil, this.spent() ? (this.resetAt ?? 0) : 0);
    return this.spent() && this.resetAt !== undefined && this.resetAt > now ? this.resetAt : undefined;
  }

  /** The window holds nothing more for the first waiting request (what is in flight took the rest, or the reserve; answers can only lower it). */
  private spent(): boolean {
    const reserve = this.reserveFor(this.queue[0]?.priority ?? 'foreground');
    return this.remaining !== undefined && this.remaining - this.inFlight <= reserve;
  }
}

export function createRateBudget(clock: () => number = Date.now): RateBudget {
  const lanes: Record<Lane, LaneState> = { read: new LaneState(), write: new LaneState(), purge: new LaneState() };
  const listeners = new Set<() => void>();
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let shown = '[]';

  const notify = () => {
    const now = JSON.stringify(pacing());
    if (now === shown) return;
    shown = now;
    for (const l of listeners) {
      try {
        l();
      } catch {
        // a listener's failure is not the request's
      }
    }
  };

  function pacing(): Pacing[] {
    const now = clock();
    const out: Pacing[] = [];
    for (const lane of LANES) {
      const s = lanes[lane];
      const nextAt = s.heldUntil(now);
      if (nextAt === undefined) continue;
      // To the second: a Unix reset is rounded up to one.
      const windowMs = s.windowMs();
      const length =
        windowMs !== undefined
          ? { windowMs: toSecond(windowMs) }
          : { windowAtLeastMs: s.atLeastMs > 0 ? toSecond(s.atLeastMs) : DEFAULT_WINDOW_MS };
      out.push({ lane, ...(s.limit !== undefined ? { limit: s.limit } : {}), ...length, nextAt });
    }
    return out;
  }

  /** Lets waiting requests go while their lane is open; sets a timer for the next opening by the clock. */
  function pump(): void {
    const now = clock();
    let wake = Infinity;
    for (const lane of LANES) {
      const s = lanes[lane];
      while (s.queue.length && s.open(now, s.queue[0]!.priority)) {
        const w = s.queue.shift()!;
        s.inFlight++;
        w.go(slotOf(lane));
      }
      if (s.queue.length) wake = Math.min(wake, s.opensAt(now) ?? Infinity);
    }
    if (wake !== timerAt) {
      clearTimeout(timer);
      timer = undefined;
      timerAt = wake;
      // Held while requests wait (a command line's only pending work may be this wait).
      if (wake !== Infinity)
        timer = setTimeout(
          () => {
            timerAt = Infinity;
            pump();
          },
          Math.max(0, wake - now) + 5,
        );
    }
    notify();
  }

  function slotOf(lane: Lane): Slot {
    let settled = false;
    return {
      done(answer) {
        if (settled) return;
        settled = true;
        const s = lanes[lane];
        s.inFlight--;
        if (answer) learn(s, answer.status, answer.headers, clock());
        pump();
      },
    };
  }

  return {
    take(lane, priority, stop, stopped) {
      if (stop?.aborted) return Promise.reject(stopped());
      return new Promise<Slot>((resolve, reject) => {
        const s = lanes[lane];
        const onStop = () => {
          const at = s.queue.indexOf(waiter);
          if (at >= 0) s.queue.splice(at, 1);
          reject(stopped());
          pump();
        };
        const waiter: Waiter = {
          priority,
          seq: seq++,
          go: (slot) => {
            stop?.removeEventListener('abort', onStop);
            resolve(slot);
          },
        };
        // Foreground before background; in turn within each.
        const at = s.queue.findIndex((w) => w.priority === 'background' && priority === 'foreground');
        if (at < 0) s.queue.push(waiter);
        else s.queue.splice(at, 0, waiter);
        stop?.addEventListener('abort', onStop, { once: true });
        pump();
      });
    },
    pacing,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What an answer says of its lane's budget. */
function learn(s: LaneState, status: number, headers: IncomingHttpHeaders, now: number): void {
  s.answered = true;
  const limit = count(header(headers, 'x-ratelimit-limit'));
  const remaining = count(header(headers, 'x-ratelimit-remaining'));
  const skew = clockSkew(header(headers, 'date'), now);
  const reset = resetTime(header(headers, 'x-ratelimit-reset'), now, skew);
  if (limit !== undefined) s.limit = limit;
  if (reset !== undefined) {
    if (s.resetAt === undefined || reset > s.resetAt + SAME_WINDOW_MS) {
      // A new window: what it holds is this answer's word.
      s.resetAt = reset;
      s.remaining = remaining;
    } else if (reset >= s.resetAt - SAME_WINDOW_MS && remaining !== undefined) {
      // The same window (answers come in any order): the least said is the truth.
      s.remaining = Math.min(s.remaining ?? remaining, remaining);
    }
    // An older window's late answer says nothing of this one's budget, but bounds the length.
    s.learnWindow(reset, now);
  } else if (remaining !== undefined) {
    s.remaining = remaining;
  }
  if (status === 429) {
    const wait = retryAfter(header(headers, 'retry-after'), now, skew) ?? (reset !== undefined ? reset - now : UNSAID_WAIT_MS);
    s.blockedUntil = Math.max(s.blockedUntil, now + Math.max(0, wait));
    s.remaining = 0;
  }
}

const toSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

function count(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** The server's clock minus ours, when far enough apart to matter (0 otherwise). */
function clockSkew(date: string | undefined, now: number): number {
  const at = date === undefined ? NaN : Date.parse(date);
  if (!Number.isFinite(at)) return 0;
  const skew = at - now;
  return Math.abs(skew) > SKEW_MS ? skew : 0;
}

/**
 * X-RateLimit-Reset on our clock, in ms: Unix seconds (docs/api.md §5), a small number of seconds from
 * now, or an ISO time — one without a zone is UTC (the real service's `2018-06-07T02:19:29.189972`).
 */
export function resetTime(text: string | undefined, now: number, skew = 0): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return n < 1e9 ? now + n * 1000 : n * 1000 - skew;
  }
  const at = isoTime(text);
  return at === undefined ? undefined : at - skew;
}

/** Retry-After in ms from now: seconds, or an HTTP date. */
export function retryAfter(text: string | undefined, now: number, skew = 0): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - skew - now) : undefined;
}

/** An ISO 8601 time in ms; without a zone it is UTC (Date.parse would read it as local time). */
export function isoTime(text: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!m) return undefined;
  // Date.parse takes at most milliseconds: the real service sends microseconds.
  const fraction = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  const zone = m[4] ? m[4].toUpperCase() : 'Z';
  const at = Date.parse(`${m[1]}T${m[2]}${fraction}${zone}`);
  return Number.isFinite(at) ? at : undefined;
}

/**
 * About how long `count` more requests of a paced lane take: until the lane opens, then a window
 * for each further `limit` of them.
 */
export function timeLeftMs(p: Pacing, count: number, now: number): number {
  const first = Math.max(0, p.nextAt - now);
  if (p.limit === undefined || p.limit <= 0 || count <= 0) return first;
  return first + (Math.ceil(count / p.limit) - 1) * (p.windowMs ?? p.windowAtLeastMs ?? DEFAULT_WINDOW_MS);
}
