// Mounts the TUI: Ink in the alternate screen over the stores of a session (src/shell/session.ts).
import { render } from 'ink';
import { saveCodeCache } from '../util/code-cache.js';
import { bundled, depScript, saveDepScriptCaches } from '../util/dep-scripts.js';
import type { Session } from './session.js';
import { pacedStdin } from '../keys/paced-stdin.js';
import type { AppStore } from '../store/index.js';
import { resetLayoutFlags } from '../ui/layout-flags.js';
import { screenWriter } from '../ui/screen-writer.js';
import { detectTheme } from '../ui/theme.js';
import { App } from './app.js';
import type { TuiOptions } from '../app/options.js';
import { createProfiles, type ProfileSource } from '../app/profiles.js';
import type { QuitHow } from './leave-keys.js';

const ENDING_SIGNALS = ['SIGHUP', 'SIGTERM', 'SIGINT'] as const;

/**
 * Drafts reach the journal a little after each change: what is not on disk yet is written when the
 * process exits, and on a signal that ends it (SIGHUP: a dropped SSH link), which is then raised
 * again to end it as before. Returns the quit path's flush, which also removes these hooks.
 */
function flushJournalAtExit(stores: () => readonly AppStore[]): () => void {
  const flush = () => {
    for (const store of stores()) {
      try {
        store.getState().flushJournal();
      } catch {
        // exiting: nothing more can be done here (the journal keeps what it had)
      }
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    flush();
    process.kill(process.pid, signal);
  };
  process.on('exit', flush);
  for (const signal of ENDING_SIGNALS) process.once(signal, onSignal);
  return () => {
    flush();
    process.off('exit', flush);
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
  };
}

/** Draws the TUI over a session that the command line opened (and started loading) before Ink loaded. */
export async function runTui(options: TuiOptions, session: Session, source?: ProfileSource): Promise<number> {
  // Each profile switched to keeps its session (stores, journal, client) until the app quits.
  const profiles = createProfiles({ name: source?.first ?? options.label, options, session }, source);
  const unflushed = flushJournalAtExit(() => profiles.all().map((p) => p.session.store));
  const stopAll = () => {
    for (const p of profiles.all()) p.session.stop();
  };
  const ended: { how: QuitHow } = { how: 'quit' };
  const quit = (how: QuitHow) => {
    ended.how = how;
    stopAll();
  };
  const theme = detectTheme(process.env, process.stdout.getColorDepth?.() ?? 1);
  // Raw mode at once: a key pressed while the first frame is drawn is kept for the app, not echoed.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const size = () => ({ columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  const app = () => {
    const { name, options: shown, session: on } = profiles.current();
    return (
      <App
        key={name}
        store={on.store}
        ui={on.ui}
        options={shown}
        theme={theme}
        size={size()}
        onQuit={quit}
        control={on.control}
        profiles={profiles}
      />
    );
  };
  // Ink's layout engine loads its WebAssembly as the bundle's script runs; outside the bundle, as Ink is imported.
  if (bundled) {
    await depScript('ui').yogaReady;
    resetLayoutFlags();
  }
  const instance = render(app(), {
    alternateScreen: true,
    // Ink turns itself off under CI=true; a TTY is what matters here (the CLI checked it).
    interactive: true,
    // Debug mode hands every frame whole to the screen writer, which writes only what changed
    // (a scrolled list by scrolling the terminal) and one frame per turn of the event loop. Ink
    // leaves the console alone in debug mode: the writer takes console output instead.
    debug: true,
    stdout: screenWriter(process.stdout, { ascii: !theme.unicode }),
    // Keys read together (typed ahead over a slow link: "XYZ\r") reach Ink one at a time.
    stdin: pacedStdin(process.stdin),
    exitOnCtrlC: false,
  });
  // On a resize the tree takes the new size before Ink redraws (this listener runs before Ink's),
  // so the frame Ink draws after clearing is laid out for the new width: nothing old is left.
  const resized = () => instance.rerender(app());
  process.stdout.prependListener('resize', resized);
  // Another profile chosen in the palette: the app is drawn over its stores.
  const unswitch = profiles.subscribe(resized);
  // The first frame is up: the code compiled so far is kept for the next start (Node would write
  // it only at a clean exit, and a TUI often ends by a signal or a dropped link).
  setImmediate(() => {
    saveCodeCache();
    saveDepScriptCaches();
  });
  // The heap is bounded for the long run of frames from here on, not before: its more frequent
  // collections would only slow the first frame (frame-heap.ts), as loading node:v8 (~10 ms) would.
  setImmediate(() => void import('../ui/frame-heap.js').then(({ boundFrameHeap }) => boundFrameHeap()));
  await instance.waitUntilExit();
  unflushed();
  process.stdout.off('resize', resized);
  unswitch();
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  stopAll();
  // The screen is the shell's again: one line says what was not sent and where it is.
  const kept = keptLine(profiles.all().map((p) => p.session.store));
  if (kept) process.stderr.write(`${kept}\n`);
  return ended.how === 'interrupt' ? EXIT_INTERRUPTED : 0;
}

/** A shell's exit code for a program ended by Ctrl-C. */
const EXIT_INTERRUPTED = 130;

/** `3 unsent changes kept: cdn-tui offers them at the next start` (or why they could not be); undefined with none. */
export function keptLine(stores: readonly AppStore[]): string | undefined {
  const count = stores.reduce((n, s) => n + Object.keys(s.getState().drafts).length, 0);
  if (count === 0) return undefined;
  const what = `${count} unsent change${count === 1 ? '' : 's'}`;
  const problem = stores.map((s) => s.getState().journalProblem).find((p) => p !== undefined);
  return problem
    ? `${what} could not be kept: ${problem}`
    : `${what} kept: cdn-tui offers ${count === 1 ? 'it' : 'them'} at the next start`;
}
