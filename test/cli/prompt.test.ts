// The login prompts in raw mode: echo for the user name, nothing at all for the password,
// Backspace / Ctrl-U editing, arrows ignored, typeahead kept, Ctrl-C cancels with exit code 130.
import { PassThrough } from 'node:stream';
import type { ReadStream } from 'node:tty';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.js';
import { readAllStdin, ttyPrompter } from '../../src/cli/prompt.js';

class FakeTty extends PassThrough {
  isRaw = false;
  rawChanges: boolean[] = [];
  setRawMode(raw: boolean): this {
    this.isRaw = raw;
    this.rawChanges.push(raw);
    return this;
  }
}

function setup() {
  const input = new FakeTty();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d) => (shown += d));
  const prompter = ttyPrompter(input as unknown as ReadStream, output);
  return { input, prompter, shown: () => shown };
}

describe('ttyPrompter', () => {
  it('echoes the user name, shows nothing of the password, keeps typeahead', async () => {
    const { input, prompter, shown } = setup();
    expect(input.isRaw).toBe(true);
    input.write('alice\rhunter2\r');
    expect(await prompter.ask('User name: ', { echo: true })).toBe('alice');
    expect(await prompter.ask('Password: ', { echo: false })).toBe('hunter2');
    prompter.close();
    expect(input.isRaw).toBe(false);
    expect(shown()).toBe('User name: alice\nPassword: \n');
  });

  it('Backspace, Ctrl-U and arrows edit without showing the password', async () => {
    const { input, prompter, shown } = setup();
    const answer = prompter.ask('Password: ', { echo: false });
    input.write('wrong\x15pa');
    input.write('\x1b[D\x1b[A'); // arrows: ignored
    input.write('sx\x7fs\r');
    expect(await answer).toBe('pass');
    expect(shown()).toBe('Password: \n');
    const user = prompter.ask('User name: ', { echo: true });
    input.write('bobx\x7f\r\n');
    expect(await user).toBe('bob');
    expect(shown()).toContain('bobx\b \b\n');
    prompter.close();
  });

  it('keeps multi-byte characters whole when erasing', async () => {
    const { input, prompter } = setup();
    const answer = prompter.ask('Password: ', { echo: false });
    input.write('pä😀\x7f\r');
    expect(await answer).toBe('pä');
    prompter.close();
  });

  it('Ctrl-C cancels with exit code 130 and raw mode is left on close', async () => {
    const { input, prompter } = setup();
    const answer = prompter.ask('Password: ', { echo: false });
    input.write('abc\x03');
    const e = await answer.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(130);
    prompter.close();
    expect(input.rawChanges).toEqual([true, false]);
  });
});

describe('readAllStdin', () => {
  it('drops one trailing line ending only', async () => {
    const s = new PassThrough();
    s.end('pa ss \n\n');
    expect(await readAllStdin(s)).toBe('pa ss \n');
    const t = new PassThrough();
    t.end('secret\r\n');
    expect(await readAllStdin(t)).toBe('secret');
  });
});
