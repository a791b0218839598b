// The diff review (docs/ux.md §4–5, §9): a summary line stays on top, the changes scroll under it (never
// taller than the screen) with what the pre-flight found under the field to change; `y` sends
// everything listed, seen or not, once checked and while nothing would be refused; on a line, Enter
// opens its change's form at that field and `x` drops that change; `n`/Esc goes back with the drafts
// intact; a conflict shows base / theirs / mine until the user chooses (m / t). Deleting a
// configuration asks for its name typed out first, as `d` does.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { ScrollLines } from '../../components/scroll-lines.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import {
  alreadyApplied,
  preflight,
  preflightNeeds,
  reading,
  titleOf,
  toReadAgain,
  type AppState,
  type AppStore,
  type Preflight,
  type RecordKey,
} from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import { Confirm } from '../../components/confirm.js';
import { useTheme } from '../../ui/theme.js';
import { cursorNow, moveBindings, useListView, type ListControl } from '../../app/list-controller.js';
import { moveTo } from '../../app/views.js';
import { openDraftForm } from '../../app/open-draft.js';
import { VIEW } from '../../app/routes.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import type { ResultLine, UiStore } from '../../app/ui-store.js';
import { sendReviewed } from './send-job.js';
import { useJobLine } from '../../app/job-status.js';
import { reviewCounts, reviewLines, takenPath, type ReviewCounts, type ReviewLine } from './review-lines.js';
import { useReviewed } from './review-state.js';

const NO_RESULTS: readonly ResultLine[] = [];
/** Rows of the name question: borders, title, the input, a note. */
const CONFIRM_ROWS = 5;

const NO_NOTES: readonly string[] = [];

