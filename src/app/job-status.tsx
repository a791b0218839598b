// The status line of the job under way (a send, find anywhere's loading), redrawn each second
// while it waits for the rate limit so that "next in 42 s" counts down; no timer otherwise (an
// idle screen writes nothing).
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { jobLine } from '../store/index.js';
import { useTheme } from '../ui/theme.js';
import { useAppStore } from './stores.js';

export function useJobLine(): string | undefined {
  const theme = useTheme();
  const job = useAppStore(useShallow((s) => ({ applying: s.applying, searching: s.searching, pacing: s.pacing })));
  const [now, setNow] = useState(() => Date.now());
  const nextAt = job.pacing?.nextAt;
  useEffect(() => {
    if (nextAt === undefined) return;
    // At once (the clock of the last count may be old), then each second.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [nextAt]);
  return jobLine(job, now, theme.sym.dot);
}

/**
 * The message to show beside the job line: with no job, the message; while a job goes on, only a
 * message said since it began (a send's outcome while a find reads on), never an older one.
 */
export function useSaidSinceJob<T>(job: string | undefined, said: T | undefined): T | undefined {
  const active = job !== undefined;
  const [before, setBefore] = useState<{ readonly said: T | undefined } | undefined>(undefined);
  // Adjusted while rendering (React's way for state that follows a value), not in an effect.
  if (active && before === undefined) setBefore({ said });
  if (!active && before !== undefined) setBefore(undefined);
  if (!active) return said;
  return before !== undefined && said !== before.said ? said : undefined;
}
