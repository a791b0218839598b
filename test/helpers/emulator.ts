// Test helpers: an emulator in this process or as a child process, always reached over real HTTP.
// A test file that shares one emulator among its tests calls emulatorFixture (below).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parseServeArgs } from '../../src/cli/args.js';
import { startEmulator } from '../../src/server/index.js';
import { tempDir } from './temp.js';

export { tempDir };

/**
 * The package's bin as a user runs it: the launcher that checks the Node version, then loads the
 * bundle. CDN_TUI_BIN names another build's bin (`npm run test:plain`: dist-plain/cdn-tui.cjs).
 */
export const BIN = resolve(import.meta.dirname, '../..', process.env.CDN_TUI_BIN || 'dist/cdn-tui.cjs');

/**
 * A JSON body of the emulator (an answer, or a request body in its log), read field by field.
 * Loose on purpose, for now: test/server/serve-cli.test.ts and the e2e flows-* and editors-* tests
 * (owned elsewhere) index into it unchecked (`body[0].id`, `body.map(…)`). Once they narrow (as
 * getObject/getList in fixtures.ts do), this becomes `unknown`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one loose type of the test helpers
export type JsonBody = any;

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  readonly body: JsonBody;
}

/** One line of the emulator's `--log` file (docs/api.md §5). */
export interface LogLine {
  readonly method: string;
  readonly path: string;
  /** 499: the client closed the connection before it was answered. */
  readonly status: number;
  /** With 499 after the request was handled: the status its answer would have had. */
  readonly unsent_status?: number;
  readonly ms: number;
  /** The JSON request body, when there was one. */
  readonly body?: JsonBody;
  readonly body_text?: string;
  /** The connection was dropped instead of answering (--reset-rate). */
  readonly reset?: boolean;
}

export interface CallOptions {
  /** A JSON value to send (serialised), with Content-Type: application/json unless headers say otherwise. */
  readonly body?: unknown;
  /** A raw body sent as is (no Content-Type added unless given in headers). */
  readonly raw?: string | Uint8Array;
  /** The token to send; null sends no Authorization header. Defaults to the emulator's token. */
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
}

export interface TestEmulator {
  readonly url: string;
  readonly token: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

export function makeCaller(url: string, token: string): TestEmulator['call'] {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    const tok = options.token === undefined ? token : options.token;
    if (tok !== null) headers.authorization = `Token ${tok}`;
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers ?? {});
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };
}

/** An emulator inside the test process (fast), with `cdn-tui serve` arguments. */
export async function startTestEmulator(args: readonly string[] = []): Promise<TestEmulator> {
  const options = parseServeArgs(['--port', '0', ...args]);
  const emu = await startEmulator(options);
  const token = emu.token ?? options.tokens[0]?.secret ?? '';
  return { url: emu.url, token, call: makeCaller(emu.url, token), close: () => emu.close() };
}

export interface ChildEmulator extends TestEmulator {
  readonly child: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal name) when the child ends. */
  readonly exited: Promise<number | string>;
}

/** The built CLI (`node dist/cdn-tui.cjs serve …`) as a child process. Needs `npm run build` first. */
export async function spawnEmulator(args: readonly string[] = [], env: Record<string, string> = {}): Promise<ChildEmulator> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | string>((res) => child.on('exit', (code, sig) => res(code ?? sig ?? -1)));
  const lines = createInterface({ input: child.stdout! });
  const it = lines[Symbol.asyncIterator]();
  const first = await Promise.race([
    it.next(),
    exited.then((c) => {
      throw new Error(`emulator exited (${c}) before listening: ${err}`);
    }),
  ]);
  const m = /^listening on (http:\/\/\S+)$/.exec(String(first.value));
  if (!m) throw new Error(`unexpected first line: ${String(first.value)} ${err}`);
  let token: string;
  if (!args.includes('--token') && !args.includes('--user')) {
    const second = await it.next();
    token = /^token: (\S+)$/.exec(String(second.value))?.[1] ?? '';
  } else {
    const t = args[args.indexOf('--token') + 1];
    token = t ? t.split('=')[0]! : '';
  }
  // keep draining stdout so the child never blocks on a full pipe
  void (async () => {
    for await (const _ of { [Symbol.asyncIterator]: () => it }) void _;
  })().catch(() => undefined);
  const url = m[1]!;
  return {
    url,
    token,
    child,
    exited,
    stderr: () => err,
    call: makeCaller(url, token),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface EmulatorFixtureOptions {
  /** Run the built CLI (`node dist/cdn-tui.cjs serve`) as a child process: for tests that block this one (spawnSync). */
  readonly child?: boolean;
  /** Log every request to a temp file (`--log`), read back with the fixture's `log()`. */
  readonly log?: boolean;
}

/** The emulator of emulatorFixture: usable inside tests and hooks, once its beforeAll has run. */
export interface EmulatorFixture {
  readonly url: string;
  readonly token: string;
  call: TestEmulator['call'];
  /** The requests logged so far (needs `log: true`). */
  log(): LogLine[];
}

/**
 * One emulator for the tests of a file (or of the describe block it is called in), started with
 * `cdn-tui serve` arguments in a beforeAll and closed in an afterAll:
 *
 *   const emu = emulatorFixture(['--seed', 'demo']);
 *   it('lists', async () => expect((await emu.call('GET', CFG)).status).toBe(200));
 */
export function emulatorFixture(args: readonly string[] = [], options: EmulatorFixtureOptions = {}): EmulatorFixture {
  let running: TestEmulator | undefined;
  let logFile: string | undefined;
  beforeAll(async () => {
    if (options.log) logFile = join(tempDir('cdn-tui-log-'), 'requests.log');
    const all = logFile ? [...args, '--log', logFile] : args;
    running = options.child ? await spawnEmulator(all) : await startTestEmulator(all);
  });
  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
  const emulator = (): TestEmulator => {
    if (!running) throw new Error('emulatorFixture: the emulator runs from its beforeAll to its afterAll; use it inside tests and hooks');
    return running;
  };
  return {
    get url() {
      return emulator().url;
    },
    get token() {
      return emulator().token;
    },
    call: (method, path, callOptions) => emulator().call(method, path, callOptions),
    log: () => {
      if (!logFile) throw new Error('emulatorFixture: pass { log: true } to read the request log');
      return readLog(logFile);
    },
  };
}

/** The JSON lines of an emulator `--log` file. */
export function readLog(file: string): LogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l): LogLine => JSON.parse(l));
}

/** Polls a predicate until it holds (no fixed sleeps in tests). */
export async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The requests the emulator answered with 400 or more since the first `from` lines of its log (needs `log: true`). */
export function refusedSince(emu: Pick<EmulatorFixture, 'log'>, from: number): LogLine[] {
  return emu
    .log()
    .slice(from)
    .filter((l) => l.status >= 400);
}
