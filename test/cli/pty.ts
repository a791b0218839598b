// Runs the built CLI in a pseudo-terminal (node-pty), to type at its prompts as a user would.
import pty from 'node-pty';
import { BIN } from '../helpers/emulator.js';

export interface PtyRun {
  /** Everything the program wrote to the terminal so far. */
  output(): string;
  write(data: string): void;
  /** Resolves when `text` has appeared in the output (rejects after `timeoutMs`). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  kill(): void;
}

export function runInPty(args: readonly string[], env: Record<string, string> = {}): PtyRun {
  const term = pty.spawn(process.execPath, [BIN, ...args], {
    name: 'xterm-256color',
    cols: 100,
    rows: 30,
    cwd: process.cwd(),
    env: { ...process.env, ...env } as Record<string, string>,
  });
  let out = '';
  const listeners = new Set<() => void>();
  term.onData((d) => {
    out += d;
    for (const l of listeners) l();
  });
  const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => term.onExit((e) => resolve(e)));
  return {
    output: () => out,
    write: (data) => term.write(data),
    waitFor: (text, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (out.includes(text)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${JSON.stringify(text)}; output so far: ${JSON.stringify(out)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    exited,
    kill: () => {
      try {
        term.kill();
      } catch {
        // already gone
      }
    },
  };
}
