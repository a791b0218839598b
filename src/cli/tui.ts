// `cdn-tui [flags]`: checks for a terminal, resolves the API (or starts the demo emulator in this
// process), opens the session (whose first request goes out at once), then loads Ink and hands
// over to the TUI, and cleans up when it returns.
import { join } from 'node:path';
import { isatty } from 'node:tty';
import { stateDir } from '../store/state-files.js';
import { pathReason } from '../store/disk-words.js';
import { codeOf } from '../util/errors.js';
import { cacheDir } from '../util/code-cache.js';
import { beforeScriptRuns } from '../util/dep-scripts.js';
import { makeFolder } from '../util/make-folder.js';
import { parseServeArgs, type TuiFlags } from './args.js';
import { CliError, EXIT, addSecret } from './errors.js';
import { resolveTui } from './resolve.js';
import { boundsOf, clientOptionsOf } from './client-options.js';
import { openSession, type SessionOptions } from '../shell/session.js';
import { apiSessionOptions, profileSource } from './profiles.js';
import type { ProfileSource } from '../app/profiles.js';
import type { TuiOptions } from '../app/options.js';

export const NO_TTY_MESSAGE = 'cdn-tui: needs an interactive terminal (stdin and stdout must be a TTY); try ssh -t\n';

/**
 * TERM=dumb (an editor's shell buffer, some CI consoles) cannot move the cursor, which every frame
 * does. An unset or empty TERM is not refused: a terminal that is a TTY but does not say what it
 * is (`env -i`, some container exec paths) is nearly always a VT100 descendant, which is all the
 * frames need (cursor moves, scroll regions, line erase, SGR).
 */
export const DUMB_TERMINAL_MESSAGE =
  'cdn-tui: needs a terminal that can move the cursor, which TERM=dumb cannot; run it in one such as xterm, screen or tmux\n';

/**
 * The demo emulator's arguments (docs/api.md §5): loopback, any free port, the demo data with its
 * products, as `cdn-tui serve --seed demo` has them (no `--products` here: the seed brings them).
 */
export const DEMO_SERVE_ARGS = ['--host', '127.0.0.1', '--port', '0', '--seed', 'demo'] as const;

/** How long loading Ink waits for the first request to be on the wire (loopback: a millisecond). */
const SEND_WAIT_MS = 25;

/** How long the first frame waits for the first page of configurations once Ink is loaded. */
const FIRST_PAGE_WAIT_MS = 150;

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
  if (deps.env.TERM === 'dumb') {
    process.stderr.write(DUMB_TERMINAL_MESSAGE);
    return EXIT.usage;
  }
  const resolved = resolveTui(flags, { env: deps.env });
  const dir = stateDir(deps.env);
  const bounds = boundsOf(flags);
  forceStyles(deps.env);
  const keepDir = flags.noCache ? undefined : cacheDir(deps.env);
  // The config file's profiles, to switch to in the palette (docs/ux.md §8).
  const profiles = (first: TuiOptions, profile?: string) => profileSource(flags, deps.env, first, profile, keepDir);
  if (resolved.kind === 'api') {
    const options = apiSessionOptions(resolved, flags, dir, keepDir);
    return startTui(options, profiles(options, resolved.profile));
  }

  // The demo keeps no lists: its emulator runs in this process and answers at once.
  const { startEmulator, DataFileError } = await import('../server/index.js');
  // The demo keeps its data beside the drafts journal, so a change made in the demo (and a draft
  // kept from a crash) is still there at the next start.
  const demoData = join(dir, 'demo-data.jsonl');
  let notice = resolved.notice;
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    makeFolder(dir, 0o700);
    emulator = await startEmulator(parseServeArgs([...DEMO_SERVE_ARGS, '--data', demoData]));
  } catch (e) {
    // A state folder that cannot be written (a full disk, a file in its place) does not stop the
    // demo: it runs in memory, and the header says that drafts are not saved to disk.
    const unwritable = codeOf(e) !== undefined && typeof e === 'object' && e !== null && 'path' in e;
    if (!(e instanceof DataFileError) && !unwritable)
      throw new CliError(`cannot start the demo emulator (${e instanceof Error ? e.message : String(e)})`);
    notice = unwritable
      ? `The demo's data cannot be kept in ${dir} (${pathReason(e, dir, 'write')}); this demo runs in memory.`
      : `The demo's data file ${demoData} could not be read; it was left as it is and this demo runs in memory.`;
    emulator = await startEmulator(parseServeArgs([...DEMO_SERVE_ARGS]));
  }
  if (emulator.token) addSecret(emulator.token);
  try {
    const options: SessionOptions = {
      baseUrl: emulator.url,
      token: emulator.token ?? '',
      label: 'DEMO',
      demo: true,
      readOnly: resolved.readOnly,
      stateDir: dir,
      ...(notice ? { notice } : {}),
      client: clientOptionsOf({ baseUrl: emulator.url, token: emulator.token ?? '', ...bounds }),
      ...bounds,
    };
    return await startTui(options, profiles(options));
  } finally {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([emulator.close(), new Promise((r) => (timer = setTimeout(r, DEMO_CLOSE_MS)))]);
    clearTimeout(timer);
  }
}

/** The bounds the flags set (the demo has them too): only those given, the client has the defaults. */
/**
 * The first request first, then Ink (the bulk of the code) loads while it is answered. The answer
 * is often in by then, waiting in the socket: taking it before the first frame draws rows at once
 * instead of a "loading" frame and then the rows; a slow API gets the loading frame soon anyway.
 */
async function startTui(options: SessionOptions, profiles: ProfileSource): Promise<number> {
  const session = openSession(options);
  try {
    // Loading Ink blocks this thread for a while: first let the connection open and the request go.
    await session.requestSent(SEND_WAIT_MS);
    const { runTui } = await importInk();
    await session.firstPage(FIRST_PAGE_WAIT_MS);
    return await runTui(options, session, profiles);
  } finally {
    session.stop();
  }
}

/**
 * Ink's layout engine (yoga-layout) reads its inline WebAssembly through fetch() when there is one,
 * and a first fetch() makes Node load its whole fetch implementation (15-40 ms on a small machine);
 * without fetch, yoga decodes the same bytes itself. The app never uses fetch (undici serves the API).
 */
async function importInk(): Promise<typeof import('../shell/run-tui.js')> {
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetch?.configurable) Reflect.deleteProperty(globalThis, 'fetch');
  try {
    // yoga's WebAssembly is compiled under flags of its own (layout-flags.ts), set back once it is ready.
    beforeScriptRuns('ui', (await import('../ui/layout-flags.js')).setLayoutFlags);
    return await import('../shell/run-tui.js');
  } finally {
    if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', fetch);
  }
}

/**
 * The focus bar is inverse video, with or without colour (docs/ux.md §2). chalk, under Ink, turns every
 * style off where it guesses no colour (a CI variable, TERM=dumb), the bar with it: give it the
 * terminal's real depth before it loads. Whether colour is used is the theme's business (NO_COLOR).
 */
function forceStyles(env: NodeJS.ProcessEnv): void {
  if (env.FORCE_COLOR !== undefined) return;
  const depth = process.stdout.getColorDepth?.(env) ?? 4;
  process.env.FORCE_COLOR = depth >= 24 ? '3' : depth >= 8 ? '2' : '1';
}
