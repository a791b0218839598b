// A program in a real pseudo-terminal (node-pty) whose output feeds a headless xterm
// (@xterm/headless): the screen a person would see, read back as text and cell attributes.
// Generic (any program); harness.ts builds the cdn-tui specifics on top of it. Only erasable
// TypeScript, so scripts/screenshot.mjs can load it with Node's own type stripping.
import { spawn as spawnPty, type IPty } from 'node-pty';
import xtermHeadless from '@xterm/headless';
import unicodeGraphemes from '@xterm/addon-unicode-graphemes';
import type { IBufferCell, Terminal } from '@xterm/headless';
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isLoneEscape, keySequence } from './keys.js';
import type { ScreenSnapshot } from './render-png.js';
import { snapshot } from './xterm-snapshot.js';

export interface StartTerminalOptions {
  /** The program, e.g. `process.execPath`. */
  readonly file: string;
  readonly args?: readonly string[];
  /** Set over a clean environment (see {@link terminalEnv}); `undefined` removes a variable. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** @default 100 */
  readonly cols?: number;
  /** @default 30 */
  readonly rows?: number;
  /**
   * Pacing of `press`/`type`/`paste`, so the program reads each key on its own (keys read
   * together arrive as one chunk: `jj`, or ESC+x = Alt-x). After a key: at least this long, and
   * once the program has answered, until its output has paused this long. @default 25
   */
  readonly keyDelayMs?: number;
  /** How long to wait for an answer to a key before sending the next one anyway. @default 150 */
  readonly responseWaitMs?: number;
}

export interface ExitStatus {
  readonly exitCode: number;
  /** The signal that ended the program (e.g. `'SIGTERM'`), or null. */
  readonly signal: NodeJS.Signals | null;
}

