// What the TUI benchmarks share: `cdn-tui serve` in a child process, the built CLI in a
// pseudo-terminal (node-pty) read by @xterm/headless (measuring text as string-width does), a
// time budget, and clean-up of everything they started whatever happens.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { UnicodeGraphemesAddon } from '@xterm/addon-unicode-graphemes';
import xterm from '@xterm/headless';
import pty from 'node-pty';

const BIN = process.env.BENCH_BIN ?? resolve(import.meta.dirname, '../dist/cdn-tui.cjs'); // the package's bin, as a user starts it

/**
 * Starts the emulator (`serveArgs`) and the TUI against it; `name` prefixes failures. With `log`,
 * the emulator writes its request log (`--log`, one JSON line per request) into the temporary
 * folder, read back by `serveLog()`. `prepare({ url, token, state })` runs once the emulator is up
 * and before the TUI starts (set-up through the API, files in the TUI's `XDG_STATE_HOME`).
 */
export async function startBench({ name, serveArgs, cols = 120, rows = 40, budgetMs = 120_000, log = false, prepare, tokens }) {
  const children = [];
  const state = mkdtempSync(join(tmpdir(), 'cdn-tui-bench-'));
  const stop = (code) => {
    for (const c of children) c.kill();
    rmSync(state, { recursive: true, force: true });
    process.exit(code);
  };
  const deadline = setTimeout(() => {
    console.error(`${name}: took too long, stopping`);
    stop(1);
  }, budgetMs);
  process.on('unhandledRejection', (e) => {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    stop(1);
  });

  const logFile = join(state, 'serve-log.jsonl');
  // `tokens`: the emulator's tokens (the TUI uses the first; a rate limit counts per token); else it makes one.
  const tokenArgs = (tokens ?? []).flatMap((t) => ['--token', t]);
  const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...serveArgs, ...tokenArgs, ...(log ? ['--log', logFile] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(server);
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  const url = /listening on (\S+)/.exec((await lines.next()).value)[1];
  const token = tokens ? tokens[0] : /token: (\S+)/.exec((await lines.next()).value)[1];
  await prepare?.({ url, token, state });

  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  term.loadAddon(new UnicodeGraphemesAddon());
  // BENCH_APP_NODE_ARGS: node flags for the TUI only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const app = pty.spawn(process.execPath, [...appNodeArgs, BIN, '--base-url', url, '--token', token], {
    cols,
    rows,
    env: { ...process.env, TERM: 'xterm-256color', LANG: 'C.UTF-8', XDG_STATE_HOME: state, XDG_CACHE_HOME: join(state, 'cache') },
  });
  children.push(app);
  const exited = new Promise((resolve) => app.onExit(resolve));
  let bytes = 0;
  let lastOutputAt = performance.now();
  let onData = () => undefined;
  /** Listeners of the raw output (text, when it arrived): counting frames and bursts. */
  const taps = new Set();
  app.onData((d) => {
    bytes += Buffer.byteLength(d);
    lastOutputAt = performance.now();
    for (const tap of taps) tap(d, lastOutputAt);
    term.write(d, () => onData());
  });

  const screen = () => {
    const b = term.buffer.active;
    return Array.from({ length: rows }, (_, r) => b.getLine(r)?.translateToString(true) ?? '').join('\n');
  };
  /** Resolves once `check()` holds, re-checked as the terminal parses what the app writes; gives up (and stops everything) after `ms`. */
  const until = (check, ms = 20_000) =>
    new Promise((ok) => {
      const timer = setTimeout(() => {
        console.error(`${name}: not seen within ${ms} ms; the screen:\n${screen()}`);
        stop(1);
      }, ms);
      const test = () => {
        if (!check()) return;
        clearTimeout(timer);
        onData = () => undefined;
        ok();
      };
      onData = test;
      test();
    });
  return {
    url,
    token,
    /** The emulator's request log so far, one object per request (with `log`). */
    serveLog: () =>
      readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    term,
    screen,
    until,
    write: (data) => app.write(data),
    /** Resolves when the TUI has exited (after a quit key, say). */
    exited: () => exited,
    bytes: () => bytes,
    /** The TUI's process id (its RSS is in /proc/<pid>/status). */
    pid: app.pid,
    /** When the app last wrote anything (performance.now()). */
    lastOutputAt: () => lastOutputAt,
    /** Calls `listener(text, at)` with everything the app writes from now on; returns the unsubscribe. */
    tap: (listener) => {
      taps.add(listener);
      return () => taps.delete(listener);
    },
    /** Resolves once the app has written nothing for `ms` (and everything written is parsed). */
    quiet: (ms, limit = 20_000) =>
      new Promise((ok) => {
        const started = performance.now();
        const check = () => {
          const now = performance.now();
          if (now - lastOutputAt >= ms) term.write('', () => ok());
          else if (now - started > limit) {
            console.error(`${name}: the app never went quiet for ${ms} ms; the screen:\n${screen()}`);
            stop(1);
          } else setTimeout(check, Math.max(1, ms - (now - lastOutputAt)));
        };
        check();
      }),
    /** Stops both; the temporary folder goes once the TUI has exited (it writes its drafts journal as it ends). */
    done: async () => {
      clearTimeout(deadline);
      app.kill();
      server.kill('SIGTERM');
      let timer;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/**
 * Writes the TUI's drafts journal (src/store/journal.ts: one file per base URL, in XDG_STATE_HOME)
 * with one draft per rule of configuration `conf` that sets `change` on it, each draft's base the
 * rule as given: the TUI starts, offers them back, and Enter opens the review of them all.
 */
export function writeRuleDrafts(state, url, conf, rules, change) {
  const now = Date.now();
  const drafts = {};
  for (const r of rules)
    drafts[`rule:${conf}:${r.id}`] = {
      target: { kind: 'rule', op: 'update', conf, id: r.id },
      base: r,
      values: { ...r, ...change },
      startedAt: now,
      updatedAt: now,
    };
  const file = join(state, 'cdn-tui', `drafts-${createHash('sha256').update(url.replace(/\/+$/, '')).digest('hex').slice(0, 16)}.json`);
  mkdirSync(join(state, 'cdn-tui'), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ version: 1, baseUrl: url, savedAt: new Date(now).toISOString(), drafts }), { mode: 0o600 });
}

