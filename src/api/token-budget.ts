// One rate budget per token (docs/api.md §5.2, docs/ux.md §7): the service counts a token's
// requests, whichever client of the process sends them — the two sides of `cdn-tui diff`, two TUI
// profiles on one token, an export and its apply. Every client made for the same base URL and
// token paces through the same budget, so together they never send more than the window holds.
import { sha256Hex } from '../util/sha256.js';
import { createRateBudget, type RateBudget } from './budget.js';

/**
 * The process's budgets, by base URL and a hash of the token: the key names no token, so a look at
 * this map (a debugger, a heap snapshot) shows none.
 */
const budgets = new Map<string, RateBudget>();

/** The one budget of `token` on the API at `baseUrl` (as the client normalises it: no trailing slash). */
export function tokenBudget(baseUrl: string, token: string): RateBudget {
  const key = `${baseUrl} ${sha256Hex(token)}`;
  let budget = budgets.get(key);
  if (!budget) {
    budget = createRateBudget();
    budgets.set(key, budget);
  }
  return budget;
}

/** A budget that can move to another (the client's token changed): what waits there stays there. */
export interface FollowingBudget extends RateBudget {
  /** From now on, requests take their slots from `next`, and subscribers hear of its pacing. */
  follow(next: RateBudget): void;
}

/**
 * The budget a client shows and sends through while its token may change (a new login): the
 * budget of its current token, with subscribers carried over to the next one on a change.
 */
export function followingBudget(first: RateBudget): FollowingBudget {
  let current = first;
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | undefined;
  const tell = (): void => {
    for (const l of listeners) {
      try {
        l();
      } catch {
        // a listener's failure is not the request's
      }
    }
  };
  return {
    take: (lane, priority, stop, stopped) => current.take(lane, priority, stop, stopped),
    pacing: () => current.pacing(),
    subscribe(listener) {
      listeners.add(listener);
      unsubscribe ??= current.subscribe(tell);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = undefined;
        }
      };
    },
    follow(next) {
      if (next === current) return;
      current = next;
      if (unsubscribe) {
        unsubscribe();
        unsubscribe = current.subscribe(tell);
      }
      tell();
    },
  };
}
