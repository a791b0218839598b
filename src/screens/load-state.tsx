// Whatever a screen shows comes from the store; until it is there, this says so: loading (with
// what), or why it could not be loaded and that `r` tries again. It asks the store to load it
// (once, however many screens ask) and binds `r` to load it again.
import { Text } from 'ink';
import { useEffect, type ReactNode } from 'react';
import { PRIORITY, useKeys } from '../keys/key-router.js';
import type { AppState } from '../store/index.js';
import { safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { useAppStore, useStores } from '../app/stores.js';

export interface LoadStateProps {
  /** "this configuration", "the rules": what is loading. */
  readonly what: string;
  /** The store key to ensure (a list key or a record key). */
  readonly loadKey: string;
  /** Where the request state is kept, when not under loadKey (a rule's list). */
  readonly requestKey?: string;
  readonly present: (s: AppState) => boolean;
  readonly children: ReactNode;
}

/** "loading the rules…", with what the connection says meanwhile (no answer for 10 s, trying again in 2 s). */
export function loadingText(what: string, waiting: string | undefined): string {
  return `loading ${what}…${waiting ? ` (${safe(waiting)})` : ''}`;
}

export function LoadState({ what, loadKey, requestKey = loadKey, present, children }: LoadStateProps) {
  const { data } = useStores();
  const theme = useTheme();
  const there = useAppStore(present);
  const request = useAppStore((s) => s.requests[requestKey]);
  const waiting = useAppStore((s) => s.connection.lastError);
  useEffect(() => {
    void data.getState().ensureLoaded(loadKey);
  }, [data, loadKey]);
  useKeys(PRIORITY.screen, [{ command: 'reload', run: () => void data.getState().reload(loadKey) }], { active: !there });
  if (there) return <>{children}</>;
  if (request?.status === 'error') {
    return <Text color={theme.c('red')}>{`error: could not load ${what}: ${safe(request.message ?? 'no answer')} (r retries)`}</Text>;
  }
  return <Text dimColor>{loadingText(what, waiting)}</Text>;
}
