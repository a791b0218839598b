// Sending a review's drafts as a job that outlives the review screen: the user may leave the review
// (q) and browse while a paced send goes on (the footer says how far it is), and `Esc` in the review
// stops what has not gone. At the end, the outcome lands where the user is: back from the review
// when all went (if it is still on screen), else what became of each in the review's results.
import { newSendId, resultLine, summarize, titleOf, type AppStore, type ApplyResult, type RecordKey } from '../../store/index.js';
import { currentRoute, unmarkSent, type UiStore } from '../../app/ui-store.js';
import { purgeOffer } from '../purge/offer.js';

/** Back from its review, a new record's form shows the record the API made: its draft is gone. */
function showMade(ui: UiStore, sent: readonly ApplyResult[]): void {
  const top = currentRoute(ui.getState());
  if (top.screen !== 'form') return;
  const made = sent.find((r) => r.key === top.key);
  if (made?.outcome === 'applied' && made.newKey) ui.getState().replace({ ...top, key: made.newKey });
}

export async function sendReviewed(
  data: AppStore,
  ui: UiStore,
  pending: readonly RecordKey[],
  view: string,
  reviewId: number,
): Promise<void> {
  const send = newSendId(Date.now());
  const sent = await data.getState().applyMany(pending, undefined, send);
  // Rows whose changes went are unmarked: marks are for what is still to do.
  const unmarked = unmarkSent(
    ui,
    sent.filter((r) => r.outcome === 'applied').map((r) => r.key),
  );
  const cleared = unmarked ? ` · ${unmarked === 1 ? 'mark' : 'marks'} cleared` : '';
  const summary = summarize(sent);
  const route = currentRoute(ui.getState());
  const onReview = route.screen === 'review' && route.id === reviewId;
  // All went, or the one draft failed without a conflict: back where it was edited (a failed
  // draft's errors are beside its fields there); otherwise the review keeps what became of each.
  if (summary.ok || (sent.length === 1 && summary.conflicts === 0)) {
    ui.getState().setResults(view, undefined);
    // A saved rule, cache setting or error TTL: the edge may serve what it cached before (P purges it).
    const offer = summary.ok ? purgeOffer(data.getState(), sent) : undefined;
    if (offer) ui.getState().say('ok', `${summary.text}${cleared} · P purge`, { purge: offer }, 'P purge');
    else ui.getState().say(summary.ok ? 'ok' : 'error', `${summary.text}${cleared}`);
    if (onReview) {
      ui.getState().pop();
      showMade(ui, sent);
    }
    return;
  }
  const after = data.getState();
  ui.getState().setResults(
    view,
    // A conflict explains itself (base / theirs / mine) under its draft.
    sent
      .filter((r) => r.outcome !== 'conflict')
      .map((r) => ({
        key: r.key,
        ...resultLine(
          r,
          titleOf(r.outcome === 'applied' ? (r.newKey ?? r.key) : r.key, r.outcome === 'applied' ? r.record : after.drafts[r.key]?.values),
        ),
      })),
  );
  // Stopped by the user (Esc) and nothing else wrong: said, not an error. Away from the review,
  // the drafts not sent wait in ": pending". Some applied: `u` reviews their reversal (or keep them).
  const stoppedOnly = summary.failed + summary.conflicts === 0;
  const where = onReview ? '' : ' (: pending to see them)';
  // The offer goes before the reason: a status line cut to the terminal's width keeps it.
  if (summary.applied > 0)
    ui.getState().say(
      stoppedOnly ? 'info' : 'error',
      `${summary.counts} · u undo the ${summary.applied} applied${summary.why}${where}${cleared}`,
      { undo: send },
      `u undo the ${summary.applied} applied`,
    );
  else ui.getState().say(stoppedOnly ? 'info' : 'error', `${summary.text}${where}`);
}
