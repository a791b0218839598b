// The browser's state: the configurations in view (filtered), the cursor, the filter.
import { useMemo, useState } from 'react';
import { useSyncState } from '../../ui/use-sync-state.js';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Rec } from '../../schema/index.js';
import type { AppStore } from '../../store/index.js';

export interface BrowserRow {
  readonly key: string;
  readonly record: Rec;
}

function matches(r: Rec, needle: string): boolean {
  if (needle === '') return true;
  const hay = [String(r.id), String(r.name), String(r.domain_name), ...((r.cname as string[]) ?? [])].join(' ').toLowerCase();
  return needle
    .toLowerCase()
    .split(/\s+/)
    .every((word) => hay.includes(word));
}

export function useBrowser(store: AppStore) {
  const keys = useStore(store, (s) => s.lists.configurations?.keys);
  const records = useStore(store, (s) => s.records);
  const pending = useStore(store, useShallow((s) => Object.keys(s.drafts)));
  const [filter, setFilter] = useState('');
  const [cursor, setCursor, cursorRef] = useSyncState(0);
  const rows = useMemo<BrowserRow[]>(
    () => (keys ?? []).map((key) => ({ key, record: records[key]! })).filter((row) => row.record && matches(row.record, filter)),
    [keys, records, filter],
  );
  const clamped = Math.min(cursor, Math.max(0, rows.length - 1));
  return {
    loaded: keys !== undefined,
    rows,
    cursor: clamped,
    setCursor,
    filter,
    setFilter: (f: string) => {
      setFilter(f);
      setCursor(0);
    },
    pending: useMemo(() => new Set(pending), [pending]),
    focused: rows[clamped],
    /** The focused row as of the last key (before React renders again). */
    focusedNow: () => rows[Math.min(cursorRef.current, Math.max(0, rows.length - 1))],
  };
}
