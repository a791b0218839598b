// The diff review (UX.md §4): every change and the exact request; `y` sends, `n`/Esc goes back with
// the drafts intact; conflicts shown three-way until the user chooses.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useCtx, writable } from '../../app/context.js';
import { ConflictView, DiffView } from '../../components/diff-view.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/dispatcher.js';
import { parseKey, type ApplyResult, type RecordKey } from '../../store/index.js';
import { useTheme } from '../../ui/theme.js';
import { safe } from '../../ui/text.js';

function titleOf(key: RecordKey, record: Record<string, unknown> | undefined): string {
  const { kind, id, conf, isNew } = parseKey(key);
  const name = record?.name ?? record?.path;
  const what = kind.replace('_', ' ');
  if (isNew) return `new ${what}${name ? ` ${String(name)}` : ''}${conf ? ` in configuration ${conf}` : ''}`;
  return `${what} ${name ? `${String(name)} ` : ''}(${String(id ?? conf)})`;
}

function summary(results: readonly ApplyResult[]): string {
  const n = (o: ApplyResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const parts = [`${n('applied')} applied`];
  if (n('failed') + n('invalid')) parts.push(`${n('failed') + n('invalid')} failed`);
  if (n('conflict')) parts.push(`${n('conflict')} in conflict`);
  return parts.join(', ');
}

export function ReviewScreen({ keys }: { readonly keys: readonly RecordKey[] }) {
  const ctx = useCtx();
  const { store, ui, height } = ctx;
  const theme = useTheme();
  const drafts = useStore(store, useShallow((s) => keys.filter((k) => s.drafts[k])));
  const state = useStore(store, (s) => s);
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<readonly ApplyResult[]>([]);
  const conflicts = drafts.filter((k) => state.conflicts[k]);
  const resolveAll = (side: 'mine' | 'theirs') => {
    for (const k of conflicts) {
      const c = state.conflicts[k]!;
      store.getState().resolveConflict(k, Object.fromEntries(c.fields.map((f) => [f.field, side])));
    }
    ui.getState().say('info', side === 'mine' ? 'kept your values on top of theirs: review and y to send' : 'took their values: review again');
  };
  const send = async () => {
    if (!writable(ctx) || sending || drafts.length === 0) return;
    setSending(true);
    const results = await store.getState().applyMany(drafts);
    setSending(false);
    setResults(results);
    const failed = results.filter((r) => r.outcome === 'failed' || r.outcome === 'invalid');
    const first = failed[0];
    if (results.every((r) => r.outcome === 'applied' || r.outcome === 'unchanged')) {
      const only = results.length === 1 ? results[0] : undefined;
      ui.getState().say('ok', only?.outcome === 'applied' ? `saved ${titleOf(only.key, only.record)}` : summary(results));
      ui.getState().pop();
    } else if (first) {
      ui.getState().say('error', `${summary(results)}: ${first.outcome === 'failed' ? first.message : 'fix the fields marked error'}`);
      if (!results.some((r) => r.outcome === 'conflict') && keys.length === 1) ui.getState().pop();
    } else ui.getState().say('error', summary(results));
  };
  const bindings: Binding[] = [
    { command: 'apply', run: () => void send() },
    { command: 'cancel', run: () => ui.getState().pop() },
    ...(conflicts.length
      ? ([
          { command: 'keepMine', run: () => resolveAll('mine') },
          { command: 'takeTheirs', run: () => resolveAll('theirs') },
        ] satisfies Binding[])
      : []),
  ];
  useKeys(PRIORITY.screen, bindings, { active: !sending });
  const applying = state.applying;
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold color={theme.c('cyan')}>
        Review: {drafts.length} pending change{drafts.length === 1 ? '' : 's'} · y send · n/Esc back (drafts kept)
      </Text>
      <Box height={1} />
      {drafts.length === 0 ? <Text dimColor>nothing pending</Text> : null}
      {drafts.map((k) => {
        const review = state.review(k)!;
        const conflict = state.conflicts[k];
        return (
          <Box key={k} flexDirection="column">
            <DiffView
              title={titleOf(k, state.drafts[k]?.values)}
              changes={review.changes}
              {...(review.request ? { request: review.request } : {})}
              deleting={review.target.op === 'delete'}
              {...(state.fieldErrors[k] ? { errors: state.fieldErrors[k] } : {})}
            />
            {conflict ? <ConflictView fields={conflict.fields} /> : null}
          </Box>
        );
      })}
      {sending ? <Text color={theme.c('yellow')}>sending… {applying ? `${applying.done}/${applying.total}` : ''}</Text> : null}
      {!sending && results.length > 1 ? <ResultLines results={results} /> : null}
    </Box>
  );
}

/** One line per draft sent: what became of it. */
function ResultLines({ results }: { readonly results: readonly ApplyResult[] }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      <Text bold>Results: {summary(results)}</Text>
      {results.map((r) => (
        <Text key={r.key} wrap="truncate" color={r.outcome === 'applied' ? theme.c('green') : r.outcome === 'unchanged' ? undefined : theme.c('red')}>
          {r.outcome === 'applied' ? `${theme.sym.ok} applied` : r.outcome === 'unchanged' ? '  unchanged' : r.outcome === 'conflict' ? 'error: conflict' : `error: ${r.outcome === 'failed' ? safe(r.message) : 'fix the fields marked error'}`}{' '}
          {safe(titleOf(r.key, r.outcome === 'applied' ? r.record : undefined))}
        </Text>
      ))}
    </Box>
  );
}
