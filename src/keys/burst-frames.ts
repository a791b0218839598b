// Keys that arrive together (key repeat, keys pasted, a slow SSH link delivering ten at once) reach
// Ink one per turn (paced-stdin.ts), and React commits after each: the bindings a key's render
// registers must be there for the next key. But Ink, in debug mode, also builds a whole frame on
// every commit — 2-3 MB of short-lived strings and arrays at 120×40, nearly all that a key
// allocates — and the screen writer writes only the newest frame of a turn: 5,000 keys in bursts
// of ten built 5,000 frames and wrote ~2,800 (bench/render.mjs). Here a commit still happens per
// key, in order, but while keys are waiting the frame is not built: it is built once, for the state
// after the burst's last key (or every MAX_FRAME_WAIT_MS in a long run, so that it shows progress):
// ~500 frames for those keys, the app's CPU ~10 -> ~3 ms a key.
//
// Changes that no key made (answers coming in, a timer) get the same treatment: each commits at
// once, but a frame is built at most every MAX_FRAME_WAIT_MS for them, for the newest state. An
// apply of 200 PATCHes built a frame per answer (~3 ms each at 120×40, on the thread that takes the
// next answer); now ~30 a second. A key's frame is never held: for MAX_FRAME_WAIT_MS after a key,
// every commit is drawn at once (a key's change may take a few commits).
//
// This reaches into Ink: its root DOM node ('ink-root', found through `parentNode`) and the
// `onRender` function Ink puts on it, which Ink's reconciler calls after every commit to build and
// write a frame. Neither is Ink's public API. If an upgrade of Ink renames or drops them, the
// frames are not silently built per key again: the hook throws (InkHookMissing), and
// test/keys/burst-frames.test.tsx fails ("Ink's hook") — see docs/dependency-patches.md.
import { useStdin, type DOMElement } from 'ink';
import { useLayoutEffect, type RefObject } from 'react';
import { pacerOf } from './paced-stdin.js';

/** The longest a frame waits for the keys of a burst: Ink's own default rate, 30 frames a second. */
export const MAX_FRAME_WAIT_MS = 33;

/** Ink's root node as far as drawing goes: the function a React commit calls to build and write a frame. */
export interface FrameRoot {
  onRender?: (() => void) | undefined;
}

/** Ink no longer has what this module replaces (its root node, or that node's `onRender`): Ink changed. */
export class InkHookMissing extends Error {
  constructor(what: string) {
    super(`${what}: src/keys/burst-frames.ts relies on it and must be updated for this Ink (docs/dependency-patches.md)`);
    this.name = 'InkHookMissing';
  }
}

/** What the frames wait for: keys not handed to Ink yet (the pacer), and when the last was. */
export interface KeysWaiting {
  waiting(): boolean;
  onDrained(listener: () => void): () => void;
  /** When Ink last read a key (on the clock `now` below), if it has read one. */
  lastKeyAt(): number | undefined;
}

/**
 * Defers `root`'s frames while keys are waiting, and those of changes no key made to at most one
 * every `maxWaitMs`; returns what puts Ink's own drawing back.
 */
export function deferFramesWhileKeysWait(
  root: FrameRoot,
  keys: KeysWaiting,
  maxWaitMs = MAX_FRAME_WAIT_MS,
  now: () => number = () => performance.now(),
): () => void {
  const render = root.onRender;
  if (typeof render !== 'function') throw new InkHookMissing("Ink's root node has no onRender function");
  /** When the oldest commit not drawn yet happened; undefined: the screen shows the newest state. */
  let since: number | undefined;
  let drawnAt = -Infinity;
  /** Draws the held frame of changes no key made, once their wait is over. */
  let later: NodeJS.Timeout | undefined;
  const draw = () => {
    since = undefined;
    clearTimeout(later);
    later = undefined;
    drawnAt = now();
    render();
  };
  const gated = () => {
    const at = now();
    if (keys.waiting()) {
      since ??= at;
      if (at - since >= maxWaitMs) draw();
      return;
    }
    const key = keys.lastKeyAt();
    if (at - drawnAt >= maxWaitMs || (key !== undefined && at - key < maxWaitMs)) return draw();
    since ??= at;
    later ??= setTimeout(
      () => {
        later = undefined;
        if (since !== undefined) draw();
      },
      drawnAt + maxWaitMs - at,
    );
  };
  root.onRender = gated;
  // The last key may change nothing (j on the last row): the frame of the keys before it is drawn now.
  const stop = keys.onDrained(() => {
    if (since !== undefined) draw();
  });
  // (A frame still deferred then is Ink's to draw: it draws the last frame as it unmounts.)
  return () => {
    stop();
    clearTimeout(later);
    if (root.onRender === gated) root.onRender = render;
  };
}

/** Ink's root node above `node` (the 'ink-root' element that draws the frames); throws when there is none. */
export function inkRoot(node: DOMElement | null): DOMElement {
  if (!node) throw new Error('useFramesPerBurst: its ref is not on a mounted Box');
  let at: DOMElement | undefined = node;
  while (at && at.nodeName !== 'ink-root') at = at.parentNode;
  if (!at) throw new InkHookMissing(`no 'ink-root' node above a Box (through parentNode)`);
  return at;
}

/**
 * Builds Ink's frames once per burst of keys (above). `ref`: any Box of the tree, for Ink's root
 * node. Only when Ink reads through the pacer: without it, keys are not held back, nor are frames.
 */
export function useFramesPerBurst(ref: RefObject<DOMElement | null>): void {
  const { stdin } = useStdin();
  useLayoutEffect(() => {
    const pacer = pacerOf(stdin);
    return pacer ? deferFramesWhileKeysWait(inkRoot(ref.current), pacer) : undefined;
  }, [stdin, ref]);
}
