// What the header says about the connection while the API cannot be used: why, and, while the app
// tries again on its own, a countdown to the next try, redrawn once a second only then (an idle
// app that is online writes nothing to the terminal).
import { useEffect, useState } from 'react';
import type { Connection } from '../store/index.js';
import { safe } from '../ui/text.js';

/**
 * The header's words for a failing connection; undefined while it is fine. The countdown comes
 * before the reason: a narrow header cuts the end first. A rejected token, where the app can log
 * in again (`canLogIn`), says so instead of sending the user to `cdn-tui login`.
 *   offline · retrying in 12 s (r now) · cannot reach 127.0.0.1:4010: connection refused (…)
 *   retrying in 4 s (r now) · server error (503 Service Unavailable)
 *   the token was rejected (401) · r: log in again
 *   not permitted (403): … (r retries)
 */
export function connectionProblem(c: Connection, secondsLeft: number | undefined, dot: string, canLogIn = false): string | undefined {
  if (c.online && c.lastError === undefined) return undefined;
  if (c.rejectedAt !== undefined && canLogIn) return `the token was rejected (401) ${dot} r: log in again`;
  const reason = c.lastError === undefined ? undefined : safe(c.lastError);
  if (c.retryable) {
    // No number yet: a try is out, or the clock has not been read for the next one (a moment).
    const when = secondsLeft !== undefined && secondsLeft > 0 ? `retrying in ${secondsLeft} s (r now)` : 'retrying now…';
    return [...(c.online ? [] : ['offline']), when, ...(reason === undefined ? [] : [reason])].join(` ${dot} `);
  }
  return reason === undefined ? 'offline (r retries)' : `${c.online ? '' : 'offline: '}${reason} (r retries)`;
}

/**
 * Whole seconds until `at` (epoch ms), redrawn as they change; undefined without `at`, and for the
 * moment between a new `at` and the first reading of the clock (the clock is read in timers only,
 * never while drawing).
 */
export function useSecondsLeft(at: number | undefined): number | undefined {
  const [shown, setShown] = useState<{ readonly at: number; readonly left: number }>();
  useEffect(() => {
    if (at === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      const ms = at - Date.now();
      setShown({ at, left: Math.max(0, Math.ceil(ms / 1000)) });
      // Just past the next whole second, so the new number is there when the timer fires.
      if (ms > 0) timer = setTimeout(tick, (ms % 1000 || 1000) + 5);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [at]);
  return at !== undefined && shown?.at === at ? shown.left : undefined;
}
