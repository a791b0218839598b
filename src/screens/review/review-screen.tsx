// The diff review (UX.md §4–5): a summary line stays on top, the changes scroll under it (never
// taller than the screen); `y` sends everything listed, seen or not; `n`/Esc goes back with the
// drafts intact; a conflict shows base / theirs / mine until the user chooses (m / t). Deleting a
// configuration asks for its name typed out first, as `d` does.
import { useEffect, useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { ScrollLines } from '../../components/scroll-lines.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/dispatcher.js';
import { alreadyApplied, listOfRecord, toReadAgain, type AppState, type AppStore, type RecordKey } from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import { Confirm } from '../../components/confirm.js';
import { useTheme } from '../../ui/theme.js';
import { moveBindings, type ListControl } from '../../app/list-controller.js';
import { VIEW } from '../../app/routes.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { listView, type ResultLine, type UiStore } from '../../app/ui-store.js';
import { sendReviewed } from '../../app/send-job.js';
import { useJobLine } from '../../app/job-status.js';
import { reviewCounts, reviewLines } from './review-lines.js';

const NO_RESULTS: readonly ResultLine[] = [];
/** Rows of the name question: borders, title, the input, a note. */
const CONFIRM_ROWS = 5;

const NO_NOTES: readonly string[] = [];

export function ReviewScreen({ keys: listed, id, notes = NO_NOTES }: { readonly keys: readonly RecordKey[]; readonly id: number; readonly notes?: readonly string[] }) {
  const { data, ui } = useStores();
  // Drafts of a configuration created meanwhile (a clone sent in part) are under its id now.
  const keys = useAppStore(useShallow((s) => listed.map((k) => s.moved[k] ?? k)));
  const { width, height } = useBodySize();
  const theme = useTheme();
  const ascii = !theme.unicode;
  const readOnly = useReadOnlyReason();
  const view = VIEW.review(id);
  // While `y` sends, the review shows what was listed when it was pressed: the state of then, not
  // re-read (and the 200 diffs not rebuilt) as each answer comes; only the progress line moves.
  const [sentFrom, setSentFrom] = useState<AppState>();
  // Deleting a configuration (an undone create, say) asks for its name typed out, as `d` does.
  const [confirming, setConfirming] = useState<string>();
  const state = useReviewedState(keys, sentFrom);
  // What the drafts change is read again when it was not in this session (drafts restored after a
  // restart): the review can then say which the server already has.
  useEffect(() => {
    for (const what of toReadAgain(data.getState(), keys)) void data.getState().ensureFresh(what);
  }, [data, keys]);
  const applying = useAppStore((s) => s.applying !== undefined);
  const results = useUiStore((s) => s.results[view] ?? NO_RESULTS);
  const { lines, counts } = useMemo(() => ({ lines: reviewLines(state, keys, results, width, ascii, notes), counts: reviewCounts(state, keys) }), [state, keys, results, width, ascii, notes]);
  const bodyHeight = Math.max(1, height - 2 - (confirming === undefined ? 0 : CONFIRM_ROWS));
  const stored = useUiStore((s) => listView(s, view).top);
  const top = Math.max(0, Math.min(stored, lines.length - bodyHeight));

  const pendingNow = () => keys.filter((k) => data.getState().drafts[k] !== undefined);
  const conflictsNow = () => keys.filter((k) => data.getState().conflicts[k] !== undefined);
  const confDeletesNow = () => pendingNow().filter((k) => data.getState().drafts[k]?.target.op === 'delete' && data.getState().drafts[k]?.target.kind === 'configuration');
  const askOrSend = () => {
    const deletes = confDeletesNow();
    if (deletes.length === 0) return void send();
    const one = deletes.length === 1 ? data.getState().drafts[deletes[0]!]?.base?.name : undefined;
    setConfirming(typeof one === 'string' ? one : `delete ${deletes.length} configurations`);
  };
  const send = () => {
    if (data.getState().applying) return void ui.getState().say('error', 'another send is under way: wait for it, or Esc in its review to stop it');
    // What the server already has is not sent again: those drafts are done.
    const applied = pendingNow().filter((k) => alreadyApplied(data.getState(), k));
    data.getState().discardDrafts(applied);
    const pending = pendingNow();
    if (pending.length === 0) {
      if (applied.length) {
        ui.getState().say('ok', `${applied.length} already applied: nothing to send`);
        ui.getState().pop();
      }
      return;
    }
    setSentFrom(data.getState());
    void sendReviewed(data, ui, pending, view, id).finally(() => setSentFrom(undefined));
  };
  const resolve = (side: 'mine' | 'theirs') => () => {
    for (const k of conflictsNow()) {
      const c = data.getState().conflicts[k];
      if (c) data.getState().resolveConflict(k, Object.fromEntries(c.fields.map((f) => [f.field, side])));
    }
    ui.getState().say('info', side === 'mine' ? 'kept your values on top of theirs: review and y to send' : 'took their values: review again');
  };
  const control: ListControl = { ui, view, height: bodyHeight, total: () => lines.length, scroll: true };
  const bindings: Binding[] = [
    ...moveBindings(control),
    { command: 'apply', disabled: readOnly ?? (counts.drafts + counts.applied === 0 ? 'nothing to send' : undefined), run: askOrSend },
    { command: 'cancel', run: () => void ui.getState().pop() },
    ...(conflictsNow().length
      ? [
          { command: 'keepMine', run: resolve('mine') },
          { command: 'takeTheirs', run: resolve('theirs') },
        ] satisfies Binding[]
      : []),
  ];
  useKeys(PRIORITY.screen, bindings, { active: !applying && confirming === undefined });
  // While it sends: Esc stops what has not gone (q leaves the review; the send goes on).
  useKeys(PRIORITY.screen, [{ command: 'stopSending', run: () => stop(data, ui) }], { active: applying });

  const applied = counts.applied ? ` ${theme.sym.dot} ${counts.applied} already applied` : '';
  const summary = counts.drafts
    ? `Review: ${counts.changes} change${counts.changes === 1 ? '' : 's'}, ${counts.requests} request${counts.requests === 1 ? '' : 's'}${applied} ${theme.sym.dot} y sends all ${theme.sym.dot} n/Esc back (drafts kept)`
    : counts.applied
      ? `Review: nothing to send${applied} ${theme.sym.dot} y clears them ${theme.sym.dot} n/Esc back`
      : 'Review: nothing pending';
  const where = lines.length > bodyHeight ? ` ${theme.sym.dot} lines ${top + 1}-${Math.min(lines.length, top + bodyHeight)} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Heading text={summary + where} width={width} />
      <Box height={1} />
      <ScrollLines lines={lines} top={top} height={bodyHeight} width={width} />
      {confirming === undefined ? null : (
        <Confirm
          title={`Send ${counts.requests} request${counts.requests === 1 ? '' : 's'}, deleting ${confDeletesNow().length === 1 ? 'a configuration' : 'configurations'} and all they hold?`}
          lines={[]}
          typeToConfirm={safe(confirming)}
          width={Math.min(width, 100)}
          onConfirm={() => {
            setConfirming(undefined);
            void send();
          }}
          onCancel={() => {
            setConfirming(undefined);
            ui.getState().say('info', 'nothing sent');
          }}
        />
      )}
    </Box>
  );
}

function stop(data: AppStore, ui: UiStore): void {
  data.getState().stopSending();
  ui.getState().say('info', 'stopping: what has not gone stays as drafts');
}

/** The summary line, or while sending the progress: the one thing redrawn as answers come. */
function Heading({ text, width }: { readonly text: string; readonly width: number }) {
  const theme = useTheme();
  const job = useJobLine();
  const applying = useAppStore((s) => s.applying !== undefined);
  const sending = applying && job !== undefined ? `${job} ${theme.sym.dot} Esc stops ${theme.sym.dot} q browse meanwhile` : '';
  return (
    <Text bold color={sending ? theme.c('yellow') : theme.c('cyan')} wrap="truncate">
      {fit(sending || text, width, !theme.unicode)}
    </Text>
  );
}

const KEPT: readonly unknown[] = [];

/**
 * The store's state, re-read whenever something the review draws changes: the drafts, field
 * errors, conflicts and server copies of its keys (and nothing else); `kept` instead, unchanged,
 * while it is given.
 */
function useReviewedState(keys: readonly RecordKey[], kept: AppState | undefined): AppState {
  const { data } = useStores();
  // Its list too: read again, it tells which drafts the server already has (a delete: the record gone).
  const seen = useAppStore(useShallow((s) => (kept ? KEPT : keys.flatMap((k) => [s.drafts[k], s.fieldErrors[k], s.conflicts[k], s.records[k], s.lists[listOfRecord(k) ?? ''], s.readAgain?.[k]]))));
  // A new state object only when what the review draws changed (the memo of its lines keys on it).
  return useMemo(() => (seen === KEPT && kept ? kept : data.getState()), [kept, seen, data]);
}
