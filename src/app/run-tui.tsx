// Mounts the TUI: Ink in the alternate screen over the stores of a session (src/cli/session.ts).
import { render } from 'ink';
import type { Session } from '../cli/session.js';
import { detectTheme } from '../ui/theme.js';
import { App } from './app.js';
import type { TuiOptions } from './options.js';

/** Draws the TUI over a session that the command line opened (and started loading) before Ink loaded. */
export async function runTui(options: TuiOptions, session: Session): Promise<number> {
  const { store, ui } = session;
  const theme = detectTheme(process.env, process.stdout.getColorDepth?.() ?? 1);
  // Raw mode at once: a key pressed while the first frame is drawn is kept for the app, not echoed.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const size = () => ({ columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  const app = () => <App store={store} ui={ui} options={options} theme={theme} size={size()} onQuit={session.stop} />;
  const instance = render(app(), {
    alternateScreen: true,
    // Ink turns itself off under CI=true; a TTY is what matters here (the CLI checked it).
    interactive: true,
    incrementalRendering: true,
    maxFps: 60,
    exitOnCtrlC: false,
    patchConsole: true,
  });
  // On a resize the tree takes the new size before Ink redraws (this listener runs before Ink's),
  // so the frame Ink draws after clearing is laid out for the new width: nothing old is left.
  const resized = () => instance.rerender(app());
  process.stdout.prependListener('resize', resized);
  await instance.waitUntilExit();
  process.stdout.off('resize', resized);
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  session.stop();
  return 0;
}
