// Commands that read every configuration one after the other through the client's rate-limit
// budget (`export --all`, `lint --all`) say each new wait for the limit once on stderr: how far
// they are, the limit, when the next request goes and about how long the rest takes —
// `checked 3 of 12 · rate limit 20 reads/min · next in 42 s · about 2 min left`.
import { onEachWait, timeLeftMs, type RateBudget } from '../api/index.js';
import { duration, pacingText } from '../store/job-line.js';

/** Requests of one configuration's export (exportConfiguration): it, its origins, cache settings, rules and error responses. */
export const READS_PER_CONFIGURATION = 5;

export interface Progress {
  readonly done: number;
  readonly total: number;
}

/**
 * Says each new wait of `budget` once, as a line to `say`: `<verb> <done> of <total> · <the wait>
 * · about <time> left`, the time counted for `requestsEach` requests per configuration not done.
 * Returns the function that stops it.
 */
export function sayEachWait(
  budget: RateBudget | undefined,
  say: (line: string) => void,
  verb: string,
  progress: () => Progress,
  requestsEach = READS_PER_CONFIGURATION,
): () => void {
  return onEachWait(budget, (p) => {
    const now = Date.now();
    const { done, total } = progress();
    say(
      `${verb} ${done} of ${total} · ${pacingText(p, now, '·')} · about ${duration(timeLeftMs(p, (total - done) * requestsEach, now))} left\n`,
    );
  });
}
