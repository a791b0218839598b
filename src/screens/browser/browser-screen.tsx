// The configuration browser: a windowed table of every configuration, filter as you type, open,
// new, delete, reload.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useStore } from 'zustand';
import { useCtx, writable } from '../../app/context.js';
import { WindowedTable, type Column } from '../../components/windowed-table.js';
import { TextInput } from '../../components/text-input.js';
import { Confirm } from '../../components/confirm.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { formatRequest, buildRequest } from '../../diff/index.js';
import { parseKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { useBrowser, type BrowserRow } from './use-browser.js';
import { deleteNow, reload } from '../actions.js';

export function BrowserScreen() {
  const ctx = useCtx();
  const { store, ui, width, height } = ctx;
  const theme = useTheme();
  const b = useBrowser(store);
  const failed = useStore(store, (s) => s.requests.configurations?.status === 'error');
  const total = useStore(store, (s) => s.lists.configurations?.total ?? 0);
  const [filtering, setFiltering] = useState(false);
  const [deleting, setDeleting] = useState<BrowserRow | undefined>();
  const page = Math.max(1, height - 3);
  const move = (delta: number) => b.setCursor((c) => Math.max(0, Math.min(b.rows.length - 1, c + delta)));

  useKeys(
    PRIORITY.screen,
    [
      { command: 'up', run: () => move(-1) },
      { command: 'down', run: () => move(1) },
      { command: 'pageUp', footer: false, run: () => move(-page) },
      { command: 'pageDown', footer: false, run: () => move(page) },
      { command: 'top', footer: false, run: () => b.setCursor(0) },
      { command: 'bottom', footer: false, run: () => b.setCursor(Math.max(0, b.rows.length - 1)) },
      {
        command: 'open',
        run: () => {
          const f = b.focusedNow();
          if (f) ui.getState().push({ screen: 'configuration', conf: parseKey(f.key).id!, tab: 'settings' });
        },
      },
      { command: 'filter', run: () => setFiltering(true) },
      {
        command: 'create',
        run: () => writable(ctx) && ui.getState().push({ screen: 'new-configuration', key: store.getState().startCreate('configuration', undefined) }),
      },
      { command: 'remove', run: () => b.focusedNow() && writable(ctx) && setDeleting(b.focusedNow()) },
      { command: 'reload', run: () => void reload(ctx, () => store.getState().loadConfigurations()) },
    ],
    { active: !filtering && !deleting },
  );

  const columns: Column<BrowserRow>[] = [
    { title: 'id', width: 6, align: 'right', cell: (r) => String(r.record.id) },
    { title: 'name', weight: 3, cell: (r) => safe(r.record.name) },
    { title: 'domain', weight: 3, cell: (r) => safe(r.record.domain_name) },
    { title: 'protocol', width: 10, cell: (r) => safe(r.record.delivery_protocol) },
    { title: 'active', width: 6, cell: (r) => (r.record.active ? 'yes' : 'no') },
    { title: 'cnames', weight: 3, cell: (r) => ((r.record.cname as string[]) ?? []).map(safe).join(', ') },
  ];
  const focusedRecord = deleting?.record;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <WindowedTable
        rows={b.rows}
        columns={columns}
        cursor={b.cursor}
        height={height - 2}
        width={width}
        rowKey={(r) => r.key}
        pending={b.pending}
        empty={!b.loaded ? (failed ? 'not loaded: r to retry' : 'loading configurations…') : b.filter ? `nothing matches "${safe(b.filter)}"` : 'no configurations yet: n to make one'}
      />
      {deleting && focusedRecord ? (
        <Confirm
          title={`Delete configuration ${safe(focusedRecord.name)} (${String(focusedRecord.id)}) and all it holds?`}
          request={formatRequest(buildRequest({ kind: 'configuration', id: focusedRecord.id as number, op: 'delete' }, focusedRecord, focusedRecord)!)}
          typeToConfirm={String(focusedRecord.name)}
          onConfirm={() => {
            setDeleting(undefined);
            void deleteNow(ctx, deleting.key, String(focusedRecord.name));
          }}
          onCancel={() => {
            setDeleting(undefined);
            ui.getState().say('info', 'delete cancelled');
          }}
        />
      ) : (
        <Box>
          {filtering ? (
            <>
              <Text color={theme.c('cyan')}>/</Text>
              <TextInput
                initial={b.filter}
                onChange={b.setFilter}
                onSubmit={() => setFiltering(false)}
                onCancel={() => {
                  b.setFilter('');
                  setFiltering(false);
                }}
              />
            </>
          ) : (
            <Text dimColor>
              {b.filter ? `filter: ${safe(b.filter)} · ` : ''}
              {b.rows.length} of {total} configurations
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
