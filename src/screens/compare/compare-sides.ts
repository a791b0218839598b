// The two sides of a compare: each a configuration in the store of its profile (the one on screen,
// or another opened for it), read whole — configuration, origins, cache settings, rules, error
// responses — through that profile's API client and rate-limit budget, and again each time the
// view opens (after a review was sent, the compare shows what the servers have now).
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Stores } from '../../app/stores.js';
import type { CompareSide } from '../../app/routes.js';
import { listKey, recordKey, type AppState, type AppStore } from '../../store/index.js';
import { compareSnapshots, type Difference, type Snapshot } from '../../transfer/compare.js';
import { storeSnapshot } from '../../transfer/store-snapshot.js';
import { otherStore } from '../palette/compare-items.js';

/** The store a side lives in, or why its profile cannot be opened. */
export function sideStore(stores: Stores, side: CompareSide): { readonly store: AppStore } | { readonly problem: string } {
  const { profiles, data } = stores;
  if (!profiles || profiles.current().name === side.profile) return { store: data };
  const other = otherStore(profiles, side.profile);
  return 'problem' in other ? { problem: `profile ${side.profile}: ${other.problem}` } : other;
}

/** The differences of two snapshots, memoised on the pair: render and every key share one compare. */
export function differencesSelector(): (left: Snapshot | undefined, right: Snapshot | undefined) => readonly Difference[] | undefined {
  let last: { left: Snapshot | undefined; right: Snapshot | undefined; differences: readonly Difference[] | undefined } = {
    left: undefined,
    right: undefined,
    differences: undefined,
  };
  return (left, right) => {
    if (left !== last.left || right !== last.right)
      last = { left, right, differences: left && right ? compareSnapshots(left, right) : undefined };
    return last.differences;
  };
}

/** What a side's configuration is read from: the record, its error responses, its three lists. */
export function wholeKeys(conf: number): readonly string[] {
  return [
    recordKey('configuration', undefined, conf),
    recordKey('error_responses', conf),
    listKey('origin', conf),
    listKey('cache_setting', conf),
    listKey('rule', conf),
  ];
}

/** The side's snapshot from a store's state, memoised on the records it is made of. */
export function snapshotSelector(conf: number): (s: AppState) => Snapshot | undefined {
  const keys = wholeKeys(conf);
  let inputs: readonly unknown[] = [];
  let last: Snapshot | undefined;
  return (s) => {
    const now: unknown[] = [];
    for (const k of keys) {
      const list = s.lists[k];
      now.push(list ?? s.records[k]);
      for (const member of list?.keys ?? []) now.push(s.records[member]);
    }
    if (now.length === inputs.length && now.every((v, i) => v === inputs[i])) return last;
    inputs = now;
    last = storeSnapshot(s, conf);
    return last;
  };
}

export interface SideView {
  readonly snapshot: Snapshot | undefined;
  /** Of the side's five reads, how many are in. */
  readonly read: number;
  /** Why the side could not be read (the store's sentence), when it could not. */
  readonly problem?: string;
  /** Now, for key handlers. */
  snapshotNow(): Snapshot | undefined;
}

/** A side: read again as the view opens, and its snapshot as the store has it. */
export function useSide(store: AppStore, side: CompareSide): SideView {
  const select = useMemo(() => snapshotSelector(side.conf), [side.conf]);
  const snapshot = useStore(store, select);
  const read = useStore(
    store,
    (s) => wholeKeys(side.conf).filter((k) => s.requests[k]?.status !== 'loading' && (s.lists[k] ?? s.records[k]) !== undefined).length,
  );
  const problem = useStore(
    store,
    (s) =>
      wholeKeys(side.conf)
        .map((k) => s.requests[k])
        .find((r) => r?.status === 'error')?.message,
  );
  useEffect(() => {
    for (const k of wholeKeys(side.conf)) void store.getState().reload(k);
  }, [store, side.conf]);
  return { snapshot, read, ...(problem !== undefined ? { problem } : {}), snapshotNow: () => select(store.getState()) };
}
