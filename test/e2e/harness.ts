// End-to-end harness: the built CLI (`dist/cdn-tui.js`) in a real pseudo-terminal, talking over
// loopback HTTP to a child emulator (`cdn-tui serve --seed demo`), and the screen read back from a
// headless xterm. Tests drive it with keys and read what a person would see:
//
//   const app = await startApp();
//   await app.waitForText('configurations');
//   await app.press('down', 'enter');
//   expect(app.inverseText(app.inverseRows()[0]!)).toContain('shop-prod');
//   expect(app.log().at(-1)).toMatchObject({ method: 'GET' });
//   await app.close();
//
// Isolation: HOME, XDG_CONFIG_HOME, XDG_STATE_HOME and XDG_CACHE_HOME point into a temp folder
// (removed by close()), CDN_TUI_* / EDITOR / VISUAL / CI / NO_COLOR from the outer environment are
// dropped. Restarts: pass the first app's `stateDir` (drafts) or `cacheDir` (kept lists), and
// `emulator`, to a second startApp; a folder or emulator that startApp did not create is left
// alone by close(). Needs `npm run build` first.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, readLog, spawnEmulator, tempDir, type ChildEmulator, type LogLine } from '../helpers/emulator.js';
import { startTerminal, type TerminalSession } from './terminal.js';

export { BIN };

export interface StartAppOptions {
  /** CLI arguments after the connection flags (`--base-url URL --token TOKEN` are added unless these pick a source). */
  readonly args?: readonly string[];
  /** Environment set over the clean one; `undefined` removes a variable. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** @default 100 */
  readonly cols?: number;
  /** @default 30 */
  readonly rows?: number;
  /** More `cdn-tui serve` arguments for the emulator startApp starts (after `--seed demo --log FILE`). */
  readonly emulatorArgs?: readonly string[];
  /**
   * `'auto'` (default): start an emulator unless `args` choose another source or command
   * (`--demo`, `--base-url`, `--profile`, `--help`, `--version`, `serve`, `login`) or `env` sets
   * CDN_TUI_BASE_URL. `true`/`false`: always/never. A ChildEmulator: use that one (not closed by close()).
   */
  readonly emulator?: 'auto' | boolean | ChildEmulator;
  /** An existing XDG_STATE_HOME (drafts journal), e.g. a previous app's `stateDir`, to test a restart. Kept by close(). */
  readonly stateDir?: string;
  /** An existing XDG_CONFIG_HOME (profiles). Kept by close(). */
  readonly configDir?: string;
  /** An existing XDG_CACHE_HOME (kept lists in `<cacheDir>/cdn-tui/`), e.g. a previous app's `cacheDir`. Kept by close(). */
  readonly cacheDir?: string;
  /** Key pacing (see StartTerminalOptions in terminal.ts). @default 25 */
  readonly keyDelayMs?: number;
  /** @default 150 */
  readonly responseWaitMs?: number;
}

export interface App extends TerminalSession {
  /** The emulator the app talks to, to act as "a second client" (`app.emulator.call('PATCH', …)`). Throws if there is none. */
  readonly emulator: ChildEmulator;
  readonly hasEmulator: boolean;
  /** The emulator's `--log` file, when startApp started the emulator. */
  readonly logFile: string | undefined;
  /** XDG_STATE_HOME of the app (the journal lives in `<stateDir>/cdn-tui/`). */
  readonly stateDir: string;
  /** XDG_CONFIG_HOME of the app (`<configDir>/cdn-tui/config.json`). */
  readonly configDir: string;
  /** XDG_CACHE_HOME of the app (kept lists in `<cacheDir>/cdn-tui/`). */
  readonly cacheDir: string;
  /** The requests the emulator has logged so far (its `--log` JSON lines). */
  log(): LogLine[];
  /** Ends the app, then the emulator and the temp folders that startApp created. */
  close(): Promise<void>;
}

const OTHER_SOURCE = new Set(['--demo', '--base-url', '--profile', '--help', '-h', '--version', '-v', 'serve', 'login']);
const CONNECTION_FLAGS = new Set(['--demo', '--base-url', '--token', '--token-file', '--profile']);

/** Starts the emulator (see {@link StartAppOptions.emulator}) and the TUI in a pty. */
export async function startApp(options: StartAppOptions = {}): Promise<App> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
  const args = options.args ?? [];
  const root = tempDir('cdn-tui-e2e-');
  const stateDir = options.stateDir ?? join(root, 'state');
  const configDir = options.configDir ?? join(root, 'config');
  const cacheDir = options.cacheDir ?? join(root, 'cache');
  const home = join(root, 'home');
  for (const dir of [stateDir, configDir, cacheDir, home]) mkdirSync(dir, { recursive: true, mode: 0o700 });

  const choice = options.emulator ?? 'auto';
  const wanted = choice === 'auto' ? !args.some((a) => OTHER_SOURCE.has(a)) && options.env?.CDN_TUI_BASE_URL === undefined : choice;
  let emulator: ChildEmulator | undefined;
  let logFile: string | undefined;
  const cleanup = async () => {
    if (emulator && typeof choice !== 'object') await emulator.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    if (typeof wanted === 'object') emulator = wanted;
    else if (wanted) {
      logFile = join(root, 'emulator.log');
      emulator = await spawnEmulator(['--seed', 'demo', '--log', logFile, ...(options.emulatorArgs ?? [])]);
    }
  } catch (e) {
    await cleanup();
    throw e;
  }

  const connect = emulator && !args.some((a) => CONNECTION_FLAGS.has(a)) ? ['--base-url', emulator.url, '--token', emulator.token] : [];
  const env: Record<string, string | undefined> = {
    HOME: home,
    XDG_STATE_HOME: stateDir,
    XDG_CONFIG_HOME: configDir,
    XDG_CACHE_HOME: cacheDir,
  };
  for (const key of Object.keys(process.env)) if (/^(CDN_TUI_.*|EDITOR|VISUAL)$/.test(key)) env[key] = undefined;
  Object.assign(env, options.env);
  let session: TerminalSession;
  try {
    session = startTerminal({
      file: process.execPath,
      args: [BIN, ...connect, ...args],
      env,
      cols: options.cols ?? 100,
      rows: options.rows ?? 30,
      keyDelayMs: options.keyDelayMs,
      responseWaitMs: options.responseWaitMs,
    });
  } catch (e) {
    await cleanup();
    throw e;
  }

  const emu = emulator;
  return {
    ...session,
    get emulator(): ChildEmulator {
      if (!emu) throw new Error('this app has no emulator (startApp options.emulator, or args chose another source)');
      return emu;
    },
    hasEmulator: emu !== undefined,
    logFile,
    stateDir,
    configDir,
    cacheDir,
    log: () => {
      if (logFile === undefined) throw new Error('no emulator log: startApp did not start this emulator');
      return readLog(logFile);
    },
    close: async () => {
      try {
        await session.close();
      } finally {
        await cleanup();
      }
    },
  };
}
