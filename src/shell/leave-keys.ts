// Leaving the app for a moment or for good (docs/ux.md): Ctrl-Z (and a SIGTSTP from outside, such as
// `kill -TSTP`) hands the terminal back and stops the process until `fg`, then redraws everything
// and goes on — a paced send keeps its place. Ctrl-C quits at once but leaves nothing half-sent:
// what has not gone stays a draft, an answer awaited is waited for up to 2 s.
import { useApp } from 'ink';
import { useCallback, useEffect, useRef } from 'react';
import type { Binding } from '../keys/key-router.js';
import type { AppStore } from '../store/index.js';
import { stopUntilContinued } from '../util/job-control.js';
import type { Stores } from '../app/stores.js';

/** How the app was left: `q` (0), or Ctrl-C (130, as a shell counts an interrupt). */
export type QuitHow = 'quit' | 'interrupt';

/** The longest Ctrl-C waits for answers to requests already out. */
export const INTERRUPT_WAIT_MS = 2000;

/** Ctrl-Z: suspend; a SIGTSTP from outside does the same while the app runs. */
export function useSuspendBinding(): Binding {
  const { suspendTerminal } = useApp();
  // Ctrl-Z typed again before the stop took (keys read together) suspends once.
  const suspending = useRef(false);
  const suspend = useCallback(() => {
    if (suspending.current) return;
    suspending.current = true;
    void suspendTerminal(stopUntilContinued).finally(() => {
      suspending.current = false;
    });
  }, [suspendTerminal]);
  useEffect(() => {
    process.on('SIGTSTP', suspend);
    return () => void process.off('SIGTSTP', suspend);
  }, [suspend]);
  return { command: 'suspend', footer: false, run: suspend };
}

const writing = (store: AppStore) => Object.values(store.getState().requests).some((r) => r.status === 'saving');

/** Resolves once no store has a write out, or after `ms`. */
function writesAnswered(stores: readonly AppStore[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe: Array<() => void> = [];
    const done = () => {
      clearTimeout(timer);
      for (const u of unsubscribe) u();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const check = () => {
      if (!stores.some(writing)) done();
    };
    for (const s of stores) unsubscribe.push(s.subscribe(check));
    check();
  });
}

/** Ctrl-C: stop what has not gone, wait (briefly) for what is out, put the drafts on disk, quit. */
export function interruptBinding({ data, profiles }: Pick<Stores, 'data' | 'profiles'>, onQuit: (how: QuitHow) => void): Binding {
  let leaving = false;
  return {
    command: 'forceQuit',
    footer: false,
    run: () => {
      if (leaving) return;
      leaving = true;
      const stores = profiles?.all().map((p) => p.session.store) ?? [data];
      for (const s of stores) s.getState().stopSending();
      void writesAnswered(stores, INTERRUPT_WAIT_MS).then(() => {
        for (const s of stores) s.getState().flushJournal();
        onQuit('interrupt');
      });
    },
  };
}
