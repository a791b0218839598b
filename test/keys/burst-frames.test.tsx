// Keys read together (issue 22, point 5): every key of a burst handled, in order, each after the
// render of the one before (its bindings in place), but Ink's frame built once for the burst.
// Changes no key made (answers, timers) are drawn at most every MAX_FRAME_WAIT_MS; a key's never held.
import { Box, Text, type DOMElement } from 'ink';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferFramesWhileKeysWait, InkHookMissing, inkRoot, MAX_FRAME_WAIT_MS, useFramesPerBurst } from '../../src/keys/burst-frames.js';
import { KeyRouter, PRIORITY, useKeys } from '../../src/keys/key-router.js';
import { waitFor } from '../helpers/emulator.js';
import { renderPaced, type PacedApp } from '../helpers/paced-render.js';

/** j/k note a move; Enter switches to a second mode whose j notes `b`: a binding a key's render brings. */
function Moves() {
  const [moves, setMoves] = useState('');
  const [second, setSecond] = useState(false);
  const note = (m: string) => () => setMoves((all) => all + m);
  useKeys(
    PRIORITY.screen,
    second
      ? [{ command: 'down', run: note('b') }]
      : [
          { command: 'down', run: note('↓') },
          { command: 'up', run: note('↑') },
          { command: 'edit', run: () => setSecond(true) },
        ],
  );
  return <Text>moves:{moves}</Text>;
}

function Gated({ children }: { readonly children: ReactNode }) {
  const root = useRef<DOMElement>(null);
  useFramesPerBurst(root);
  return <Box ref={root}>{children}</Box>;
}

let app: PacedApp | undefined;
afterEach(() => app?.unmount());

async function start(): Promise<PacedApp> {
  app = renderPaced(
    <KeyRouter>
      <Gated>
        <Moves />
      </Gated>
    </KeyRouter>,
  );
  await waitFor(() => app!.lastFrame()?.includes('moves:'));
  await new Promise((r) => setImmediate(r));
  return app;
}

const shown = () => /moves:(\S*)/.exec(app!.lastFrame() ?? '')?.[1];

describe('a burst of keys in one read', () => {
  it('handles all ten in order, and writes fewer frames than keys', async () => {
    const { stdin } = await start();
    const before = app!.frames();
    stdin.write('jjjjjkkjjj');
    await waitFor(() => shown() === '↓↓↓↓↓↑↑↓↓↓');
    // One frame for the burst; a busy machine may add one per MAX_FRAME_WAIT_MS of the burst.
    expect(app!.frames() - before).toBeLessThan(10);
  });

  it('a key still sees the bindings the key before it brought (Enter, then j of the second mode)', async () => {
    const { stdin } = await start();
    stdin.write('jj\rjj');
    await waitFor(() => shown() === '↓↓bb');
  });

  it('draws the keys before a last key that changes nothing', async () => {
    const { stdin } = await start();
    stdin.write('jjx');
    await waitFor(() => shown() === '↓↓');
  });

  it('a key read alone is drawn at once, as before', async () => {
    const { stdin } = await start();
    const before = app!.frames();
    stdin.write('j');
    await waitFor(() => shown() === '↓');
    expect(app!.frames() - before).toBe(1);
  });
});

