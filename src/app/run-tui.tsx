// Mounts the TUI: the store over the API client and the draft journal, Ink in the alternate screen.
import { render } from 'ink';
import { createApiClient } from '../api/index.js';
import { createAppStore, createFileJournal, journalFile } from '../store/index.js';
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
  const journal = createFileJournal(journalFile(options.stateDir, options.baseUrl), options.baseUrl);
  const store = createAppStore({ api, journal });
  const ui = createUiStore();
  const notice = store.getState().journalNotice ?? options.notice;
  if (notice) ui.getState().say('info', notice);
  const theme = detectTheme(process.env, process.stdout.getColorDepth?.() ?? 1);
  let quit = false;
  const instance = render(<App store={store} ui={ui} options={options} theme={theme} onQuit={() => (quit = true)} />, {
    alternateScreen: true,
    // Ink turns itself off under CI=true; a TTY is what matters here (the CLI checked it).
    interactive: true,
    incrementalRendering: true,
    maxFps: 30,
    exitOnCtrlC: false,
    patchConsole: true,
  });
  void keepLoading(async () => {
    try {
      await store.getState().loadConfigurations();
    } catch (e) {
      ui.getState().say('error', `cannot reach ${options.baseUrl}: ${(e as Error).message}; retrying (r to retry now)`);
      throw e;
    }
  }, () => quit);
  await instance.waitUntilExit();
  quit = true;
  return 0;
}
