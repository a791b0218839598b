// Widgets in ink-testing-library: the windowed table (cells, not characters), the text input on
// ink-text-input, and the choice list on ink-select-input, each through the one key router.
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ChoiceList, SelectWindow } from '../../src/components/select-list.js';
import { TextInput } from '../../src/components/text-input.js';
import { WindowedTable } from '../../src/components/windowed-table.js';
import { KeyRouter, PRIORITY, useKeys } from '../../src/keys/key-router.js';
import { cellWidth } from '../../src/ui/text.js';
import { waitFor } from '../helpers/emulator.js';

const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `site-${i + 1}` }));
const columns = [
  { title: 'id', align: 'right' as const, cell: (r: { id: number }) => String(r.id) },
  { title: 'name', cell: (r: { name: string }) => r.name },
  { title: 'after', cell: () => 'END' },
];

/** Waits for the first frame and the subscriptions of its effects (keys written earlier are lost). */
async function mounted(frame: () => string | undefined, text: string): Promise<void> {
  await waitFor(() => frame()?.includes(text));
  await new Promise((r) => setImmediate(r));
}

describe('windowed table', () => {
  it('mounts only the rows of its window (10,000 rows, 10 shown)', () => {
    const { lastFrame } = render(
      <WindowedTable rows={rows} columns={columns} cursor={5000} top={4995} height={10} width={40} rowKey={(r) => String(r.id)} />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toContain('site-4996');
    expect(lines[10]).toContain('site-5005');
    expect(lastFrame()).not.toContain('site-1 ');
  });

  it('keeps later columns aligned in cells when a name holds CJK, emoji sequences or combining marks, and never splits a grapheme', () => {
    const names = ['plain', '東京のサイト名前', '👩‍💻👨‍👩‍👧 team', 'cafe\u0301 crème', '🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷'];
    const data = names.map((name, i) => ({ id: i + 1, name }));
    // 20 cells: the names' column is cut to 9 (the other two are whole).
    const { lastFrame } = render(
      <WindowedTable rows={data} columns={columns} cursor={0} top={0} height={5} width={20} rowKey={(r) => String(r.id)} />,
    );
    const lines = lastFrame()!.split('\n').slice(1);
    const ends = lines.map((l) => cellWidth(l.slice(0, l.indexOf('END'))));
    expect(new Set(ends).size).toBe(1); // END starts in the same cell on every row
    expect(lines[1]).toContain('東京のサ…'); // cut on a grapheme, marked with …
    const halves = [...lines[4]!].filter((c) => /[\u{1F1E6}-\u{1F1FF}]/u.test(c)).length;
    expect(halves % 2).toBe(0); // flags are cut whole, never half a flag
  });

  it('keeps what Ink holds small while the window scrolls through 1,000 rows (Ink lays out a blank text, the rows are drawn over it)', () => {
    // Ink remembers the size of every text it lays out (up to 8,192 texts): a text of the whole
    // window would be a new ~3,800 characters at every key here (~4 MB over these 1,000), ~37 MB in
    // the app after 5,000 keys.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const wide = Array.from({ length: 1_500 }, (_, i) => ({ id: i + 1, name: `site-${String(i + 1).padStart(5, '0')}-${'x'.repeat(70)}` }));
    const table = (at: number) => (
      <WindowedTable rows={wide} columns={columns} cursor={at + 37} top={at} height={38} width={100} rowKey={(r) => String(r.id)} />
    );
    const { rerender, lastFrame, frames, unmount } = render(table(0));
    const heapAfter = (from: number, to: number) => {
      for (let at = from; at <= to; at++) rerender(table(at));
      frames.length = 0; // the test's stdout keeps every frame written
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heapAfter(1, 100); // what the first frames make once (code, Ink's own)
    const grown = heapAfter(101, 1_100) - before;
    expect(lastFrame()).toContain('site-01138');
    unmount();
    expect(grown).toBeLessThan(1.5 * 1024 * 1024);
    // A test of memory, not of time: 1,100 renders take 20-40 s on a two-core machine.
  }, 120_000);

  it("reads its rows out to a screen reader (Ink's screen reader mode draws text, not what a Transform makes of it)", () => {
    const before = process.env.INK_SCREEN_READER;
    process.env.INK_SCREEN_READER = 'true';
    try {
      const { lastFrame, unmount } = render(
        <WindowedTable rows={rows} columns={columns} cursor={5000} top={4995} height={10} width={40} rowKey={(r) => String(r.id)} />,
      );
      expect(lastFrame()).toContain('site-4996');
      expect(lastFrame()).toContain('site-5001'); // the focused row
      expect(lastFrame()).toContain('site-5005');
      unmount();
    } finally {
      if (before === undefined) delete process.env.INK_SCREEN_READER;
      else process.env.INK_SCREEN_READER = before;
    }
  });
});

function InputHarness({ initial = 'ab' }: { readonly initial?: string }) {
  const [value, setValue] = useState(initial);
  const [done, setDone] = useState('');
  const [layer, setLayer] = useState('');
  useKeys(PRIORITY.screen, [{ command: 'quit', run: () => setLayer('screen got q') }]);
  return (
    <Box flexDirection="column">
      <Text>value:{value.length > 40 ? `${value.length} chars` : value}</Text>
      <Text>done:{done}</Text>
      <Text>layer:{layer}</Text>
      {done === '' ? (
        <TextInput
          value={value}
          onChange={setValue}
          onSubmit={(v) => setDone(`kept ${v.length > 40 ? `${v.length} chars` : v}`)}
          onCancel={() => setDone('dropped')}
          width={30}
        />
      ) : null}
    </Box>
  );
}

describe('text input on ink-text-input', () => {
  it('takes every printable key (q included) until Enter; the screen gets keys again after', async () => {
    const app = render(
      <KeyRouter>
        <InputHarness />
      </KeyRouter>,
    );
    await mounted(app.lastFrame, 'value:ab');
    for (const k of ['c', 'q', ' ', 'x']) {
      app.stdin.write(k);
      await new Promise((r) => setImmediate(r));
    }
    await waitFor(() => app.lastFrame()?.includes('value:abcq x'));
    expect(app.lastFrame()).toContain('layer:\n');
    app.stdin.write('\u007f');
    await waitFor(() => app.lastFrame()?.includes('value:abcq\n'));
    app.stdin.write('\r');
    await waitFor(() => app.lastFrame()?.includes('done:kept abcq'));
    app.stdin.write('q');
    await waitFor(() => app.lastFrame()?.includes('layer:screen got q'));
    app.unmount();
  });

  it('Ctrl-u clears the text (no "u" typed), Esc drops it', async () => {
    const app = render(
      <KeyRouter>
        <InputHarness initial="hello" />
      </KeyRouter>,
    );
    await mounted(app.lastFrame, 'value:hello');
    app.stdin.write('\u0015');
    await waitFor(() => app.lastFrame()?.includes('value:\n'));
    app.stdin.write('z');
    await waitFor(() => app.lastFrame()?.includes('value:z\n'));
    app.stdin.write('\u001b');
    await waitFor(() => app.lastFrame()?.includes('done:dropped'));
    app.unmount();
  });

  it('takes a pasted 10,000-character value whole, in one change', async () => {
    const app = render(
      <KeyRouter>
        <InputHarness initial="" />
      </KeyRouter>,
    );
    await mounted(app.lastFrame, 'value:');
    app.stdin.write('x'.repeat(10_000));
    await waitFor(() => app.lastFrame()?.includes('value:10000 chars'));
    app.stdin.write('\r');
    await waitFor(() => app.lastFrame()?.includes('done:kept 10000 chars'));
    app.unmount();
  });
});

function ChoiceHarness() {
  const [chosen, setChosen] = useState('');
  return (
    <Box flexDirection="column">
      <Text>chosen:{chosen}</Text>
      {chosen === '' ? (
        <ChoiceList
          choices={['honor', 'override', 'bypass'].map((c) => ({ key: c, label: c, value: c, help: `means ${c}` }))}
          initial={1}
          width={40}
          onChoose={(c) => setChosen(String(c.value))}
          onCancel={() => setChosen('(cancelled)')}
        />
      ) : null}
    </Box>
  );
}

describe('choice list on ink-select-input', () => {
  it('starts on the current value, moves with ↓ and j, Enter chooses', async () => {
    const app = render(
      <KeyRouter>
        <ChoiceHarness />
      </KeyRouter>,
    );
    await mounted(app.lastFrame, 'means override');
    app.stdin.write('j');
    await new Promise((r) => setImmediate(r));
    app.stdin.write('\r');
    await waitFor(() => app.lastFrame()?.includes('chosen:bypass'));
    app.unmount();
  });

  it('Esc cancels', async () => {
    const app = render(
      <KeyRouter>
        <ChoiceHarness />
      </KeyRouter>,
    );
    await mounted(app.lastFrame, 'means override');
    app.stdin.write('\u001b');
    await waitFor(() => app.lastFrame()?.includes('chosen:(cancelled)'));
    app.unmount();
  });
});

describe('select window (the palette)', () => {
  const choices = [
    { key: 'a', label: 'configuration acme developer docs (1528252707)', help: 'w4cvkh3yah.map.edge.example', value: 1 },
    { key: 'b', label: 'origin acme-docs.pages.test', help: 'acme developer docs (1528252707)', value: 2 },
  ];

  it('shows a label whole while it takes at most two thirds of the width: the help is cut first, its id kept', () => {
    const { lastFrame } = render(<SelectWindow choices={choices} focused={0} width={76} />);
    const [first, second] = lastFrame()!.split('\n');
    expect(first).toBe('configuration acme developer docs (1528252707) w4cvkh3yah.map.edge.example');
    expect(second).toBe(`${'origin acme-docs.pages.test'.padEnd(46)} acme developer… (1528252707)`);
  });

  it('a label cut all the same keeps its id', () => {
    const { lastFrame } = render(<SelectWindow choices={choices} focused={0} width={40} />);
    expect(lastFrame()!.split('\n')[0]).toBe('configuration… (1528252707) w4cvkh3yah.…');
  });
});
