// P: a purge of the CDN's cache (docs/api.md §4.6). The form (kind and URLs), then the review of the
// exact requests (nothing goes before y), then what became of each group of URLs. A purge is not a
// draft: it cannot be undone (the history lists it, z says why not), and it is not journaled; the
// form lives in the data store while the app runs. The requests go through the rate-limit budget
// (the client's purge call); while they wait the line on top says so, and Esc stops what has not gone.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { ScrollLines } from '../../components/scroll-lines.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import { purgeCounts, purgeRequests, type AppStore } from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { moveBindings, type ListControl } from '../../app/list-controller.js';
import { VIEW } from '../../app/routes.js';
import { useAppStore, useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { listView, type UiStore } from '../../app/ui-store.js';
import { useJobLine } from '../../app/job-status.js';
import { purgeLines, purgeSummary } from './purge-lines.js';
import { usePurgeChecked } from './purge-checked.js';
import { PurgeForm } from './purge-form.js';

export function PurgeScreen({ id }: { readonly id: number }) {
  const job = useAppStore((s) => s.purges[id]);
  const { width, height } = useBodySize();
  if (!job) return <Text dimColor>this purge is gone: q goes back</Text>;
  if (job.stage === 'editing') {
    return (
      <Box flexDirection="column">
        <Text bold wrap="truncate">
          {fit(`Purge ${safe(job.title)}`, width)}
        </Text>
        <Box height={1} />
        <PurgeForm job={job} view={VIEW.purge(id)} width={width} height={height - 2} />
      </Box>
    );
  }
  return <PurgeReview id={id} />;
}

/** Sends the purge and says how it went, wherever the user is by then. */
async function send(data: AppStore, ui: UiStore, id: number): Promise<void> {
  const job = await data.getState().sendPurge(id);
  if (!job) return;
  const { accepted, refused, failed } = purgeCounts(job.sent);
  const all = accepted + refused + failed;
  const stopped = purgeRequests(job.kind, job.urls).length - job.sent.length;
  const unsent = stopped > 0 ? ` · ${stopped} not sent (stopped)` : '';
  if (refused + failed === 0)
    ui.getState().say(stopped ? 'info' : 'ok', `purged ${accepted} URL${accepted === 1 ? '' : 's'} of ${job.title}${unsent}`);
  else
    ui.getState().say(
      'error',
      `purge of ${job.title}: ${accepted} of ${all} accepted${refused ? `, ${refused} refused` : ''}${failed ? `, ${failed} not purged` : ''}${unsent}`,
    );
}

function PurgeReview({ id }: { readonly id: number }) {
  const { data, ui } = useStores();
  const { width, height } = useBodySize();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  const job = useAppStore((s) => s.purges[id]);
  const view = `${VIEW.purge(id)}:review`;
  const { found, checking } = usePurgeChecked(id);
  const lines = useMemo(
    () => (job ? purgeLines(job, width, theme.sym.dot, found, !theme.unicode) : []),
    [job, width, theme.sym.dot, found, theme.unicode],
  );
  const bodyHeight = Math.max(1, height - 2);
  const stored = useUiStore((s) => listView(s, view).top);
  const top = Math.max(0, Math.min(stored, lines.length - bodyHeight));
  const stage = job?.stage;
  const control: ListControl = { ui, view, height: bodyHeight, total: () => lines.length, scroll: true };
  const bindings: Binding[] = [...moveBindings(control)];
  const edit = () => data.getState().editPurge(id, { stage: 'editing' });
  const refused = found.filter((f) => f.severity === 'refused').length;
  const why =
    readOnly ??
    (checking
      ? 'still checking against the account: y again in a moment'
      : refused
        ? 'some URLs would be refused (listed): n goes back to fix or remove them'
        : undefined);
  if (stage === 'review')
    bindings.push({ command: 'apply', disabled: why, run: () => void send(data, ui, id) }, { command: 'cancel', run: edit });
  if (stage === 'done') bindings.push({ command: 'review', label: 'edit URLs', run: edit });
  if (stage === 'sending') {
    bindings.push({
      command: 'stopSending',
      run: () => {
        data.getState().stopPurge(id);
        ui.getState().say('info', 'stopping: what has not gone is not sent');
      },
    });
  }
  useKeys(PRIORITY.screen, bindings);
  if (!job) return null;
  const where =
    lines.length > bodyHeight ? ` ${theme.sym.dot} lines ${top + 1}-${Math.min(lines.length, top + bodyHeight)} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Heading text={purgeSummary(job, theme.sym.dot, found, checking) + where} sending={stage === 'sending'} width={width} />
      <Box height={1} />
      <ScrollLines lines={lines} top={top} height={bodyHeight} width={width} />
    </Box>
  );
}

/** The line on top; while the purge is sent, its progress and the rate limit's wait. */
function Heading({ text, sending, width }: { readonly text: string; readonly sending: boolean; readonly width: number }) {
  const theme = useTheme();
  const job = useJobLine();
  const line = sending && job !== undefined ? `${job} ${theme.sym.dot} Esc stops` : text;
  return (
    <Text bold color={sending ? theme.c('yellow') : theme.c('cyan')} wrap="truncate">
      {fit(line, width, !theme.unicode)}
    </Text>
  );
}
