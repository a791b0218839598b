// A list of a configuration's rules, cache settings or origins: open, mark for bulk edit, new,
// delete, $EDITOR; P purges a rule's path (the focused or marked rules). The Default Origin (the
// configuration's first, made with it) cannot be deleted. The cursor, window and marks live in the
// UI store under the tab's view, so each tab keeps its own place.
import { Box } from 'ink';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ListStatus } from '../../components/list-status.js';
import { WindowedTable } from '../../components/windowed-table.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import { markedLabel } from '../../keys/table.js';
import { deleteNeeds, listKey, parseKey, type ChildKind } from '../../store/index.js';
import { askDelete } from './ask-delete.js';
import { safe } from '../../ui/text.js';
import { filterBinding, markAllBinding, markBinding, moveBindings } from '../../app/list-controller.js';
import { useAppStore, useReadOnlyReason, useStores } from '../../app/stores.js';
import { VIEW, type Tab } from '../../app/routes.js';
import { useExternalEditor } from '../../app/use-external-editor.js';
import { openFresh } from '../../app/open-fresh.js';
import { LoadState } from '../load-state.js';
import { openPurge } from '../purge/open-purge.js';
import { useRecordList } from '../record-list.js';
import { rowsSelector } from '../rows.js';
import { cacheSettingColumns, originColumns, ruleColumns } from './columns.js';
import { useRefRecords } from './refs.js';
import { kindWords } from '../../schema/index.js';

const TAB: Readonly<Record<ChildKind, Tab>> = { rule: 'rules', cache_setting: 'cache_settings', origin: 'origins' };

export interface RecordsTabProps {
  readonly kind: ChildKind;
  readonly conf: number;
  readonly width: number;
  readonly height: number;
}

export function RecordsTab(props: RecordsTabProps) {
  const list = listKey(props.kind, props.conf);
  return (
    <LoadState what={`the ${kindWords(props.kind)[1]}`} loadKey={list} present={(s) => s.lists[list] !== undefined}>
      <RecordsList {...props} />
    </LoadState>
  );
}

const rowsOf = rowsSelector();

function RecordsList({ kind, conf, width, height }: RecordsTabProps) {
  const { data, ui } = useStores();
  const readOnly = useReadOnlyReason();
  /** P on rules: the paths of the marked rules (or the focused one) on the configuration's hosts. */
  const purgeBinding = (chosen: () => readonly string[]): Binding => ({
    command: 'purge',
    disabled: readOnly,
    run: () => {
      const rules = chosen()
        .map((k) => parseKey(k).id)
        .filter((id) => id !== undefined);
      if (rules.length === 0) return false;
      openPurge({ data, ui }, { conf, rules });
    },
  });
  const list = listKey(kind, conf);
  const view = VIEW.tab(conf, TAB[kind]);
  const pendingKeys = useAppStore(useShallow((s) => Object.keys(s.drafts)));
  const pending = useMemo(() => new Set(pendingKeys), [pendingKeys]);
  const { origins, caches } = useRefRecords(conf);
  useEffect(() => {
    // A rule's list names its origin and cache setting; a new rule starts on the first origin.
    if (kind === 'rule') for (const k of ['origin', 'cache_setting'] as const) void data.getState().ensureLoaded(listKey(k, conf));
  }, [data, kind, conf]);
  const shown = useRecordList(list, view, height, rowsOf);
  const { keys, rows, filter, current, control, focusedNow, chosenNow } = shown;
  const editor = useExternalEditor(() => focusedNow()?.key);
  const n = shown.marked.keys.length;
  const copyBinding: Binding = {
    command: 'copy',
    label: markedLabel('copy', n),
    disabled: readOnly,
    run: () => {
      const chosen = chosenNow();
      if (chosen.length === 0) return false;
      ui.getState().setCopying({ keys: chosen, from: conf });
    },
  };
  const bindings: Binding[] = [
    ...moveBindings(control),
    {
      command: 'open',
      label: markedLabel('open', n),
      run: () => {
        const chosen = chosenNow();
        if (chosen.length === 0) return false;
        // A form starts from the list as read now: one kept from an earlier start is read again first.
        openFresh({ data, ui }, [list], `the ${kindWords(kind)[1]} as they are now`, () => {
          const there = chosen.filter((k) => data.getState().records[k] !== undefined); // not gone from the server meanwhile
          if (there.length > 1) ui.getState().push({ screen: 'bulk', keys: there, kind, conf });
          else if (there.length === 1) ui.getState().push({ screen: 'form', key: there[0]!, kind, conf });
          else ui.getState().say('error', `gone from the server since it was kept: r shows the ${kindWords(kind)[1]} as they are`);
        });
      },
    },
    markBinding(control, (i) => shown.rowsNow()[i]?.key),
    markAllBinding(control, () => shown.rowsNow().map((r) => r.key)),
    filterBinding(control),
    {
      command: 'create',
      disabled: readOnly,
      run: () => {
        // A new rule starts on the configuration's first origin: have the origins first, as they are now.
        void data
          .getState()
          .ensureFresh(listKey('origin', conf))
          .then(() => ui.getState().push({ screen: 'form', key: data.getState().startCreate(kind, conf), kind, conf }));
      },
    },
    {
      command: 'remove',
      label: markedLabel('remove', n),
      disabled: readOnly,
      run: () => {
        const chosen = chosenNow();
        if (chosen.length === 0) return false;
        // What the API would refuse (rules still use it, the Default Origin) is said before the question, against the lists as read.
        openFresh({ data, ui }, deleteNeeds(data.getState(), chosen), 'the rules as they are now', () =>
          askDelete(data, ui, conf, chosen, view),
        );
      },
    },
    // Rules and cache settings copy to another configuration; an origin is its configuration's own.
    ...(kind === 'origin' ? [] : [copyBinding]),
    { ...editor, disabled: readOnly },
    ...(kind === 'rule' ? [purgeBinding(() => chosenNow())] : []),
    { command: 'reload', run: () => void data.getState().reload(list) },
  ];
  useKeys(PRIORITY.screen, bindings, { active: !shown.filtering });

  const columns = kind === 'rule' ? ruleColumns(origins, caches) : kind === 'cache_setting' ? cacheSettingColumns : originColumns;
  return (
    <Box flexDirection="column">
      <WindowedTable
        rows={rows}
        columns={columns}
        cursor={current.cursor}
        top={current.top}
        height={shown.tableHeight}
        width={width}
        rowKey={(r) => r.key}
        marked={shown.markedSet}
        pending={pending}
        empty={filter ? `nothing matches "${safe(filter)}"` : `no ${kindWords(kind)[1]}: n to make one`}
      />
      <ListStatus
        counts={{ ...shown.counts, total: keys?.length ?? 0, what: kindWords(kind) }}
        width={width}
        filtering={shown.filtering}
        filterText={filter}
        onFilter={shown.onFilter}
      />
    </Box>
  );
}
