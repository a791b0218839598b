// `cdn-tui [flags]`: checks for a terminal, resolves the API (or starts the demo emulator in this
// process), then hands over to the TUI and cleans up when it returns.
import { isatty } from 'node:tty';
import type { TuiOptions } from '../app/options.js';
import { stateDir } from '../store/journal.js';
import type { TuiFlags } from './args.js';
import { CliError, EXIT, addSecret } from './errors.js';
import { resolveTui } from './resolve.js';

export const NO_TTY_MESSAGE = 'cdn-tui: needs an interactive terminal (stdin and stdout must be a TTY); try ssh -t\n';

/** The demo emulator's arguments (API.md §5): loopback, any free port, the demo data. */
export const DEMO_SERVE_ARGS = ['--host', '127.0.0.1', '--port', '0', '--seed', 'demo', '--products', 'application_acceleration,raw_logs'] as const;

/** How long quitting waits for the demo emulator to finish requests in flight. */
const DEMO_CLOSE_MS = 2000;

export interface TuiDeps {
  readonly env: NodeJS.ProcessEnv;
  /** Whether stdin and stdout are terminals. */
  readonly interactive: () => boolean;
}

const realDeps: TuiDeps = { env: process.env, interactive: () => isatty(0) && isatty(1) };

export async function tuiCommand(flags: TuiFlags, deps: TuiDeps = realDeps): Promise<number> {
  if (!deps.interactive()) {
    process.stderr.write(NO_TTY_MESSAGE);
    return EXIT.usage;
  }
  const resolved = resolveTui(flags, { env: deps.env });
  const dir = stateDir(deps.env);
  const { runTui } = await import('../app/run-tui.js');
  if (resolved.kind === 'api') {
    const options: TuiOptions = {
      baseUrl: resolved.baseUrl,
      token: resolved.token,
      label: resolved.label,
      demo: false,
      readOnly: resolved.readOnly,
      stateDir: dir,
      ...(resolved.notice ? { notice: resolved.notice } : {}),
    };
    return runTui(options);
  }

  const { startEmulator, parseServeArgs } = await import('../server/index.js');
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator(parseServeArgs([...DEMO_SERVE_ARGS]));
  } catch (e) {
    throw new CliError(`cannot start the demo emulator (${(e as Error).message})`);
  }
  if (emulator.token) addSecret(emulator.token);
  try {
    return await runTui({
      baseUrl: emulator.url,
      token: emulator.token ?? '',
      label: 'DEMO',
      demo: true,
      readOnly: resolved.readOnly,
      stateDir: dir,
      ...(resolved.notice ? { notice: resolved.notice } : {}),
    });
  } finally {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([emulator.close(), new Promise((r) => (timer = setTimeout(r, DEMO_CLOSE_MS)))]);
    clearTimeout(timer);
  }
}