describe('deferFramesWhileKeysWait', () => {
  afterEach(() => void vi.useRealTimers());

  const setup = (keysWaiting = true) => {
    let waiting = keysWaiting;
    let drained = () => undefined as void;
    let clock = 0;
    let lastKey: number | undefined;
    const drawn: number[] = [];
    const root: { onRender?: () => void } = { onRender: () => void drawn.push(clock) };
    const stop = deferFramesWhileKeysWait(
      root,
      { waiting: () => waiting, onDrained: (l) => ((drained = l), () => (drained = () => undefined)), lastKeyAt: () => lastKey },
      MAX_FRAME_WAIT_MS,
      () => clock,
    );
    return {
      root,
      drawn,
      stop,
      at: (t: number) => (clock = t),
      keysDone: () => ((waiting = false), drained()),
      key: () => (lastKey = clock),
    };
  };

  it('holds frames while keys wait, and draws once when they are all read', () => {
    const s = setup();
    s.root.onRender?.();
    s.at(5);
    s.root.onRender?.();
    expect(s.drawn).toEqual([]);
    s.keysDone();
    expect(s.drawn).toEqual([5]);
    s.keysDone(); // nothing held: nothing drawn again
    expect(s.drawn).toEqual([5]);
  });

  it('draws at least every MAX_FRAME_WAIT_MS during a long run of keys', () => {
    const s = setup();
    s.root.onRender?.();
    s.at(MAX_FRAME_WAIT_MS - 1);
    s.root.onRender?.();
    expect(s.drawn).toEqual([]);
    s.at(MAX_FRAME_WAIT_MS);
    s.root.onRender?.();
    expect(s.drawn).toEqual([MAX_FRAME_WAIT_MS]);
  });

  it('gives Ink its own drawing back when stopped', () => {
    const s = setup();
    s.stop();
    s.root.onRender?.();
    expect(s.drawn).toEqual([0]);
  });

  it('draws changes no key made at most every MAX_FRAME_WAIT_MS, the newest state after the wait', () => {
    vi.useFakeTimers();
    const s = setup(false);
    s.at(100);
    s.root.onRender?.(); // the first change after a quiet while: at once
    expect(s.drawn).toEqual([100]);
    s.at(105);
    s.root.onRender?.();
    s.at(110);
    s.root.onRender?.();
    expect(s.drawn).toEqual([100]); // held
    s.at(100 + MAX_FRAME_WAIT_MS);
    vi.advanceTimersByTime(MAX_FRAME_WAIT_MS - 5); // the timer was set at 105
    expect(s.drawn).toEqual([100, 100 + MAX_FRAME_WAIT_MS]); // one frame for both
    vi.advanceTimersByTime(1000);
    expect(s.drawn).toHaveLength(2); // nothing held: nothing drawn again
  });

  it('never holds the frame of a key, nor of the changes just after it', () => {
    vi.useFakeTimers();
    const s = setup(false);
    s.at(100);
    s.root.onRender?.();
    s.at(102);
    s.key();
    s.root.onRender?.();
    s.at(104);
    s.root.onRender?.(); // a second commit of the same key
    expect(s.drawn).toEqual([100, 102, 104]);
  });

  it("a change held when a key comes: the key's frame draws both, and the timer draws nothing more", () => {
    vi.useFakeTimers();
    const s = setup(false);
    s.at(100);
    s.root.onRender?.();
    s.at(105);
    s.root.onRender?.();
    s.at(110);
    s.key();
    s.root.onRender?.();
    vi.advanceTimersByTime(1000);
    expect(s.drawn).toEqual([100, 110]);
  });

  it("drops a held frame's timer when stopped", () => {
    vi.useFakeTimers();
    const s = setup(false);
    s.root.onRender?.();
    s.at(5);
    s.root.onRender?.();
    s.stop();
    vi.advanceTimersByTime(1000);
    expect(s.drawn).toEqual([0]);
  });
});

// burst-frames.ts replaces a function on Ink's root node; none of it is Ink's public API. This is
// what an upgrade of Ink must keep, or burst-frames.ts must follow (docs/dependency-patches.md).
describe("Ink's hook, which burst-frames.ts replaces", () => {
  it("a Box's parentNode chain reaches the 'ink-root' node; its onRender is what Ink calls after each commit, read anew each time", async () => {
    let box: DOMElement | null = null;
    let bump = () => undefined as void;
    function Probe() {
      const ref = useRef<DOMElement>(null);
      const [n, setN] = useState(0);
      useLayoutEffect(() => {
        box = ref.current;
        bump = () => setN((m) => m + 1);
      });
      return (
        <Box ref={ref}>
          <Text>n:{n}</Text>
        </Box>
      );
    }
    app = renderPaced(<Probe />);
    await waitFor(() => app!.lastFrame()?.includes('n:0'));
    const root = inkRoot(box);
    expect(root.nodeName).toBe('ink-root');
    // DOMElement is Ink's own type: a rename of onRender there fails the typecheck here too.
    const inks = root.onRender;
    expect(typeof inks, "Ink's root node has no onRender function").toBe('function');
    let calls = 0;
    root.onRender = () => {
      calls++;
      inks!();
    };
    bump();
    await waitFor(() => app!.lastFrame()?.includes('n:1'));
    expect(calls, 'Ink drew the commit without calling the replaced onRender').toBeGreaterThan(0);
  });

  it('fails loudly, not silently, when the root node or its onRender is gone', () => {
    const keys = { waiting: () => false, onDrained: () => () => undefined, lastKeyAt: () => undefined };
    expect(() => deferFramesWhileKeysWait({}, keys)).toThrow(InkHookMissing);
    expect(() => deferFramesWhileKeysWait({}, keys)).toThrow(/no onRender function: src\/keys\/burst-frames\.ts/);
    const orphan = { nodeName: 'ink-box', parentNode: undefined } as unknown as DOMElement;
    expect(() => inkRoot(orphan)).toThrow(InkHookMissing);
  });
});