// ---------------------------------------------------------------- pieces for timed starts
// `startBench` spawns the TUI as soon as the emulator is up; a start-up bench needs the two apart
// (the emulator ready before the clock starts) and any program in the pty, started many times.

/**
 * Starts `cdn-tui serve --port 0 …serveArgs` in a child process; resolves once it prints its URL and
 * token (with `token`, the emulator's `--token`, it prints none). `stopped()` resolves once it has exited.
 */
export async function startEmulator(serveArgs, token) {
  const args = [BIN, 'serve', '--port', '0', ...serveArgs, ...(token ? ['--token', token] : [])];
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((ok) => server.once('exit', ok));
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  const url = /listening on (\S+)/.exec((await lines.next()).value)[1];
  const said = token ?? /token: (\S+)/.exec((await lines.next()).value)[1];
  const stop = () => server.kill('SIGTERM');
  return { url, token: said, stop, stopped: () => (stop(), exited) };
}

/**
 * Spawns `node …args` (the bench's own Node) in a pty of `cols`×`rows` read by a headless xterm.
 * `until(check, ms)` resolves with the time (performance.now()) at which the screen first
 * satisfied `check`, or rejects after `ms`; `stop()` kills the program and resolves once it is gone.
 */
export function spawnInTerminal({ args, cols = 120, rows = 40, env = {} }) {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  term.loadAddon(new UnicodeGraphemesAddon());
  const app = pty.spawn(process.execPath, args, { cols, rows, env: { ...process.env, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...env } });
  const exited = new Promise((ok) => app.onExit(ok));
  let onData = () => undefined;
  app.onData((d) => term.write(d, () => onData()));
  const screen = () => {
    const b = term.buffer.active;
    return Array.from({ length: rows }, (_, r) => b.getLine(r)?.translateToString(true) ?? '').join('\n');
  };
  const until = (check, ms = 60_000) =>
    new Promise((ok, fail) => {
      const timer = setTimeout(() => {
        onData = () => undefined;
        fail(new Error(`not seen within ${ms} ms; the screen:\n${screen()}`));
      }, ms);
      const test = () => {
        if (!check(screen())) return;
        const at = performance.now();
        clearTimeout(timer);
        onData = () => undefined;
        ok(at);
      };
      onData = test;
      test();
    });
  return {
    pid: app.pid,
    screen,
    until,
    write: (data) => app.write(data),
    exited,
    stop: () => {
      app.kill('SIGKILL');
      term.dispose();
      return exited;
    },
  };
}

/** The text of the table row drawn in inverse video (the cursor bar), read from the terminal's cells. */
export function cursorRow(term, rows) {
  const b = term.buffer.active;
  for (let r = 3; r < rows; r++) {
    const line = b.getLine(r);
    if (line?.getCell(2)?.isInverse()) return line.translateToString(true);
  }
  return undefined;
}

/** The id on the cursor bar's row (a list whose first column is the id: the browser's). */
export function cursorRowId(term, rows) {
  const row = cursorRow(term, rows);
  return row === undefined ? undefined : Number(/^\S?\s*(\d+) /.exec(row)?.[1]);
}

export { BIN };
