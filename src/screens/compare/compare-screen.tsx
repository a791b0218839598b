// The compare view (docs/ux.md §8, `=`): two configurations, of this profile or of two, read whole and
// compared by the engine (src/transfer/compare.ts); a windowed row per differing field or record,
// grouped; `Space` marks, `>` copies the marked (or focused) differences left → right, `<` right →
// left, as drafts in the target's profile, then its review (compare-copy.ts).
import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { WindowedTable } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { markedLabel } from '../../keys/table.js';
import {
  cursorNow,
  markAllBinding,
  markBinding,
  markedNow,
  moveBindings,
  useListView,
  useMarked,
  type ListControl,
} from '../../app/list-controller.js';
import { VIEW, sideName, type CompareSide } from '../../app/routes.js';
import { useBodySize, useReadOnlyReason, useStores } from '../../app/stores.js';
import { pacingText, type AppState, type AppStore } from '../../store/index.js';
import type { Difference } from '../../transfer/compare.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { compareColumns, compareRows, compareStatus, type CompareRow } from './compare-rows.js';
import { copyDifferences } from './compare-copy.js';
import { pendingDifferences } from './compare-pending.js';
import { offeredPurge } from '../../app/ui-store.js';
import { openPurge } from '../purge/open-purge.js';
import { differencesSelector, sideStore, useSide, wholeKeys } from './compare-sides.js';

interface Props {
  readonly left: CompareSide;
  readonly right: CompareSide;
}

export function CompareScreen({ left, right }: Props) {
  const stores = useStores();
  const { width, height } = useBodySize();
  const leftStore = useMemo(() => sideStore(stores, left), [stores, left]);
  const rightStore = useMemo(() => sideStore(stores, right), [stores, right]);
  if ('problem' in leftStore || 'problem' in rightStore) {
    const problem = 'problem' in leftStore ? leftStore.problem : 'problem' in rightStore ? rightStore.problem : '';
    return (
      <Box width={width} height={height}>
        <Text color="red">{fit(`error: cannot compare: ${safe(problem)}`, width)}</Text>
      </Box>
    );
  }
  return <CompareBody left={left} right={right} leftStore={leftStore.store} rightStore={rightStore.store} />;
}

const rowKey = (r: CompareRow) => r.key;

/**
 * What the rate limit says while either side's reads wait for it (`rate limit 80 reads/min · next
 * in 12 s`), counting down each second; the footer's job line says it for the profile on screen only.
 */
function usePacing(left: AppStore, right: AppStore): string | undefined {
  const theme = useTheme();
  const leftPacing = useStore(left, (s) => s.pacing);
  const rightPacing = useStore(right, (s) => s.pacing);
  const pacing = leftPacing ?? rightPacing;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (pacing === undefined) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [pacing]);
  return pacing ? pacingText(pacing, now, theme.sym.dot) : undefined;
}

// The differences of the pair on screen, one compare for the render and the keys (as rowsSelector for the lists).
const differencesOf = differencesSelector();

