// The status line of a job of many requests (docs/ux.md §7): how far it is, and while it waits for the
// rate limit, the limit, when the next request goes and about how long the rest takes —
// `sent 20 of 40 · rate limit 20 writes/min · next in 42 s · about 1 min left`; before answers
// have shown the window's length, `rate limit reached · next in 22 s` (a first answer 38 s into
// the server's minute shows 22 s left, not a limit per 22 s). Pure: the TUI redraws it each second
// while it counts down; `cdn-tui apply` prints it at each wait.
import { timeLeftMs, type Pacing } from '../api/index.js';
import type { DataState } from './types.js';

/** `min` for a minute's window, else its seconds. */
function perWindow(windowMs: number): string {
  const s = Math.round(windowMs / 1000);
  return s >= 55 && s <= 65 ? 'min' : `${s} s`;
}

/** Whole minutes (at least one), then hours: `3 min`, `1 h 5 min`. */
function minutes(seconds: number): string {
  const min = Math.max(1, Math.round(seconds / 60));
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** A wait that counts down: seconds up to a minute and a half (`next in 61 s`), then minutes. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s < 90 ? `${s} s` : minutes(s);
}

/** An estimate: seconds under half a minute, else minutes (`about 1 min` for 42 s). */
function roughly(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 30 ? `${s} s` : minutes(s);
}

/** What the rate limit says: `rate limit 20 writes/min · next in 42 s`; the window's length only once known. */
export function pacingText(p: Pacing, now: number, dot: string): string {
  const limit =
    p.limit === undefined
      ? `rate limit on ${p.lane}s`
      : p.windowMs === undefined
        ? 'rate limit reached'
        : `rate limit ${p.limit} ${p.lane}s/${perWindow(p.windowMs)}`;
  return `${limit} ${dot} next in ${duration(p.nextAt - now)}`;
}

/**
 * The job's line, or undefined when no job runs and nothing waits. `left` counts what the job has
 * still to send (each at least one request of the lane that waits).
 */
export function jobLine(s: Pick<DataState, 'applying' | 'searching' | 'pacing'>, now: number, dot = '·'): string | undefined {
  const parts: string[] = [];
  let left = 0;
  if (s.applying) {
    parts.push(`sent ${s.applying.done} of ${s.applying.total}`);
    left = s.applying.total - s.applying.done;
  } else if (s.searching) {
    parts.push(`searched ${s.searching.done} of ${s.searching.total} configurations`);
    left = s.searching.total - s.searching.done;
  }
  const p = s.pacing;
  if (p) {
    parts.push(pacingText(p, now, dot));
    if (left > 0) parts.push(`about ${roughly(timeLeftMs(p, left, now))} left`);
  }
  return parts.length ? parts.join(` ${dot} `) : undefined;
}
