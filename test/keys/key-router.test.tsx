// The one key router: priorities (modal > input > screen > global), handlers that say whether they
// handled a key, disabled commands that say why, exclusive layers, and text keys left to an input.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../src/components/text-input.js';
import { KeyRouter, PRIORITY, useActiveBindings, useKeys, type Binding } from '../../src/keys/key-router.js';
import { waitFor } from '../helpers/emulator.js';

type Log = (entry: string) => void;

function Layer({
  name,
  priority,
  bindings,
  exclusive,
  log,
}: {
  name: string;
  priority: number;
  bindings: Array<[Binding['command'], boolean | 'disabled']>;
  exclusive?: boolean;
  log: Log;
}) {
  useKeys(
    priority,
    bindings.map(([command, handles]) => ({
      command,
      ...(handles === 'disabled' ? { disabled: `${command} is off in ${name}` } : {}),
      run: () => {
        log(`${name}:${command}`);
        return handles !== false;
      },
    })),
    { exclusive: exclusive ?? false },
  );
  return null;
}

function Footer() {
  return (
    <Text>
      footer:
      {useActiveBindings()
        .map((b) => b.command)
        .join(',')}
    </Text>
  );
}

function Harness({ children }: { children: (log: Log) => React.ReactNode }) {
  const [entries, setEntries] = useState<string[]>([]);
  const log: Log = (e) => setEntries((xs) => [...xs, e]);
  return (
    <KeyRouter onRefused={(why) => log(`said:${why}`)}>
      {children(log)}
      <Footer />
      <Text>log:{entries.join(' ')}</Text>
    </KeyRouter>
  );
}

async function press(app: ReturnType<typeof render>, ...keys: string[]) {
  for (const k of keys) {
    app.stdin.write(k);
    await new Promise((r) => setImmediate(r));
  }
}

async function mount(children: (log: Log) => React.ReactNode) {
  const app = render(<Harness>{children}</Harness>);
  await waitFor(() => app.lastFrame()?.includes('log:'));
  await new Promise((r) => setImmediate(r));
  return app;
}

describe('key router', () => {
  it('gives a key to the highest layer that binds it: modal, then input, then screen, then global', async () => {
    const app = await mount((log) => (
      <>
        <Layer
          name="global"
          priority={PRIORITY.global}
          bindings={[
            ['reload', true],
            ['help', true],
          ]}
          log={log}
        />
        <Layer name="screen" priority={PRIORITY.screen} bindings={[['reload', true]]} log={log} />
        <Layer name="modal" priority={PRIORITY.modal} bindings={[['remove', true]]} log={log} />
      </>
    ));
    await press(app, 'r', '?', 'd');
    await waitFor(() => app.lastFrame()?.includes('log:screen:reload global:help modal:remove'));
    app.unmount();
  });

  it('passes a key on when the handler says it did not apply', async () => {
    const app = await mount((log) => (
      <>
        <Layer name="global" priority={PRIORITY.global} bindings={[['reload', true]]} log={log} />
        <Layer name="screen" priority={PRIORITY.screen} bindings={[['reload', false]]} log={log} />
      </>
    ));
    await press(app, 'r');
    await waitFor(() => app.lastFrame()?.includes('log:screen:reload global:reload'));
    app.unmount();
  });

  it('says why a disabled command does nothing, and runs nothing', async () => {
    const app = await mount((log) => <Layer name="screen" priority={PRIORITY.screen} bindings={[['create', 'disabled']]} log={log} />);
    await press(app, 'n');
    await waitFor(() => app.lastFrame()?.includes('log:said:create is off in screen'));
    expect(app.lastFrame()).not.toContain('screen:create');
    app.unmount();
  });

  it('stops at an exclusive layer: keys it does not bind reach nothing below', async () => {
    const app = await mount((log) => (
      <>
        <Layer
          name="screen"
          priority={PRIORITY.screen}
          bindings={[
            ['reload', true],
            ['create', true],
          ]}
          log={log}
        />
        <Layer name="modal" priority={PRIORITY.modal} bindings={[['create', true]]} exclusive log={log} />
      </>
    ));
    await press(app, 'r', 'n');
    await waitFor(() => app.lastFrame()?.includes('log:modal:create'));
    expect(app.lastFrame()).not.toContain('screen:');
    // the footer lists what keys reach: the modal's, nothing under it
    expect(app.lastFrame()).toContain('footer:create\n');
    app.unmount();
  });

  it('leaves text keys to a focused input even when a layer above binds them (j, q, d are text)', async () => {
    function WithInput({ log }: { log: Log }) {
      const [value, setValue] = useState('');
      return (
        <>
          <Text>value:{value}</Text>
          <Layer name="modal" priority={PRIORITY.modal} bindings={[['down', true]]} log={log} />
          <Layer name="global" priority={PRIORITY.global} bindings={[['quit', true]]} log={log} />
          <TextInput value={value} onChange={setValue} onSubmit={() => log('kept')} onCancel={() => log('dropped')} width={20} />
        </>
      );
    }
    const app = await mount((log) => <WithInput log={log} />);
    await press(app, 'j', 'q', 'd');
    await waitFor(() => app.lastFrame()?.includes('value:jqd'));
    await press(app, '\u001b[B'); // ↓ is not text: the modal above the input moves
    await waitFor(() => app.lastFrame()?.includes('log:modal:down'));
    await press(app, '\r');
    await waitFor(() => app.lastFrame()?.includes('kept'));
    expect(app.lastFrame()).not.toContain('global:quit');
    app.unmount();
  });

  it('hands keys that arrive in one chunk one at a time ("jjj" moves three times)', async () => {
    const app = await mount((log) => <Layer name="screen" priority={PRIORITY.screen} bindings={[['down', true]]} log={log} />);
    app.stdin.write('jjj');
    await waitFor(() => app.lastFrame()?.includes('log:screen:down screen:down screen:down'));
    app.unmount();
  });

  it('refuses a paste outside a text input: pasting "yes" is not y (it does not send)', async () => {
    const app = await mount((log) => (
      <Layer
        name="screen"
        priority={PRIORITY.screen}
        bindings={[
          ['apply', true],
          ['remove', true],
        ]}
        log={log}
      />
    ));
    app.stdin.write('\u001b[200~yes, delete\u001b[201~');
    await waitFor(() => app.lastFrame()?.includes('said:pasted text goes into a text input only'));
    expect(app.lastFrame()).not.toContain('screen:');
    app.unmount();
  });

  it('hands text that came in one chunk with the key that opened an input to that input ("/acme")', async () => {
    function Filter({ log }: { log: Log }) {
      const [open, setOpen] = useState(false);
      const [value, setValue] = useState('');
      useKeys(PRIORITY.screen, [{ command: 'filter', run: () => setOpen(true) }], { active: !open });
      return (
        <>
          <Text>filter:{value}</Text>
          {open ? (
            <TextInput value={value} onChange={setValue} onSubmit={() => log('kept')} onCancel={() => setOpen(false)} width={20} />
          ) : null}
        </>
      );
    }
    const app = await mount((log) => <Filter log={log} />);
    app.stdin.write('/acme');
    await waitFor(() => app.lastFrame()?.includes('filter:acme'));
    // The input was mounted afresh (its cursor after the text): let it subscribe before typing on.
    await new Promise((r) => setImmediate(r));
    app.stdin.write('x');
    await waitFor(() => app.lastFrame()?.includes('filter:acmex'));
    app.unmount();
  });
});
