// Mounts the TUI: the store over the API client and the draft journal, Ink in the alternate screen.
import { render } from 'ink';
import { errorMessage } from '../util/errors.js';
import { createApiClient } from '../api/index.js';
import { createAppStore, createFileJournal, journalFile } from '../store/index.js';
import { screenWriter } from '../ui/screen-writer.js';
import { detectTheme } from '../ui/theme.js';
import { App } from './app.js';
import type { TuiOptions } from './options.js';
import { createUiStore } from './ui-store.js';

/** Retries the first load while the API cannot be reached (k9s-style), until the user quits. */
async function keepLoading(load: () => Promise<void>, stopped: () => boolean): Promise<void> {
  for (let wait = 1000; !stopped(); wait = Math.min(wait * 2, 15_000)) {
    try {
      await load();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export async function runTui(options: TuiOptions): Promise<number> {
  const api = createApiClient({ baseUrl: options.baseUrl, token: options.token });
  // The demo's port changes at every start: its drafts are journaled under one name.
  const journalId = options.demo ? 'demo' : options.baseUrl;
  const journal = createFileJournal(journalFile(options.stateDir, journalId), journalId);
  const store = createAppStore({ api, journal });
  // Drafts kept from an earlier session (a crash, a dropped link) are offered back first.
  const ui = createUiStore({ screen: 'browser' }, Object.keys(store.getState().drafts).length ? 'restore' : undefined);
  const notice = store.getState().journalNotice ?? options.notice;
  if (notice) ui.getState().say('info', notice);
  const theme = detectTheme(process.env, process.stdout.getColorDepth?.() ?? 1);
  let quit = false;
  // Raw mode at once: a key pressed while the first frame is drawn is kept for the app, not echoed.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const size = () => ({ columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  const app = () => <App store={store} ui={ui} options={options} theme={theme} size={size()} onQuit={() => (quit = true)} />;
  const instance = render(app(), {
    alternateScreen: true,
    // Ink turns itself off under CI=true; a TTY is what matters here (the CLI checked it).
    interactive: true,
    // Debug mode hands every frame whole to the screen writer, which writes only what changed
    // (a scrolled list by scrolling the terminal) and one frame per turn of the event loop. Ink
    // leaves the console alone in debug mode: the writer takes console output instead.
    debug: true,
    stdout: screenWriter(process.stdout),
    exitOnCtrlC: false,
  });
  void keepLoading(async () => {
    try {
      await store.getState().loadConfigurations();
    } catch (e) {
      ui.getState().say('error', `cannot reach ${options.baseUrl}: ${errorMessage(e)}; retrying (r to retry now)`);
      throw e;
    }
  }, () => quit);
  // On a resize the tree takes the new size before Ink redraws (this listener runs before Ink's),
  // so the frame Ink draws after clearing is laid out for the new width: nothing old is left.
  const resized = () => instance.rerender(app());
  process.stdout.prependListener('resize', resized);
  await instance.waitUntilExit();
  process.stdout.off('resize', resized);
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  quit = true;
  return 0;
}
