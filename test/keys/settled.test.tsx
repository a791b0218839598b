// useSettled (src/keys/settled.ts): text typed in one read is kept key by key, but what is worked
// out from it (the palette's query) is worked out once, for the burst's last key — also when that
// key changes nothing; keys typed one at a time are each worked out, as before.
import { Text, useInput } from 'ink';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettled } from '../../src/keys/settled.js';
import { waitFor } from '../helpers/emulator.js';
import { renderPaced, type PacedApp } from '../helpers/paced-render.js';

/** Letters typed into `text`; ↑ changes nothing. `worked` notes each settled value worked out. */
function Typed({ worked }: { readonly worked: string[] }) {
  const [text, setText] = useState('');
  useInput((input, key) => {
    if (!key.upArrow) setText((t) => t + input);
  });
  const settled = useSettled(text);
  useMemo(() => worked.push(settled), [settled, worked]);
  return <Text>{`typed:${text} settled:${settled}`}</Text>;
}

let app: PacedApp | undefined;
afterEach(() => app?.unmount());

async function start(worked: string[]): Promise<PacedApp> {
  app = renderPaced(<Typed worked={worked} />);
  await waitFor(() => app!.lastFrame()?.includes('typed:'));
  await new Promise((r) => setImmediate(r));
  return app;
}

describe('useSettled', () => {
  it('works a burst out once, for its last key; every key kept', async () => {
    const worked: string[] = [];
    const { stdin } = await start(worked);
    stdin.write('gzip:false');
    await waitFor(() => app!.lastFrame()?.includes('typed:gzip:false settled:gzip:false'));
    expect(worked).toEqual(['', 'gzip:false']);
  });

  it('settles when the last key of the burst changes nothing', async () => {
    const worked: string[] = [];
    const { stdin } = await start(worked);
    stdin.write('abc\u001b[A');
    await waitFor(() => app!.lastFrame()?.includes('typed:abc settled:abc'));
    expect(worked).toEqual(['', 'abc']);
  });

  it('works out each key typed on its own', async () => {
    const worked: string[] = [];
    const { stdin } = await start(worked);
    for (const [i, key] of [...'ab'].entries()) {
      stdin.write(key);
      await waitFor(() => app!.lastFrame()?.includes(`settled:${'ab'.slice(0, i + 1)}`));
    }
    expect(worked).toEqual(['', 'a', 'ab']);
  });
});
