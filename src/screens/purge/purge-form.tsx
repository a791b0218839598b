// The purge's form: the kind (url, cachekey, wildcard: a list to choose from) and the URLs, one
// a row, each edited in an inline input (emptied: it goes); `n` adds one, `d` removes the focused
// one, `s` reviews the request. The focused row lives in the UI store (a list view of the
// purge's view), the URLs in the data store's purge; an input holds only the text being typed.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { ChoiceList, type Choice } from '../../components/select-list.js';
import { FieldRow } from '../../components/field-row.js';
import { TextInput } from '../../components/text-input.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import type { PurgeJob } from '../../store/index.js';
import { fit, safe, wrap } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { cursorNow, moveBindings, useListView, type ListControl } from '../../app/list-controller.js';
import { useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { formView } from '../../app/ui-store.js';
import { PURGE_KINDS, type PurgeKind } from '../../api/index.js';
import { usePurgeChecked } from './purge-checked.js';

const KIND_HELP: Readonly<Record<PurgeKind, string>> = {
  url: 'these URLs, exactly as written',
  cachekey: 'every cached variant of these URLs (query strings, cookies)',
  wildcard: 'everything matching each URL with * in it: one request per URL',
};
const KIND_LIST = PURGE_KINDS;
const KINDS: readonly Choice[] = KIND_LIST.map((k) => ({ key: k, value: k, label: k, help: KIND_HELP[k] }));
const kindOf = (key: string): PurgeKind | undefined => KIND_LIST.find((k) => k === key);

const KIND_ROW = 0;
const CHOOSER_ROWS = 3;
const MAX_NOTE_LINES = 4;

/** The form's rows: the kind, each URL, and the row that adds one. */
function rowCount(job: PurgeJob): number {
  return job.urls.length + 2;
}

export function PurgeForm({
  job,
  view,
  width,
  height,
}: {
  readonly job: PurgeJob;
  readonly view: string;
  readonly width: number;
  readonly height: number;
}) {
  const { data, ui } = useStores();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  const editing = useUiStore((s) => formView(s, view).editing);
  const { found } = usePurgeChecked(job.id);
  // Notes wrap (a host left out is worth reading whole), at most a few lines of them.
  const noteLines = job.notes.flatMap((n) => wrap(`note: ${safe(n)}`, width)).slice(0, MAX_NOTE_LINES);
  const notes = noteLines.length;
  const rowsHeight = Math.max(1, height - 1 - notes - (editing === 'choice' ? CHOOSER_ROWS + 2 : 0));
  const current = useListView(view, rowCount(job), rowsHeight);
  const control: ListControl = { ui, view, height: rowsHeight, total: () => rowCount(data.getState().purges[job.id] ?? job) };
  const jobNow = () => data.getState().purges[job.id] ?? job;
  const open = (how: 'text' | 'choice' | undefined) => ui.getState().setForm(view, (v) => ({ ...v, editing: how }));
  const setUrls = (urls: readonly string[]) => data.getState().editPurge(job.id, { urls });
  const focusRow = (row: number) => ui.getState().setList(view, (v) => ({ ...v, cursor: row }));
  const cycle = (d: number) => () => {
    if (cursorNow(control) !== KIND_ROW) return false;
    const at = KIND_LIST.indexOf(jobNow().kind);
    data.getState().editPurge(job.id, { kind: KIND_LIST[(at + d + KIND_LIST.length) % KIND_LIST.length]! });
  };
  const bindings: Binding[] = [
    ...moveBindings(control),
    { command: 'edit', disabled: readOnly, run: () => open(cursorNow(control) === KIND_ROW ? 'choice' : 'text') },
    { command: 'left', footer: false, disabled: readOnly, run: cycle(-1) },
    { command: 'right', footer: false, disabled: readOnly, run: cycle(1) },
    {
      command: 'create',
      label: 'add URL',
      disabled: readOnly,
      run: () => {
        focusRow(rowCount(jobNow()) - 1);
        open('text');
      },
    },
    {
      command: 'remove',
      label: 'remove URL',
      disabled: readOnly,
      run: () => {
        const i = cursorNow(control) - 1;
        const urls = jobNow().urls;
        if (i < 0 || i >= urls.length) return false;
        setUrls(urls.filter((_, j) => j !== i));
      },
    },
    {
      command: 'review',
      disabled: readOnly,
      run: () => {
        if (jobNow().urls.every((u) => u.trim() === '')) return void ui.getState().say('error', 'no URL to purge: n adds one');
        data.getState().editPurge(job.id, { stage: 'review' });
      },
    },
  ];
  useKeys(PRIORITY.screen, bindings, { active: editing === undefined });

  // A URL the API would refuse says why beside it (the review lists them too).
  const problemOf = (u: string) => found.find((f) => f.url === u.trim() && f.severity === 'refused')?.message;
  const rows = [
    { label: 'kind', shown: job.kind, choosable: true },
    ...job.urls.map((u, i) => ({ label: `URL ${i + 1}`, shown: safe(u), choosable: false, error: problemOf(u) })),
    { label: '', shown: '+ add a URL (n)', choosable: false },
  ];
  const focused = Math.min(current.cursor, rows.length - 1);
  const urlAt = focused - 1;
  const keep = (text: string) => {
    const t = text.trim();
    const urls = jobNow().urls;
    if (urlAt >= urls.length) {
      if (t) setUrls([...urls, t]);
    } else setUrls(t ? urls.map((u, j) => (j === urlAt ? t : u)) : urls.filter((_, j) => j !== urlAt));
    open(undefined);
  };
  const help =
    focused === KIND_ROW
      ? KIND_HELP[job.kind]
      : 'host and path, no scheme: www.example.com/images/logo.png (wildcard: www.example.com/images/*); emptied, a URL goes';
  return (
    <Box flexDirection="column" width={width}>
      {noteLines.map((line, i) => (
        <Text key={i} color={theme.c('yellow')} wrap="truncate">
          {line}
        </Text>
      ))}
      {rows.slice(current.top, current.top + rowsHeight).map((row, i) => {
        const at = current.top + i;
        const input = at === focused && editing === 'text' && at !== KIND_ROW;
        return (
          <FieldRow
            key={at}
            label={row.label}
            shown={row.shown}
            changed={false}
            focused={at === focused}
            choosable={row.choosable}
            readOnly={readOnly !== undefined}
            labelWidth={6}
            width={width}
            {...('error' in row && row.error !== undefined && !input ? { error: safe(row.error) } : {})}
            {...(input
              ? {
                  editor: (w: number) => (
                    <UrlInput initial={job.urls[urlAt] ?? ''} width={w} onKeep={keep} onDrop={() => open(undefined)} />
                  ),
                }
              : {})}
          />
        );
      })}
      {editing === 'choice' ? (
        <ChoiceList
          choices={KINDS}
          initial={KINDS.findIndex((k) => k.value === job.kind)}
          width={Math.min(width, 90)}
          height={CHOOSER_ROWS}
          onChoose={(c) => {
            const kind = kindOf(c.key);
            if (kind) data.getState().editPurge(job.id, { kind });
            open(undefined);
          }}
          onCancel={() => open(undefined)}
        />
      ) : null}
      <Text dimColor wrap="truncate">
        {fit(`  ${help}`, width, !theme.unicode)}
      </Text>
    </Box>
  );
}

/** One URL being typed: the text is this input's own until Enter keeps it. */
function UrlInput({
  initial,
  width,
  onKeep,
  onDrop,
}: {
  readonly initial: string;
  readonly width: number;
  readonly onKeep: (t: string) => void;
  readonly onDrop: () => void;
}) {
  const [text, setText] = useState(initial);
  return <TextInput value={text} onChange={setText} onSubmit={onKeep} onCancel={onDrop} width={Math.max(4, width)} />;
}
