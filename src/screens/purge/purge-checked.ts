// A purge's pre-flight (UX.md §9) as its form and review draw it: each URL as the API will read it,
// and whether its host is the account's, from the configurations as read (read again for the review
// when that was more than a minute ago; meanwhile the review says it is checking).
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { purgePreflight, reading, toRead, type ListState, type PurgeFinding } from '../../store/index.js';
import { useAppStore, useStores } from '../../app/stores.js';

const NEEDS = ['configurations'];
const NONE: readonly PurgeFinding[] = [];

export function usePurgeChecked(id: number): { readonly found: readonly PurgeFinding[]; readonly checking: boolean } {
  const { data } = useStores();
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    for (const key of toRead(data.getState(), NEEDS, Date.now())) void data.getState().reload(key);
  }, [data]);
  const [job, list, records, status] = useAppStore(useShallow((s) => [s.purges[id], s.lists.configurations, s.records, s.requests.configurations?.status]));
  return useMemo(() => {
    const lists: Record<string, ListState> = list ? { configurations: list } : {};
    const state = { ...data.getState(), lists, records };
    const due = status !== 'error' && toRead(state, NEEDS, openedAt).length > 0;
    return { found: job ? purgePreflight(state, job.kind, job.urls) : NONE, checking: due || reading(state, NEEDS).length > 0 };
  }, [data, job, list, records, status, openedAt]);
}
