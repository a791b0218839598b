// Ink as the app runs it, for widget tests: what is written to stdin goes through the key pacer
// (src/keys/paced-stdin.ts), as the terminal's reads do in the app. ink-testing-library's render
// takes no stdin of its own; this is its shape (lastFrame, stdin.write, unmount) over the pacer.
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ReactElement } from 'react';
import { pacedStdin } from '../../src/keys/paced-stdin.js';

class FakeStdout extends EventEmitter {
  readonly columns = 100;
  readonly rows = 30;
  last: string | undefined;
  /** Frames written so far (in debug mode each write of Ink's is a whole frame). */
  count = 0;
  write = (frame: string) => {
    this.last = frame;
    this.count++;
    return true;
  };
}

/** A terminal's input: each `write` is one read (the bytes the terminal had when the app read). */
class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private readonly reads: string[] = [];
  write(data: string): void {
    this.reads.push(data);
    this.emit('readable');
  }
  read = (): string | null => this.reads.shift() ?? null;
  setEncoding(): void {}
  setRawMode(): void {}
  ref(): void {}
  unref(): void {}
  resume(): void {}
  pause(): void {}
}

export interface PacedApp {
  lastFrame(): string | undefined;
  /** How many frames Ink has written. */
  frames(): number;
  readonly stdin: { write(data: string): void };
  unmount(): void;
}

export function renderPaced(tree: ReactElement): PacedApp {
  const stdout = new FakeStdout();
  const stdin = new FakeStdin();
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: pacedStdin(stdin) as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { lastFrame: () => stdout.last, frames: () => stdout.count, stdin, unmount: () => instance.unmount() };
}
