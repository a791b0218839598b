// Questions on a terminal in raw mode: a line with echo (the user name) or without any echo (the
// password: nothing is drawn, not even `*`). Backspace and Ctrl-U edit, Enter ends, Ctrl-C aborts.
import type { ReadStream } from 'node:tty';
import { CliError, EXIT } from './errors.js';

export interface Prompter {
  /** Writes the question and resolves with the line typed; rejects with CliError(130) on Ctrl-C. */
  ask(question: string, options: { readonly echo: boolean }): Promise<string>;
  /** Leaves raw mode and stops reading. */
  close(): void;
}

interface Pending {
  buffer: string;
  readonly echo: boolean;
  readonly resolve: (line: string) => void;
  readonly reject: (error: Error) => void;
}

export function cancelled(): CliError {
  return new CliError('cancelled', EXIT.interrupted);
}

/** Reads from a terminal (stdin) in raw mode; typeahead is kept for the next question. */
export function ttyPrompter(input: ReadStream, output: NodeJS.WritableStream): Prompter {
  let queue = '';
  let current: Pending | undefined;
  let closed = false;

  const finish = (action: (p: Pending) => void): void => {
    const p = current!;
    current = undefined;
    action(p);
  };

  const pump = (): void => {
    while (current && queue.length > 0) {
      const ch = queue[0]!;
      if (ch === '\x1b') {
        queue = queue.slice(escapeLength(queue)); // arrows, function keys: ignored
      } else if (ch === '\x03') {
        queue = '';
        output.write('\n');
        finish((p) => p.reject(cancelled()));
      } else if (ch === '\r' || ch === '\n') {
        queue = queue.slice(ch === '\r' && queue[1] === '\n' ? 2 : 1);
        output.write('\n');
        finish((p) => p.resolve(p.buffer));
      } else if (ch === '\x04') {
        queue = queue.slice(1);
        output.write('\n');
        if (current.buffer === '') finish((p) => p.reject(cancelled()));
        else finish((p) => p.resolve(p.buffer));
      } else if (ch === '\x7f' || ch === '\b') {
        queue = queue.slice(1);
        if (current.buffer !== '') {
          const chars = [...current.buffer];
          chars.pop();
          current.buffer = chars.join('');
          if (current.echo) output.write('\b \b');
        }
      } else if (ch === '\x15') {
        queue = queue.slice(1);
        if (current.echo) output.write('\b \b'.repeat([...current.buffer].length));
        current.buffer = '';
      } else {
        const cp = String.fromCodePoint(queue.codePointAt(0)!);
        queue = queue.slice(cp.length);
        if (cp < ' ') continue; // other control keys do nothing
        current.buffer += cp;
        if (current.echo) output.write(cp);
      }
    }
  };

  const onData = (chunk: string | Buffer): void => {
    queue += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    pump();
  };
  const onEnd = (): void => {
    if (current) finish((p) => p.reject(new CliError('the terminal closed before the answer was complete')));
  };

  input.setRawMode(true);
  input.setEncoding('utf8');
  input.on('data', onData);
  input.on('end', onEnd);
  input.resume();

  return {
    ask(question, { echo }) {
      if (closed) return Promise.reject(new Error('prompter closed'));
      output.write(question);
      return new Promise<string>((resolve, reject) => {
        current = { buffer: '', echo, resolve, reject };
        pump();
      });
    },
    close() {
      if (closed) return;
      closed = true;
      input.off('data', onData);
      input.off('end', onEnd);
      input.setRawMode(false);
      input.pause();
    },
  };
}

/** How many characters an escape sequence at the start of `s` takes (CSI/SS3 up to the final byte). */
function escapeLength(s: string): number {
  if (s[1] === '[' || s[1] === 'O') {
    for (let i = 2; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x40 && c <= 0x7e) return i + 1;
    }
    return s.length;
  }
  return s.length > 1 ? 2 : 1;
}

/** All of stdin (a pipe), without the one line ending that `echo`/`printf '%s\n'` adds. */
export async function readAllStdin(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
