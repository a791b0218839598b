// A list of a configuration's rules, cache settings or origins (their editors come with part 2).
import { Box } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useCtx } from '../../app/context.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { listKey, recordKey, type ChildKind } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { reload } from '../actions.js';
import { cacheSettingColumns, originColumns, ruleColumns, type RecordRow } from './columns.js';

export function useChildren(kind: ChildKind, conf: number): { rows: RecordRow[]; loaded: boolean } {
  const { store } = useCtx();
  const list = listKey(kind, conf);
  const keys = useStore(store, (s) => s.lists[list]?.keys);
  const records = useStore(store, useShallow((s) => (keys ?? []).map((k) => s.records[k])));
  useEffect(() => {
    if (!store.getState().lists[list] && store.getState().requests[list]?.status !== 'loading') {
      void store.getState().loadChildren(kind, conf).catch(() => undefined);
    }
  }, [store, list, kind, conf]);
  const rows = useMemo(() => (keys ?? []).map((key, i) => ({ key, record: records[i]! })).filter((r) => r.record), [keys, records]);
  return { rows, loaded: keys !== undefined };
}

export function RecordsTab({ kind, conf, height }: { readonly kind: ChildKind; readonly conf: number; readonly height: number }) {
  const ctx = useCtx();
  const { store, width } = ctx;
  const { rows, loaded } = useChildren(kind, conf);
  const origins = useChildren('origin', conf);
  const caches = useChildren('cache_setting', conf);
  const pending = useStore(store, useShallow((s) => Object.keys(s.drafts)));
  const [cursor, setCursor] = useState(0);
  const at = Math.min(cursor, Math.max(0, rows.length - 1));
  const move = (d: number) => setCursor((c) => Math.max(0, Math.min(rows.length - 1, c + d)));
  useKeys(PRIORITY.screen, [
    { command: 'up', run: () => move(-1) },
    { command: 'down', run: () => move(1) },
    { command: 'pageUp', footer: false, run: () => move(-height) },
    { command: 'pageDown', footer: false, run: () => move(height) },
    { command: 'top', footer: false, run: () => setCursor(0) },
    { command: 'bottom', footer: false, run: () => setCursor(rows.length - 1) },
    { command: 'reload', run: () => void reload(ctx, () => store.getState().loadChildren(kind, conf)) },
  ]);
  const nameOf = (rs: RecordRow[], k: ChildKind) => (id: unknown) => {
    if (id === null || id === undefined) return 'none';
    const r = rs.find((x) => x.key === recordKey(k, conf, id as number));
    return r ? `${safe(r.record.name)}` : `#${String(id)}`;
  };
  const columns: Column<RecordRow>[] =
    kind === 'rule' ? ruleColumns({ origin: nameOf(origins.rows, 'origin'), cacheSetting: nameOf(caches.rows, 'cache_setting') }) : kind === 'cache_setting' ? cacheSettingColumns : originColumns;
  const what = { rule: 'rules', cache_setting: 'cache settings', origin: 'origins' }[kind];
  return (
    <Box flexDirection="column">
      <WindowedTable
        rows={rows}
        columns={columns}
        cursor={at}
        height={height - 1}
        width={width}
        rowKey={(r) => r.key}
        pending={useMemo(() => new Set(pending), [pending])}
        empty={loaded ? `no ${what}` : `loading ${what}…`}
      />
    </Box>
  );
}
