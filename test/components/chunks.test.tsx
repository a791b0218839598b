// Keys that reach the app in one read (typed ahead over a slow link, a paste), through the pacer
// into the key router and the text input on ink-text-input: each key handled in order, as if typed
// one by one; a paste is one line of text or refused; an escape sequence cut by the end of a read
// is read whole with the next one (issue 21).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../../src/components/text-input.js';
import { KeyRouter, PRIORITY, useKeys } from '../../src/keys/key-router.js';
import { waitFor } from '../helpers/emulator.js';
import { renderPaced, type PacedApp } from '../helpers/paced-render.js';

function Harness({ initial = 'ab' }: { readonly initial?: string }) {
  const [value, setValue] = useState(initial);
  const [done, setDone] = useState('');
  const [moves, setMoves] = useState('');
  const [refused, setRefused] = useState('');
  useKeys(PRIORITY.screen, [
    { command: 'down', run: () => setMoves((m) => `${m}↓`) },
    { command: 'edit', run: () => setDone('') }, // Enter on the "form" opens the input again
  ]);
  const show = (v: string) => (v.length > 40 ? `${v.length} chars` : v);
  return (
    <Box flexDirection="column">
      <Text>value:[{show(value)}]</Text>
      <Text>done:{done}</Text>
      <Text>moves:{moves}</Text>
      <Text>refused:{refused}</Text>
      {done === '' ? (
        <TextInput
          value={value}
          onChange={setValue}
          onSubmit={(v) => setDone(`kept [${show(v)}]`)}
          onCancel={() => setDone('dropped')}
          onRefused={setRefused}
          width={60}
        />
      ) : null}
    </Box>
  );
}

let app: PacedApp | undefined;
afterEach(() => app?.unmount());

/** The harness, its first frame drawn and its input listening (keys written earlier are lost). */
async function start(initial?: string, onStatus?: (reason: string) => void): Promise<PacedApp> {
  app = renderPaced(
    <KeyRouter onRefused={onStatus}>
      <Harness initial={initial} />
    </KeyRouter>,
  );
  await waitFor(() => app!.lastFrame()?.includes('value:'));
  await new Promise((r) => setImmediate(r));
  return app;
}

const frame = () => app!.lastFrame() ?? '';
const line = (name: string) =>
  frame()
    .split('\n')
    .find((l) => l.startsWith(`${name}:`)) ?? '';
const settle = (ms = 60) => new Promise((r) => setTimeout(r, ms));

describe('keys read together are handled in order, as if typed one by one', () => {
  it('"XYZ\\r" in one read types XYZ, then Enter keeps exactly that (no space)', async () => {
    const { stdin } = await start();
    stdin.write('XYZ\r');
    await waitFor(() => line('done') === 'done:kept [abXYZ]');
    expect(line('value')).toBe('value:[abXYZ]');
  });

  it('"XYZ\\rjj": kept, then the keys after Enter go to the screen (two moves down)', async () => {
    const { stdin } = await start();
    stdin.write('XYZ\rjj');
    await waitFor(() => line('moves') === 'moves:↓↓');
    expect(line('done')).toBe('done:kept [abXYZ]');
    expect(line('value')).toBe('value:[abXYZ]');
  });

  it('"\\r/new\\r" after the input closed: Enter opens it again, then the text is typed and kept', async () => {
    const { stdin } = await start('');
    stdin.write('\r');
    await waitFor(() => line('done') === 'done:kept []');
    stdin.write('\r/new\r');
    await waitFor(() => line('done') === 'done:kept [/new]');
  });

  it('LF ends the input as CR does; CR LF is one Enter', async () => {
    const { stdin } = await start();
    stdin.write('c\n');
    await waitFor(() => line('done') === 'done:kept [abc]');
    stdin.write('\r');
    await waitFor(() => line('done') === 'done:');
    stdin.write('d\r\nj');
    await waitFor(() => line('moves') === 'moves:↓');
    expect(line('done')).toBe('done:kept [abcd]'); // the LF did not open the input again
  });

  it('⌫ and ← read with the text before them edit the newest text ("cd⌫" is "c", "e←f" puts f before e)', async () => {
    const { stdin } = await start();
    stdin.write('cd\u007f');
    await waitFor(() => line('value') === 'value:[abc]');
    stdin.write('e\u001b[Df');
    await waitFor(() => line('value') === 'value:[abcfe]');
  });

  it('Ctrl-u read with the text typed after it: cleared, then that text, the cursor at its end', async () => {
    const { stdin } = await start('hello');
    stdin.write('\u0015world');
    await waitFor(() => line('value') === 'value:[world]');
    stdin.write('!');
    await waitFor(() => line('value') === 'value:[world!]');
  });

  it('Tab does nothing in a one-line input, typed ahead or not', async () => {
    const { stdin } = await start();
    stdin.write('c\td\r');
    await waitFor(() => line('done') === 'done:kept [abcd]');
  });

  it('Esc read with the text before it drops the input', async () => {
    const { stdin } = await start();
    stdin.write('zz\u001b');
    await waitFor(() => line('done') === 'done:dropped');
  });
});

