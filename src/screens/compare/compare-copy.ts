// `>` and `<`: the marked (or focused) differences copied from one side onto the other as drafts in
// the target's profile (planCopy, src/transfer), then the normal review of those drafts — in that
// profile: the app switches to it (the header names where the writes go) and the compare view is
// under the review, so that after `y` it reads both sides again and shows what is left. Identity
// fields (name, cnames, cname access only) go only when chosen one by one.
import type { Stores } from '../../app/stores.js';
import { VIEW, sideName, type CompareSide, type Route } from '../../app/routes.js';
import { currentRoute, type UiStore } from '../../app/ui-store.js';
import type { AppStore } from '../../store/index.js';
import { planCopy, type Difference, type Snapshot } from '../../transfer/compare.js';
import { safe } from '../../ui/text.js';
import { errorMessage } from '../../util/errors.js';

export interface CopyRequest {
  /** The compare on screen. */
  readonly route: Extract<Route, { screen: 'compare' }>;
  readonly from: CompareSide;
  readonly to: CompareSide;
  readonly source: Snapshot;
  readonly target: AppStore;
  /** The marked differences, else the focused one. */
  readonly chosen: readonly Difference[];
}

/** What is copied of `chosen`: with several, identity rows are left out (and counted). */
export function copiedOf(chosen: readonly Difference[]): { readonly copied: readonly Difference[]; readonly skipped: number } {
  if (chosen.length <= 1) return { copied: chosen, skipped: 0 };
  const copied = chosen.filter((d) => !d.identity);
  return { copied, skipped: chosen.length - copied.length };
}

/** Makes the drafts and opens their review in the target's profile; says why when nothing is drafted. */
export async function copyDifferences(stores: Stores, request: CopyRequest): Promise<void> {
  const { ui, profiles } = stores;
  const { route, from, to, source, target } = request;
  const say = (kind: 'info' | 'error', text: string) => ui.getState().say(kind, text);
  const { copied, skipped } = copiedOf(request.chosen);
  const identityNote = skipped
    ? `${skipped} identity field${skipped === 1 ? '' : 's'} (name, cnames, cname access only) not copied: those go only one by one (focus the row, no marks)`
    : undefined;
  if (copied.length === 0) return say('info', identityNote ?? 'nothing to copy');
  ui.getState().setWaiting(`drafting the copy to ${sideName(to)}…`);
  let plan: Awaited<ReturnType<typeof planCopy>>;
  try {
    plan = await planCopy(target, source, to.conf, copied);
  } catch (e) {
    return say('error', `nothing copied: ${safe(errorMessage(e))}`);
  } finally {
    ui.getState().setWaiting(undefined);
  }
  if (plan.conflicts.length) return say('error', `nothing copied: ${safe(plan.conflicts.join('; '))}`);
  const notes = [...plan.notes, ...(identityNote ? [identityNote] : [])];
  if (plan.keys.length === 0) return say('info', `nothing to copy${notes.length ? `: ${safe(notes.join('; '))}` : ''}`);
  // The marks did their work: the compare starts afresh once the copy is sent.
  ui.getState().setList(VIEW.compare(route.left, route.right), (v) => ({ ...v, marks: [] }));
  const title = `copy to ${sideName(to)}`;
  const onScreen = profiles?.current().name;
  if (!profiles || onScreen === to.profile) return ui.getState().review(plan.keys, title, notes);
  // The review is the target profile's: its drafts, its budget, its journal.
  const there = profiles.get(to.profile).session.ui;
  if (!isSameCompare(there, route)) there.getState().push(route);
  there.getState().review(plan.keys, title, notes);
  profiles.switchTo(to.profile);
  // `from` is named so the user knows which way it went.
  there.getState().say('info', `profile ${safe(to.profile)}: review the copy from ${sideName(from)}`);
}

function isSameCompare(ui: UiStore, route: Extract<Route, { screen: 'compare' }>): boolean {
  const top = currentRoute(ui.getState());
  return top.screen === 'compare' && VIEW.compare(top.left, top.right) === VIEW.compare(route.left, route.right);
}
