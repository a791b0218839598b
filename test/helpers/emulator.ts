// Test helpers: an emulator in this process or as a child process, always reached over real HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseServeArgs } from '../../src/cli/args.js';
import { startEmulator } from '../../src/server/index.js';

export const BIN = resolve(import.meta.dirname, '../../dist/cdn-tui.js');

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  readonly body: any;
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

/** The built CLI (`node dist/cdn-tui.js serve …`) as a child process. Needs `npm run build` first. */
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
  let token = '';
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

export function tempDir(prefix = 'cdn-tui-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The JSON lines of an emulator `--log` file. */
export function readLog(file: string): Array<Record<string, any>> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
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
