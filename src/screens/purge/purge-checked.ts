// A purge's pre-flight (docs/ux.md §9) as its form and review draw it: each URL as the API will read it,
// and whether its host is the account's, from the configurations as read (read again for the review
// when that was more than a minute ago; meanwhile the review says it is checking).
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { purgePreflight, stillChecking, type ListState, type PurgeFinding } from '../../store/index.js';
import { useAppStore, useStores } from '../../app/stores.js';
import { useReviewReads } from '../../app/use-review-reads.js';

const NEEDS = ['configurations'];
const NONE: readonly PurgeFinding[] = [];

export function usePurgeChecked(id: number): { readonly found: readonly PurgeFinding[]; readonly checking: boolean } {
  const { data } = useStores();
  const openedAt = useReviewReads(NEEDS);
  const [job, list, records, requests] = useAppStore(useShallow((s) => [s.purges[id], s.lists.configurations, s.records, s.requests]));
  return useMemo(() => {
    const lists: Record<string, ListState> = list ? { configurations: list } : {};
    const state = { ...data.getState(), lists, records, requests };
    return { found: job ? purgePreflight(state, job.kind, job.urls) : NONE, checking: stillChecking(state, NEEDS, openedAt) };
  }, [data, job, list, records, requests, openedAt]);
}