export function ReviewScreen({
  keys: listed,
  id,
  notes = NO_NOTES,
}: {
  readonly keys: readonly RecordKey[];
  readonly id: number;
  readonly notes?: readonly string[];
}) {
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
  // A long review draws its first frame at once, its lines and checks worked out a moment later.
  const laidOut = useLaidOut(listed.length);
  const { state, checked, checking } = useReviewed(keys, sentFrom, laidOut);
  // What the drafts change is read again when it was not in this session (drafts restored after a
  // restart): the review can then say which the server already has.
  useEffect(() => {
    for (const what of toReadAgain(data.getState(), keys)) void data.getState().ensureFresh(what);
  }, [data, keys]);
  const applying = useAppStore((s) => s.applying !== undefined);
  const results = useUiStore((s) => s.results[view] ?? NO_RESULTS);
  const { lines, counts } = useMemo(
    () =>
      laidOut
        ? { lines: reviewLines(state, keys, results, width, ascii, notes, checked), counts: reviewCounts(state, keys) }
        : { lines: LAYING_OUT, counts: undefined },
    [laidOut, state, keys, results, width, ascii, notes, checked],
  );
  const bodyHeight = Math.max(1, height - 2 - (confirming === undefined ? 0 : CONFIRM_ROWS));
  const { cursor, top } = useListView(view, lines.length, bodyHeight);
  const control: ListControl = { ui, view, height: bodyHeight, total: () => lines.length };
  // Once checked, the first refusal is where the cursor goes: when the review opens, and after `x`.
  const seek = useRef(true);
  const firstRefused = lines.findIndex((l) => l.refused);
  useEffect(() => {
    if (!seek.current || checking) return;
    seek.current = false;
    if (firstRefused >= 0) ui.getState().setList(view, (v) => moveTo(v, firstRefused, lines.length, bodyHeight));
  }, [checking, firstRefused, ui, view, lines.length, bodyHeight]);

  const pendingNow = () => keys.filter((k) => data.getState().drafts[k] !== undefined);
  const conflictsNow = () => keys.filter((k) => data.getState().conflicts[k] !== undefined);
  const confDeletesNow = () =>
    pendingNow().filter(
      (k) => data.getState().drafts[k]?.target.op === 'delete' && data.getState().drafts[k]?.target.kind === 'configuration',
    );
  const askOrSend = () => {
    const deletes = confDeletesNow();
    if (deletes.length === 0) return void send();
    const one = deletes.length === 1 ? data.getState().drafts[deletes[0]!]?.base?.name : undefined;
    setConfirming(typeof one === 'string' ? one : `delete ${deletes.length} configurations`);
  };
  const send = () => {
    if (data.getState().applying)
      return void ui.getState().say('error', 'another send is under way: wait for it, or Esc in its review to stop it');
    // Checked again as of now: what `y` sends is what the pre-flight passed.
    const now = data.getState();
    if (checking || reading(now, preflightNeeds(now, pendingNow())).length)
      return void ui.getState().say('info', 'still checking against the server: y again in a moment');
    const refused = preflight(now, pendingNow()).refused;
    if (refused) return void ui.getState().say('error', refusedWords(refused));
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
    ui.getState().say(
      'info',
      side === 'mine' ? 'kept your values on top of theirs: review and y to send' : 'took their values: review again',
    );
  };
  /** The line under the cursor as of now (keys may come faster than renders). */
  const lineNow = (): ReviewLine | undefined => lines[cursorNow(control)];
  const drop = () => {
    const key = lineNow()?.key;
    if (key === undefined || !data.getState().drafts[key]) return false;
    seek.current = true;
    dropChange(data, ui, key, keys);
  };
  const bindings: Binding[] = [
    ...moveBindings(control),
    {
      command: 'apply',
      disabled:
        readOnly ??
        (counts && counts.drafts + counts.applied === 0 ? 'nothing to send' : checked.refused ? refusedWords(checked.refused) : undefined),
      run: askOrSend,
    },
    {
      command: 'fix',
      disabled: readOnly,
      run: () =>
        lineNow()?.key === undefined
          ? false
          : openDraftForm(data, ui, lineNow()!.key!, lineNow()!.field ?? firstField(checked, lineNow()!.key!)),
    },
    { command: 'dropChange', run: drop },
    { command: 'cancel', run: () => void ui.getState().pop() },
    // A new rule whose path its configuration has already: `o` on its lines updates that rule instead.
    ...(keys.some((k) => takenPath(state, k, checked))
      ? ([{ command: 'updateTheirs', disabled: readOnly, run: () => updateTheirs(data, ui, lineNow()?.key, checked) }] satisfies Binding[])
      : []),
    ...(conflictsNow().length
      ? ([
          { command: 'keepMine', run: resolve('mine') },
          { command: 'takeTheirs', run: resolve('theirs') },
        ] satisfies Binding[])
      : []),
  ];
  useKeys(PRIORITY.screen, bindings, { active: !applying && confirming === undefined });
  // While it sends: Esc stops what has not gone (q leaves the review; the send goes on).
  useKeys(PRIORITY.screen, [{ command: 'stopSending', run: () => stop(data, ui) }], { active: applying });

  const summary = counts
    ? summaryText(counts, checked, checking, theme.sym.dot)
    : `Review: ${plural(keys.length, 'draft')} ${theme.sym.dot} laying them out and checking against the server`;
  const where =
    lines.length > bodyHeight ? ` ${theme.sym.dot} lines ${top + 1}-${Math.min(lines.length, top + bodyHeight)} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Heading text={summary + where} width={width} />
      <Box height={1} />
      <ScrollLines lines={lines} top={top} height={bodyHeight} width={width} cursor={cursor} />
      {confirming === undefined ? null : (
        <Confirm
          title={`Send ${counts?.requests ?? 0} request${counts?.requests === 1 ? '' : 's'}, deleting ${confDeletesNow().length === 1 ? 'a configuration' : 'configurations'} and all they hold?`}
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** From this many drafts on, the review's first frame comes before its lines and checks (~0.4 s at 2,000). */
const LAY_OUT_AFTER_FIRST_FRAME = 200;

/** The review's body until it is laid out. */
const LAYING_OUT: readonly ReviewLine[] = [{ text: '…', tone: 'dim' }];

/** Whether a review of `n` drafts is laid out: at once when short, else just after its first frame is drawn. */
function useLaidOut(n: number): boolean {
  const [laidOut, setLaidOut] = useState(n < LAY_OUT_AFTER_FIRST_FRAME);
  useEffect(() => {
    if (laidOut) return;
    // A frame's time: Ink writes the first frame before the work that fills it starts.
    const timer = setTimeout(() => setLaidOut(true), FRAME_MS);
    return () => clearTimeout(timer);
  }, [laidOut]);
  return laidOut;
}

const FRAME_MS = 16;

function refusedWords(n: number): string {
  return `${plural(n, 'request')} would be refused: Enter on its line fixes it, x drops it`;
}

/** The summary line: the counts, what the pre-flight found (or that it is still checking), what y does. */
function summaryText(counts: ReviewCounts, checked: Preflight, checking: boolean, dot: string): string {
  const applied = counts.applied ? ` ${dot} ${counts.applied} already applied` : '';
  if (!counts.drafts)
    return counts.applied ? `Review: nothing to send${applied} ${dot} y clears them ${dot} n/Esc back` : 'Review: nothing pending';
  const across = counts.configurations > 1 ? ` in ${counts.configurations} configurations` : '';
  const parts = [`Review: ${plural(counts.changes, 'change')}${across}, ${plural(counts.requests, 'request')}${applied}`];
  if (checking) parts.push('checking against the server');
  if (checked.refused) parts.push(`${checked.refused} would be refused`);
  if (checked.warnings) parts.push(plural(checked.warnings, 'warning'));
  if (checked.refused) parts.push('Enter fixes, x drops');
  else if (!checking) parts.push('y sends all');
  parts.push('n/Esc back (drafts kept)');
  return parts.join(` ${dot} `);
}

/** The field Enter opens on a line that names none: the first the pre-flight says to change. */
function firstField(checked: Preflight, key: RecordKey): string | undefined {
  return checked.findings[key]?.find((f) => f.field !== '')?.field;
}

/** `o`: the new rule under the cursor, whose path its configuration has already, becomes an edit of that rule. */
function updateTheirs(data: AppStore, ui: UiStore, key: RecordKey | undefined, checked: Preflight): void {
  if (key === undefined || !takenPath(data.getState(), key, checked))
    return void ui.getState().say('info', 'o works on the lines of a new rule whose path its configuration has already');
  const done = data.getState().updateInstead(key);
  if ('problem' in done) return void ui.getState().say('error', `not updated: ${safe(done.problem)}`);
  data.getState().flushJournal();
  const title = titleOf(done.key, data.getState().records[done.key]);
  ui.getState().say(
    'info',
    done.unchanged ? `${title} has these values already: nothing to send for it` : `${title} is updated instead: its diff is in the review`,
  );
}

/** `x`: the change goes from the drafts (and those that wait for a record it was to make); the journal follows at once. */
function dropChange(data: AppStore, ui: UiStore, key: RecordKey, listed: readonly RecordKey[]): void {
  const title = titleOf(key, data.getState().drafts[key]?.values ?? data.getState().records[key]);
  const before = listed.filter((k) => data.getState().drafts[k]).length;
  data.getState().discardDrafts([key]);
  data.getState().flushJournal();
  const left = listed.filter((k) => data.getState().drafts[k]).length;
  const more = before - left - 1;
  const also = more > 0 ? ` and ${plural(more, 'request')} that needed it` : '';
  if (left === 0) {
    ui.getState().pop();
    return void ui.getState().say('info', `dropped ${title}${also}: nothing left to send`);
  }
  ui.getState().say('info', `dropped ${title}${also}: ${plural(left, 'request')} left in this review`);
}
