// Widgets in ink-testing-library: windowed table, text input, the dispatcher's priorities.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WindowedTable, windowStart } from '../../src/components/windowed-table.js';
import { TextInput } from '../../src/components/text-input.js';
import { KeyDispatcher, PRIORITY, useKeys } from '../../src/keys/dispatcher.js';
import { waitFor } from '../helpers/emulator.js';

const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `site-${i + 1}` }));

describe('windowed table', () => {
  it('mounts only the visible rows of 10,000 and keeps the cursor in view', () => {
    const { lastFrame } = render(
      <WindowedTable rows={rows} columns={[{ title: 'id', width: 6, cell: (r) => String(r.id) }, { title: 'name', cell: (r) => r.name }]} cursor={5000} height={10} width={40} rowKey={(r) => String(r.id)} />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.join('\n')).toContain('site-5001');
    expect(lines.join('\n')).not.toContain('site-1 ');
  });
  it('scrolls only as far as the end', () => {
    expect(windowStart(0, 10, 5)).toBe(0);
    expect(windowStart(9999, 10, 10_000)).toBe(9990);
    expect(windowStart(3, 10, 10_000)).toBe(0);
    // the window moves only when the cursor leaves it, by as little as it must
    expect(windowStart(12, 10, 10_000, 0)).toBe(3);
    expect(windowStart(7, 10, 10_000, 3)).toBe(3);
    expect(windowStart(2, 10, 10_000, 3)).toBe(2);
  });
});

function Harness() {
  const [value, setValue] = useState('');
  const [done, setDone] = useState('');
  const [layer, setLayer] = useState('');
  useKeys(PRIORITY.screen, [{ command: 'quit', run: () => setLayer('screen got q') }]);
  return (
    <>
      <Text>value:{value}</Text>
      <Text>done:{done}</Text>
      <Text>layer:{layer}</Text>
      {done === '' ? <TextInput initial="ab" onChange={setValue} onSubmit={(v) => setDone(`kept ${v}`)} onCancel={() => setDone('dropped')} /> : null}
    </>
  );
}

describe('text input through the dispatcher', () => {
  it('takes every printable key (q included) until Enter, then the screen gets keys again', async () => {
    const { lastFrame, stdin } = render(
      <KeyDispatcher>
        <Harness />
      </KeyDispatcher>,
    );
    await waitFor(() => lastFrame()?.includes('value:'));
    await new Promise((r) => setImmediate(r)); // input is subscribed after the first frame's effects
    for (const k of ['c', 'q', ' ', 'x']) stdin.write(k);
    await waitFor(() => lastFrame()?.includes('value:abcq x'));
    expect(lastFrame()).toContain('layer:\n');
    stdin.write('\u007f');
    await waitFor(() => lastFrame()?.includes('value:abcq\n'));
    stdin.write('\r');
    await waitFor(() => lastFrame()?.includes('done:kept abcq'));
    stdin.write('q');
    await waitFor(() => lastFrame()?.includes('layer:screen got q'));
  });
});
