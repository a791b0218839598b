// While the API gives no answer (refused, no such host, a timeout, a dropped connection) or answers
// with a server error, the app tries again on its own: it reads again what the user looks at, after
// 1 s, 2 s, 4 s … up to 30 s between tries, and the header counts down to the next try
// (`connection.retryAt`). The first answer ends it: the header says "updated just now" with no key
// pressed. A failure another try would not change (the token rejected, not permitted, a redirect,
// an answer not of the API's shape) is not retried in a loop: `r` tries again.
import type { AppStore } from './create-store.js';
import type { Connection } from './types.js';

/** The first wait of a series of tries. */
export const FIRST_RETRY_MS = 1000;
/** The longest wait between two tries. */
export const MAX_RETRY_MS = 30_000;

/**
 * The wait before try `n` (0-based) of a series: 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s each. No
 * jitter: the header shows the count down, which would only look erratic, and one user's app is
 * no crowd to spread out.
 */
export function retryWait(n: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(n, 16));
}

/** Whether the API cannot be used now (the header says what failed). */
export function failing(c: Connection): boolean {
  return !c.online || c.lastError !== undefined;
}

/** Whether the app tries again on its own: something failed, and another try may change that. */
function waiting(c: Connection): boolean {
  return c.retryable === true && failing(c);
}

export interface ReconnectDeps {
  readonly store: AppStore;
  /** Reads again what the user looks at (the list or record on screen); resolves once done, whatever came. */
  readonly reread: () => Promise<unknown>;
}

export interface Reconnect {
  /** Reads the view again now (`r` where the screen has no reload of its own): a try waiting goes now. */
  retryNow(): void;
  stop(): void;
}

export function startReconnect({ store, reread }: ReconnectDeps): Reconnect {
  let tries = 0;
  let timer: NodeJS.Timeout | undefined;
  /** When the waiting try goes. */
  let at: number | undefined;
  /** A try is out: its outcome decides what comes next. */
  let trying = false;
  let stopped = false;

  const show = (retryAt: number | undefined) => {
    if (store.getState().connection.retryAt === retryAt) return;
    store.setState((s) => {
      const { retryAt: _, ...rest } = s.connection;
      return { connection: retryAt === undefined ? rest : { ...rest, retryAt } };
    });
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    at = undefined;
  };
  const tryNow = async () => {
    cancel();
    trying = true;
    show(undefined);
    try {
      await reread();
    } finally {
      trying = false;
    }
    if (!stopped) changed();
  };
  const arm = () => {
    const wait = retryWait(tries++);
    at = Date.now() + wait;
    timer = setTimeout(() => void tryNow(), wait);
    show(at);
  };
  function changed(): void {
    const c = store.getState().connection;
    if (!waiting(c)) {
      cancel();
      tries = 0;
      return;
    }
    if (trying) return; // the try under way decides
    if (timer === undefined) return arm();
    // Another call failed meanwhile (`r`, a screen's own read): the try waiting still goes when it said.
    if (c.retryAt === undefined) show(at);
  }

  const unsubscribe = store.subscribe((s, before) => {
    if (s.connection !== before.connection) changed();
  });
  changed();
  return {
    retryNow: () => void tryNow(),
    stop: () => {
      stopped = true;
      unsubscribe();
      cancel();
    },
  };
}