describe('an escape sequence cut by the end of a read', () => {
  it('"x ESC[" then, later than Ink waits (20 ms), "D y": ← then y — no stray "[" or "D"', async () => {
    const { stdin } = await start();
    stdin.write('x\u001b[');
    await waitFor(() => line('value') === 'value:[abx]');
    await settle(100);
    stdin.write('Dy');
    await waitFor(() => line('value') === 'value:[abyx]');
  });

  it('cut after the ESC: the rest read at once after is the arrow (Ink joins it), not Esc and text', async () => {
    const { stdin } = await start();
    stdin.write('x\u001b');
    stdin.write('[Dy');
    await waitFor(() => line('value') === 'value:[abyx]');
    expect(line('done')).toBe('done:');
  });

  it('a cut start that never ends is dropped after a while, never typed', async () => {
    const { stdin } = await start();
    stdin.write('x\u001b[1;');
    await settle(700);
    stdin.write('y');
    await waitFor(() => line('value') === 'value:[abxy]');
  });
});

describe('a paste into a text input', () => {
  const paste = (text: string) => `\u001b[200~${text}\u001b[201~`;

  it('one line goes in at the cursor, as typed; Enter read after it keeps', async () => {
    const { stdin } = await start('ab');
    stdin.write('\u001b[D'); // the cursor between a and b
    await settle();
    stdin.write(`${paste('/XY')}\r`);
    await waitFor(() => line('done') === 'done:kept [a/XYb]');
  });

  it('a line break at its end (a copied line) is left out, and it is not Enter', async () => {
    const { stdin } = await start('');
    stdin.write(paste('/images/*\r\n'));
    await waitFor(() => line('value') === 'value:[/images/*]');
    await settle();
    expect(line('done')).toBe('done:');
  });

  it('text that names a key ("enter", "ctrl-s") is text', async () => {
    const { stdin } = await start('');
    stdin.write(paste('enter ctrl-s'));
    await waitFor(() => line('value') === 'value:[enter ctrl-s]');
    expect(line('done')).toBe('done:');
  });

  it.each([
    ['two lines', 'p\rq', 'not pasted: 2 lines (3 characters); this field takes one line'],
    ['LF lines', 'a\nb\nc\n', 'not pasted: 3 lines (5 characters); this field takes one line'],
    ['a tab', 'a\tb', 'not pasted: it holds a tab; this field takes one line of text'],
    ['an escape sequence', 'a\u001b[31mb', 'not pasted: it holds control characters (an escape sequence?); this field takes text only'],
  ])('with %s: refused whole, nothing typed, nothing kept, the reason told', async (_, text, reason) => {
    const { stdin } = await start();
    stdin.write(paste(text));
    await waitFor(() => line('refused') === `refused:${reason}`);
    await settle();
    expect(line('value')).toBe('value:[ab]');
    expect(line('done')).toBe('done:');
    expect(line('moves')).toBe('moves:');
  });

  it('2,000 characters with line breaks, not marked by the terminal: a paste all the same, refused whole', async () => {
    const { stdin } = await start();
    const text = Array.from({ length: 40 }, (_, i) => `/line-${String(i).padStart(2, '0')}-${'j'.repeat(41)}`).join('\r');
    expect(text).toHaveLength(2039);
    stdin.write(text);
    await waitFor(() => line('refused').startsWith('refused:not pasted: 40 lines'));
    await settle();
    expect(line('value')).toBe('value:[ab]');
    expect(line('done')).toBe('done:');
    expect(line('moves')).toBe('moves:'); // no j ran as a key
  });

  it('outside a text input a paste is refused in the status line, never keys', async () => {
    const said: string[] = [];
    const { stdin } = await start('', (r) => said.push(r));
    stdin.write('\r');
    await waitFor(() => line('done') === 'done:kept []');
    stdin.write(paste('jj\r'));
    await waitFor(() => said.length > 0);
    expect(said).toEqual(['pasted text goes into a text input only (Enter on a field, / to filter)']);
    await settle();
    expect(line('moves')).toBe('moves:');
    expect(line('done')).toBe('done:kept []');
  });

  it('the end of a paste in a later read: one paste, taken when it ends', async () => {
    const { stdin } = await start('');
    stdin.write('\u001b[200~/first-half');
    await settle();
    expect(line('value')).toBe('value:[]');
    stdin.write('/second-half\u001b[201~\r');
    await waitFor(() => line('done') === 'done:kept [/first-half/second-half]');
  });
});
