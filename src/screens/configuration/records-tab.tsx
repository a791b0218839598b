// A list of a configuration's rules, cache settings or origins: open, new, delete, mark for bulk
// edit, $EDITOR. Origins are read-only.
import { Box } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useSyncState } from '../../ui/use-sync-state.js';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useCtx, writable } from '../../app/context.js';
import { useExternalEditor } from '../../app/use-external-editor.js';
import { Confirm } from '../../components/confirm.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { buildRequest, formatRequest } from '../../diff/index.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/dispatcher.js';
import { listKey, recordKey, type ChildKind } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { reload } from '../actions.js';
import { cacheSettingColumns, originColumns, ruleColumns, type RecordRow } from './columns.js';
import { deleteRows } from './delete-rows.js';

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

const WHAT = { rule: 'rules', cache_setting: 'cache settings', origin: 'origins' } as const;

export function RecordsTab({ kind, conf, height }: { readonly kind: ChildKind; readonly conf: number; readonly height: number }) {
  const ctx = useCtx();
  const { store, ui, width } = ctx;
  const { rows, loaded } = useChildren(kind, conf);
  const origins = useChildren('origin', conf);
  const caches = useChildren('cache_setting', conf);
  const pending = useStore(store, useShallow((s) => Object.keys(s.drafts)));
  const [cursor, setCursor, cursorRef] = useSyncState(0);
  const [marked, setMarked, markedRef] = useSyncState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<readonly RecordRow[] | undefined>();
  const [inUse, setInUse] = useState<{ usedBy: readonly string[]; message: string } | undefined>();
  const at = Math.min(cursor, Math.max(0, rows.length - 1));
  // Handlers read the refs: keys handled before the next render still see the newest cursor.
  const focusedNow = () => rows[Math.min(cursorRef.current, Math.max(0, rows.length - 1))];
  const focused = rows[at];
  const editable = kind !== 'origin';
  const editor = useExternalEditor(ctx, editable ? focused?.key : undefined, () => focusedNow()?.key);

  // Arriving from a refused delete: the rules that use the cache setting are marked and focused.
  const focusKeys = useStore(ui, (s) => s.focusKeys);
  useEffect(() => {
    if (!focusKeys?.length || kind !== 'rule' || !loaded) return;
    setMarked(new Set(focusKeys));
    setCursor(Math.max(0, rows.findIndex((r) => r.key === focusKeys[0])));
    ui.getState().setFocusKeys(undefined);
  }, [focusKeys, kind, loaded, rows, ui]);

  const move = (d: number) => setCursor((c) => Math.max(0, Math.min(rows.length - 1, c + d)));
  const chosen = () => {
    const f = focusedNow();
    return markedRef.current.size ? rows.filter((r) => markedRef.current.has(r.key)) : f ? [f] : [];
  };
  const open = () => {
    const f = focusedNow();
    const m = markedRef.current;
    if (!f || !editable) return;
    const k = kind as 'rule' | 'cache_setting';
    if (m.size > 1) ui.getState().push({ screen: 'bulk', keys: rows.filter((r) => m.has(r.key)).map((r) => r.key), kind: k, conf });
    else ui.getState().push({ screen: 'record', key: m.size === 1 ? [...m][0]! : f.key, kind: k, conf });
  };
  const create = () => {
    if (!writable(ctx)) return;
    const k = kind as 'rule' | 'cache_setting';
    const defaults = k === 'rule' ? { path_origin_id: origins.rows[0]?.record.id, regex: false } : {};
    ui.getState().push({ screen: 'record', key: store.getState().startCreate(k, conf, defaults), kind: k, conf });
  };
  const bindings: Binding[] = [
    { command: 'up', run: () => move(-1) },
    { command: 'down', run: () => move(1) },
    { command: 'pageUp', footer: false, run: () => move(-height) },
    { command: 'pageDown', footer: false, run: () => move(height) },
    { command: 'top', footer: false, run: () => setCursor(0) },
    { command: 'bottom', footer: false, run: () => setCursor(rows.length - 1) },
    { command: 'reload', run: () => void reload(ctx, () => store.getState().loadChildren(kind, conf)) },
    ...(editable
      ? ([
          { command: 'open', ...(marked.size > 1 ? { label: `edit ${marked.size} marked` } : {}), run: open },
          {
            command: 'mark',
            run: () => {
              const f = focusedNow();
              if (!f) return;
              setMarked((m) => {
                const next = new Set(m);
                if (next.has(f.key)) next.delete(f.key);
                else next.add(f.key);
                return next;
              });
              move(1);
            },
          },
          { command: 'create', run: create },
          { command: 'remove', run: () => writable(ctx) && chosen().length > 0 && setDeleting(chosen()) },
          editor,
        ] satisfies Binding[])
      : []),
  ];
  useKeys(PRIORITY.screen, bindings, { active: !deleting && !inUse });

  const nameOf = (rs: RecordRow[], k: ChildKind) => (id: unknown) => {
    if (id === null || id === undefined) return 'none';
    const r = rs.find((x) => x.key === recordKey(k, conf, id as number));
    return r ? safe(r.record.name) : `#${String(id)}`;
  };
  const columns: Column<RecordRow>[] =
    kind === 'rule' ? ruleColumns({ origin: nameOf(origins.rows, 'origin'), cacheSetting: nameOf(caches.rows, 'cache_setting') }) : kind === 'cache_setting' ? cacheSettingColumns : originColumns;
  const pendingSet = useMemo(() => new Set(pending), [pending]);
  const one = deleting?.length === 1 ? deleting[0] : undefined;
  return (
    <Box flexDirection="column">
      <WindowedTable
        rows={rows}
        columns={columns}
        cursor={at}
        height={height - (deleting ? 6 : 1)}
        width={width}
        rowKey={(r) => r.key}
        marked={marked}
        pending={pendingSet}
        empty={loaded ? `no ${WHAT[kind]}${editable ? ': n to make one' : ''}` : `loading ${WHAT[kind]}…`}
      />
      {deleting ? (
        <Confirm
          title={one ? `Delete ${kind === 'rule' ? 'rule' : 'cache setting'} ${safe(one.record.path ?? one.record.name)} (${String(one.record.id)})?` : `Delete ${deleting.length} ${WHAT[kind]}?`}
          request={deleting
            .map((r) => formatRequest(buildRequest({ kind: kind as 'rule', conf, id: r.record.id as number, op: 'delete' }, r.record, r.record)!))
            .join('\n')}
          onConfirm={() => {
            const rowsToDelete = deleting;
            setDeleting(undefined);
            setMarked(new Set());
            void deleteRows(ctx, kind as 'rule' | 'cache_setting', conf, rowsToDelete).then(setInUse);
          }}
          onCancel={() => {
            setDeleting(undefined);
            ui.getState().say('info', 'delete cancelled');
          }}
        />
      ) : null}
      {inUse ? (
        <Confirm
          title={inUse.message}
          request="A cache setting can go once no rule uses it: change those rules first."
          yes="show those rules"
          onConfirm={() => {
            setInUse(undefined);
            ui.getState().setFocusKeys(inUse.usedBy);
            ui.getState().replace({ screen: 'configuration', conf, tab: 'rules' });
          }}
          onCancel={() => setInUse(undefined)}
        />
      ) : null}
    </Box>
  );
}