function CompareBody({ left, right, leftStore, rightStore }: Props & { readonly leftStore: AppStore; readonly rightStore: AppStore }) {
  const stores = useStores();
  const { ui } = stores;
  const { width, height } = useBodySize();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  const view = VIEW.compare(left, right);
  const a = useSide(leftStore, left);
  const b = useSide(rightStore, right);
  const differences = differencesOf(a.snapshot, b.snapshot);
  const rows = useMemo(() => compareRows(differences ?? []), [differences]);
  const ids = useMemo(() => rows.map(rowKey), [rows]);
  const marked = useMarked(view, ids, rows);
  const markedSet = useMemo(() => new Set(marked.keys), [marked]);
  // Rows with a draft on either side (a copy reviewed and kept for later) are drawn with `*`.
  const leftDrafts = useStore(leftStore, (s) => s.drafts);
  const rightDrafts = useStore(rightStore, (s) => s.drafts);
  const pending = useMemo(() => {
    const side = (store: AppStore, drafts: AppState['drafts'], conf: number) => ({
      state: { lists: store.getState().lists, records: store.getState().records, drafts },
      conf,
    });
    return pendingDifferences(differences ?? [], [side(leftStore, leftDrafts, left.conf), side(rightStore, rightDrafts, right.conf)]);
  }, [differences, leftDrafts, rightDrafts, leftStore, rightStore, left.conf, right.conf]);
  const tableHeight = Math.max(1, height - 2);
  const current = useListView(view, rows.length, tableHeight);

  // As of now, for keys that come faster than renders.
  const differencesNow = (): readonly Difference[] => differencesOf(a.snapshotNow(), b.snapshotNow()) ?? [];
  const control: ListControl = { ui, view, height: tableHeight, total: () => differencesNow().length };
  const chosenNow = (): Difference[] => {
    const all = differencesNow();
    const marks = new Set(
      markedNow(
        control,
        all.map((d) => d.id),
      ),
    );
    if (marks.size) return all.filter((d) => marks.has(d.id));
    const focused = all[cursorNow(control)];
    return focused ? [focused] : [];
  };
  const copy = (toRight: boolean) => () => {
    const chosen = chosenNow();
    const source = (toRight ? a : b).snapshotNow();
    if (chosen.length === 0 || !source) return false;
    const route = { screen: 'compare' as const, left, right };
    void copyDifferences(stores, {
      route,
      from: toRight ? left : right,
      to: toRight ? right : left,
      source,
      target: toRight ? rightStore : leftStore,
      chosen,
    });
  };
  const n = marked.keys.length;
  useKeys(PRIORITY.screen, [
    ...moveBindings(control),
    markBinding(control, (i) => differencesNow()[i]?.id),
    markAllBinding(control, () => differencesNow().map((d) => d.id)),
    { command: 'copyRight', disabled: readOnly, label: markedLabel('copyRight', n), run: copy(true) },
    { command: 'copyLeft', disabled: readOnly, label: markedLabel('copyLeft', n), run: copy(false) },
    // After a copy is sent, the status line offers to purge what it changed (`P purge`), as after any save.
    {
      command: 'purge',
      footer: false,
      disabled: readOnly,
      run: () => {
        const offer = offeredPurge(ui.getState());
        if (!offer) return false;
        openPurge(stores, offer);
      },
    },
    {
      command: 'reload',
      run: () => {
        for (const [store, side] of [
          [leftStore, left],
          [rightStore, right],
        ] as const)
          for (const k of wholeKeys(side.conf)) void store.getState().reload(k);
      },
    },
  ]);

  const pacing = usePacing(leftStore, rightStore);
  const problem = a.problem ?? b.problem;
  const reading = differences === undefined;
  const empty = problem
    ? `could not read ${a.problem ? sideName(left) : sideName(right)}: ${safe(problem)} (r tries again)`
    : reading
      ? `reading ${sideName(left)} and ${sideName(right)}: ${a.read + b.read} of ${2 * wholeKeys(0).length} read…${pacing ? ` ${theme.sym.dot} ${pacing}` : ''}`
      : 'no differences: both sides are the same (ids, domains and what references point at aside)';
  // The header names both sides whole; the columns by what tells them apart: the profile, else the configuration.
  const [leftTitle, rightTitle] =
    left.profile !== right.profile
      ? [safe(left.profile), safe(right.profile)]
      : [`${safe(left.name)} (${left.conf})`, `${safe(right.name)} (${right.conf})`];
  const columns = useMemo(() => compareColumns(leftTitle, rightTitle), [leftTitle, rightTitle]);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <WindowedTable
        rows={rows}
        columns={columns}
        cursor={current.cursor}
        top={current.top}
        height={tableHeight}
        width={width}
        rowKey={rowKey}
        marked={markedSet}
        pending={pending}
        empty={fit(empty, width - 2)}
      />
      <Text dimColor>{fit(reading ? '' : compareStatus(rows.length, n, theme.sym.dot), width)}</Text>
    </Box>
  );
}