export interface TerminalSession {
  readonly pid: number;
  /** The visible screen of the ACTIVE buffer (normal or alternate): lines joined by `\n`, trailing spaces trimmed. */
  screen(): string;
  /** Line `n` of the screen (0 = top; negative counts from the bottom: -1 is the last line). */
  line(n: number): string;
  /** Whether the program switched to the alternate screen buffer (full-screen mode). */
  alternateScreen(): boolean;
  size(): { cols: number; rows: number };
  /** Resolves (with the screen) once the text or pattern is on screen; rejects with the screen after `timeoutMs` or when the program exits first. */
  waitForText(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the text or pattern is no longer on screen. */
  waitForNoText(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the program has written nothing for `quietMs` and the terminal has parsed all it wrote (a settled frame). */
  waitForIdle(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** Resolves once `check()` holds; re-checked on every parsed write, resize and every 50 ms. */
  waitUntil(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Sends keys one at a time, each once the program has answered the one before: names (`'down'`, `'pgdn'`, `'ctrl-s'`, `'esc'`, see keys.ts) or single characters. */
  press(...keys: string[]): Promise<void>;
  /** Types text one character at a time, as a person would. */
  type(text: string): Promise<void>;
  /** Pastes text in one write, wrapped in bracketed-paste markers when the program asked for them. */
  paste(text: string): Promise<void>;
  /** Writes raw bytes to the program. */
  write(bytes: string): void;
  /** Resizes the pty (the program gets SIGWINCH) and the emulated terminal. */
  resize(cols: number, rows: number): void;
  /** The screen rows that continue the row above because it ran past the right edge (a line wider than the terminal). */
  wrappedRows(): number[];
  /** Whether the cell at (row, col) of the screen is drawn in inverse video. */
  isInverse(row: number, col: number): boolean;
  /** The screen rows that have at least `minCells` inverse cells (a focus bar), top to bottom. */
  inverseRows(minCells?: number): number[];
  /** The text of the inverse cells of a row, trimmed (e.g. the focused item). */
  inverseText(row: number): string;
  /** Text and attributes of every visible cell, for render-png. */
  snapshot(): ScreenSnapshot;
  /** Everything the program wrote, escape sequences included. */
  rawOutput(): string;
  /** Sends a signal to the program. @default 'SIGTERM' */
  kill(signal?: NodeJS.Signals): void;
  hasExited(): boolean;
  /** Resolves when the program has exited and all its output has been parsed. */
  readonly exited: Promise<ExitStatus>;
  /** Ends the program (SIGTERM, then SIGKILL after 2 s) and frees the terminal. */
  close(): Promise<void>;
}

/**
 * The environment for a program under test: this process's, less what would change how a
 * terminal program behaves (CI makes Ink non-interactive; NO_COLOR/FORCE_COLOR/COLORTERM change
 * colours; COLUMNS/LINES would override the pty's size; LC_ALL would override LANG), plus `TERM=xterm-256color` and `LANG=C.UTF-8`.
 */
export function terminalEnv(overrides: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(CI|CI_.*|CONTINUOUS_INTEGRATION|NO_COLOR|FORCE_COLOR|COLORTERM|TERM_PROGRAM.*|COLUMNS|LINES|LC_ALL|LC_CTYPE|NODE_OPTIONS|NODE_ENV|VITEST.*)$/.test(
        key,
      )
    )
      delete env[key];
  }
  Object.assign(env, { TERM: 'xterm-256color', LANG: 'C.UTF-8' }, overrides);
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
  return clean;
}

export function startTerminal(options: StartTerminalOptions): TerminalSession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const keyDelayMs = options.keyDelayMs ?? 25;
  const responseWaitMs = options.responseWaitMs ?? 150;
  const term: Terminal = new xtermHeadless.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  // Grapheme clusters and Unicode 15 widths (version '15-graphemes'), as modern terminals and
  // string-width measure: an emoji ZWJ sequence, a flag or a skin tone is one 2-cell character.
  term.loadAddon(new unicodeGraphemes.UnicodeGraphemesAddon());
  const env = terminalEnv(options.env);
  const pty: IPty = spawnPty(options.file, [...(options.args ?? [])], {
    // node-pty sets TERM to this name over the environment's: the TERM asked for is the one the program sees.
    name: env.TERM || 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd ?? process.cwd(),
    env,
  });
  const raw: string[] = [];
  let status: ExitStatus | undefined;
  let lastOutput = Date.now();
  let outputs = 0;
  let unparsed = 0; // writes handed to xterm and not parsed yet
  pty.onData((data) => {
    raw.push(data);
    outputs++;
    lastOutput = Date.now();
    unparsed++;
    term.write(data, () => unparsed--);
  });
  // Answers to the program's queries (cursor position, device attributes) go back, as in a real terminal.
  term.onData((data) => {
    try {
      if (status === undefined) pty.write(data);
    } catch {
      // the program is gone; nobody is left to answer
    }
  });
  const exited = new Promise<ExitStatus>((resolve) => {
    pty.onExit(({ exitCode, signal }) => {
      const name = signal ? (Object.entries(constants.signals).find(([, n]) => n === signal)?.[0] as NodeJS.Signals) : null;
      // Let the last output arrive and be parsed before anyone reads the final screen.
      setImmediate(() => term.write('', () => resolve((status = { exitCode, signal: name ?? null }))));
    });
  });

  const buffer = () => term.buffer.active;
  const lineAt = (row: number) => buffer().getLine(buffer().viewportY + row);
  const screen = () => {
    const out: string[] = [];
    for (let r = 0; r < term.rows; r++) out.push(lineAt(r)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  const cellAt = (row: number, col: number, into?: IBufferCell) => lineAt(row)?.getCell(col, into);
  const show = (text: string | RegExp) => (typeof text === 'string' ? JSON.stringify(text) : String(text));
  const matches = (text: string | RegExp) => (typeof text === 'string' ? screen().includes(text) : text.test(screen()));

  const waitUntil = (check: () => boolean, what: string, timeoutMs = 5000): Promise<void> => {
    const failure = new Error(what); // created here so the stack points at the test
    return new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = (error?: unknown) => {
        if (done) return;
        done = true;
        sub.dispose();
        resizeSub.dispose();
        clearInterval(poll);
        clearTimeout(timer);
        if (error === undefined) resolve();
        else reject(error);
      };
      const test = () => {
        try {
          if (check()) finish();
        } catch (e) {
          finish(e);
        }
      };
      const fail = (why: string) => {
        if (done) return;
        test();
        if (done) return;
        failure.message = `${what}: ${why}\n${describeScreen()}`;
        finish(failure);
      };
      const sub = term.onWriteParsed(test);
      const resizeSub = term.onResize(test);
      const poll = setInterval(test, 50);
      const timer = setTimeout(() => fail(`not seen within ${timeoutMs} ms`), timeoutMs);
      void exited.then((s) => fail(`the program exited first (${describeExit(s)})`));
      test();
    });
  };

  const describeScreen = () => {
    const lines = screen().split('\n');
    const inverse = new Set(inverseRows());
    const body = lines.map((l, i) => `${String(i).padStart(3)}${inverse.has(i) ? '▌' : '│'}${l}`).join('\n');
    return `screen (${term.cols}x${term.rows}, ${buffer().type} buffer; ▌ = row with inverse cells):\n${body}`;
  };

  const inverseRows = (minCells = 1) => {
    const found: number[] = [];
    const cell = buffer().getNullCell();
    for (let r = 0; r < term.rows; r++) {
      let n = 0;
      for (let c = 0; c < term.cols; c++) if (cellAt(r, c, cell)?.isInverse()) n++;
      if (n >= minCells) found.push(r);
    }
    return found;
  };

  const assertRunning = (what: string) => {
    if (status !== undefined) throw new Error(`cannot ${what}: the program exited (${describeExit(status)})\n${describeScreen()}`);
  };

  /** Sends one key, then waits for the program to answer it (see keyDelayMs), at most 1 s. */
  const sendKey = async (bytes: string, what: string) => {
    assertRunning(what);
    const sent = Date.now();
    const before = outputs;
    pty.write(bytes);
    // A lone ESC followed too soon by another key is read as Alt-<key>: Ink waits 20 ms for more.
    const minGap = isLoneEscape(bytes) ? Math.max(keyDelayMs, 60) : keyDelayMs;
    for (;;) {
      await sleep(5);
      const elapsed = Date.now() - sent;
      if (status !== undefined || elapsed >= 1000) return;
      if (elapsed < minGap) continue;
      if (outputs > before ? unparsed === 0 && Date.now() - lastOutput >= keyDelayMs : elapsed >= responseWaitMs) return;
    }
  };

  const press = async (...keys: string[]) => {
    for (const key of keys) await sendKey(keySequence(key, term.modes.applicationCursorKeysMode), `press ${key}`);
  };

  return {
    pid: pty.pid,
    screen,
    line: (n) => screen().split('\n').at(n) ?? '',
    alternateScreen: () => buffer().type === 'alternate',
    size: () => ({ cols: term.cols, rows: term.rows }),
    waitUntil,
    waitForIdle: (quietMs = 100, timeoutMs = 5000) => {
      const idle = () => unparsed === 0 && Date.now() - lastOutput >= quietMs;
      return status !== undefined ? Promise.resolve() : waitUntil(idle, `waitForIdle(${quietMs})`, timeoutMs);
    },
    waitForText: async (text, timeoutMs) => {
      await waitUntil(() => matches(text), `waitForText(${show(text)})`, timeoutMs);
      return screen();
    },
    waitForNoText: async (text, timeoutMs) => {
      await waitUntil(() => !matches(text), `waitForNoText(${show(text)})`, timeoutMs);
      return screen();
    },
    press,
    type: async (text) => {
      for (const ch of text) await sendKey(ch, 'type');
    },
    paste: (text) => sendKey(term.modes.bracketedPasteMode ? `\x1b[200~${text}\x1b[201~` : text, 'paste'),
    write: (bytes) => pty.write(bytes),
    resize: (c, r) => {
      assertRunning('resize');
      pty.resize(c, r);
      term.resize(c, r);
    },
    wrappedRows: () => Array.from({ length: term.rows }, (_, r) => r).filter((r) => lineAt(r)?.isWrapped),
    isInverse: (row, col) => Boolean(cellAt(row, col)?.isInverse()),
    inverseRows,
    inverseText: (row) => {
      let text = '';
      const cell = buffer().getNullCell();
      for (let c = 0; c < term.cols; c++) if (cellAt(row, c, cell)?.isInverse()) text += cell.getChars() || ' ';
      return text.trim();
    },
    snapshot: () => snapshot(term),
    rawOutput: () => raw.join(''),
    kill: (signal = 'SIGTERM') => {
      if (status === undefined) pty.kill(signal);
    },
    hasExited: () => status !== undefined,
    exited,
    close: async () => {
      if (status === undefined) {
        pty.kill('SIGTERM');
        const ended = await Promise.race([exited.then(() => true), sleep(2000, false, { ref: false })]);
        if (!ended) pty.kill('SIGKILL');
        await exited;
      }
      term.dispose();
    },
  };
}

export function describeExit(s: ExitStatus): string {
  return s.signal ? `signal ${s.signal}` : `exit code ${s.exitCode}`;
}
