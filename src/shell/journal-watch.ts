// What a session does around its own drafts journal (src/store/session-journal.ts) while the TUI
// runs: says at once when the state folder cannot be written, says once when the history cannot,
// looks every few seconds for other cdn-tui open on the same profile (the header says so), and at
// exit writes what is not on disk yet and only then gives the journal up.
import type { UiStore } from '../app/ui-store.js';
import type { AppStore } from '../store/index.js';
import type { SessionJournal } from '../store/session-journal.js';

/** How often other sessions on the profile are looked for (a folder listing: cheap). */
export const OTHERS_EVERY_MS = 5000;

/** Starts watching; returns what stops the look for other sessions (the TUI quit). */
export function watchJournal(store: AppStore, ui: UiStore, journal: SessionJournal): () => void {
  const notSaved = (problem: string) =>
    ui.getState().say('error', `drafts are NOT saved to disk: ${problem}; tried again every few seconds`);
  const problem = store.getState().journalProblem;
  if (problem) notSaved(problem);
  // The header says it all along; the status line when it starts and when it ends.
  const unwatchDrafts = store.subscribe((s, before) => {
    if (s.journalProblem === before.journalProblem) return;
    if (s.journalProblem === undefined) ui.getState().say('ok', 'drafts are saved to disk again');
    else if (before.journalProblem === undefined) notSaved(s.journalProblem);
  });
  let historySaid = false; // once is enough: it is tried again with each change all the same
  const unwatchHistory = store.subscribe((s) => {
    if (s.historyProblem === undefined || historySaid) return;
    historySaid = true;
    ui.getState().say('error', `the history of sent changes is NOT saved to disk: ${s.historyProblem}`);
  });
  const look = () => {
    const others = journal.othersOpen();
    if ((store.getState().othersOpen ?? 0) !== others) store.setState({ othersOpen: others });
  };
  look();
  const timer = setInterval(look, OTHERS_EVERY_MS);
  timer.unref();
  // After the quit path's own flush (run-tui.tsx), or at an exit from anywhere else: what is not on
  // disk is written first, then the lock goes (from then on the journal is offered to the next start).
  const atExit = () => {
    store.getState().flushJournal();
    journal.release();
  };
  process.once('exit', atExit);
  return () => {
    clearInterval(timer);
    unwatchDrafts();
    unwatchHistory();
  };
}
