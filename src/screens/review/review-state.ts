// What the review draws from the store, and its pre-flight (docs/ux.md §9): the reads its checks need
// are started when it opens (what was read more than a minute ago, read again), the state is taken
// again only when something the review draws changed, and while a send is under way the state of
// when `y` was pressed is kept (the 200 diffs are not rebuilt as each answer comes).
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  listOfRecord,
  preflight,
  preflightNeeds,
  stillChecking,
  type AppState,
  type Draft,
  type Preflight,
  type RecordKey,
} from '../../store/index.js';
import { useAppStore, useStores } from '../../app/stores.js';
import { useReviewReads } from '../../app/use-review-reads.js';

const KEPT: readonly unknown[] = [];
const NONE: readonly string[] = [];
const NO_DRAFTS: ReadonlyArray<Draft | undefined> = [];
/** Not checked yet (a long review before it is laid out): `checking` says so, and y waits. */
const NOT_YET: Preflight = { findings: {}, general: [], refused: 0, warnings: 0 };

/** The keys the pre-flight of these drafts reads (a change of what they send may change them); of `kept`'s drafts while it is given. */
function useNeeds(keys: readonly RecordKey[], kept: AppState | undefined, laidOut: boolean): readonly string[] {
  const { data } = useStores();
  const drafts = useAppStore(useShallow((s) => (laidOut ? keys.map((k) => (kept ?? s).drafts[k]) : NO_DRAFTS)));
  return useMemo(() => {
    if (!laidOut) return NONE;
    const byKey: Record<RecordKey, Draft> = {};
    keys.forEach((k, i) => {
      const d = drafts[i];
      if (d) byKey[k] = d;
    });
    return preflightNeeds({ ...data.getState(), drafts: byKey }, keys);
  }, [data, keys, drafts, laidOut]);
}

export interface Reviewed {
  readonly state: AppState;
  readonly checked: Preflight;
  /** What the checks still wait for (being read now): `y` waits too. */
  readonly checking: boolean;
}

/**
 * The store's state, re-read whenever something the review draws changes (the drafts, field
 * errors, conflicts and server copies of its keys, and the lists its checks read), and the
 * pre-flight of it; `kept` instead, unchanged, while it is given. Until `laidOut`, nothing is read
 * or checked (the first frame of a long review comes first).
 */
export function useReviewed(keys: readonly RecordKey[], kept: AppState | undefined, laidOut = true): Reviewed {
  const { data } = useStores();
  const needs = useNeeds(keys, kept, laidOut);
  const openedAt = useReviewReads(needs);
  const seen = useAppStore(
    useShallow((s) =>
      kept || !laidOut
        ? KEPT
        : [
            ...keys.flatMap((k) => [
              s.drafts[k],
              s.fieldErrors[k],
              s.conflicts[k],
              s.records[k],
              s.lists[listOfRecord(k) ?? ''],
              s.readAgain?.[k],
            ]),
            ...needs.flatMap((n) => [s.lists[n], s.records[n], s.requests[n]?.status]),
          ],
    ),
  );
  // A new state object only when what the review draws changed (the memo of its lines keys on it).
  const state = useMemo(() => (seen === KEPT && kept ? kept : data.getState()), [kept, seen, data]);
  return useMemo(
    () =>
      laidOut
        ? { state, checked: preflight(state, keys), checking: stillChecking(state, needs, openedAt) }
        : { state, checked: NOT_YET, checking: true },
    [state, keys, needs, openedAt, laidOut],
  );
}
