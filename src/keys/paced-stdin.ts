// Keys one at a time, as typed (issue 21). A terminal hands the app what arrived since its last
// read: keys typed ahead over a slow link come together ("XYZ\r"), and Ink hands such a read to
// every useInput at once — ink-text-input took "XYZ\r" as text (the CR a space), and the keys Ink
// does cut out of a read (escape sequences, ⌫) reach it in one go, each editing the same stale
// value. Between the terminal and Ink, this stream cuts each read into keys (key-split.ts) and
// lets Ink read one per turn of the event loop: React has drawn a key (and the bindings it
// registers) before the next arrives, whichever component reads it — the key router,
// ink-text-input, ink-select-input. The first key of a read goes at once.
import { EventEmitter } from 'node:events';
import { isUnmarkedPaste, PASTE_END, PASTE_START, splitRead } from './key-split.js';

/**
 * How long the start of an escape sequence cut by the end of a read (`ESC[`) waits for the rest.
 * No key sends `ESC[` alone (but Alt-[, which means nothing here); after the wait it is dropped,
 * never typed as `[`. A lone ESC (the Esc key) is not held: Ink waits 20 ms for more itself.
 */
export const CUT_WAIT_MS = 500;

/**
 * A paste the terminal did not mark comes in reads of a few KiB, back to back: the reads that
 * follow it this closely are the rest of it (the last may be short, and would be keys), and it is
 * handed over as one paste once they stop.
 */
export const PASTE_QUIET_MS = 30;

/** What the pacer needs of its source: a readable stream in paused mode (process.stdin). */
export interface PacerSource {
  read(): string | Buffer | null;
  on(event: 'readable', listener: () => void): unknown;
  off(event: 'readable', listener: () => void): unknown;
}

export interface Pacer {
  /** Text Ink reads next, before the keys waiting (a paste that a text input takes as typed text). */
  typeAhead(text: string): void;
  /** Keys read from the terminal that Ink has not read yet: a burst is being handed over. */
  waiting(): boolean;
  /** Calls `listener` whenever no key is left waiting: the last of a burst was handled, or the rest dropped. Returns the unsubscribe. */
  onDrained(listener: () => void): () => void;
  /** When Ink last read a key (performance.now()), if it has read one. */
  lastKeyAt(): number | undefined;
}

const pacers = new WeakMap<object, Pacer>();

/** The pacer behind a stream Ink reads (`useStdin().stdin`), if it is one. */
export function pacerOf(stdin: object): Pacer | undefined {
  return pacers.get(stdin);
}

type Listener = (...args: unknown[]) => void;

/** `source` as Ink reads it, one key per read and per turn. Everything but reading goes to `source`. */
export function pacedStdin<S extends PacerSource>(source: S): S {
  const readers = new EventEmitter();
  /** Told once no key is left waiting (Pacer.onDrained). */
  const drained = new EventEmitter();
  const keys: string[] = [];
  let cut = '';
  let inPaste = false;
  let cutTimer: NodeJS.Timeout | undefined;
  /** An unmarked paste being read, until its reads stop. */
  let pasting: string | undefined;
  let pasteTimer: NodeJS.Timeout | undefined;
  let turn: NodeJS.Immediate | undefined;
  /** Ink may read one key now (it was told 'readable'). */
  let open = false;
  let lastKeyAt: number | undefined;

  const pasted = () => {
    keys.push(PASTE_START + (pasting ?? '') + PASTE_END);
    pasting = undefined;
    if (!turn) offer();
  };
  const take = (chunk: string) => {
    if (pasting === undefined && !cut && !inPaste && isUnmarkedPaste(chunk)) pasting = '';
    if (pasting !== undefined) {
      pasting += chunk;
      clearTimeout(pasteTimer);
      pasteTimer = setTimeout(pasted, PASTE_QUIET_MS);
      return;
    }
    clearTimeout(cutTimer);
    const split = splitRead(cut + chunk, inPaste);
    keys.push(...split.keys);
    ({ cut, inPaste } = split);
    if (cut) cutTimer = setTimeout(() => (cut = ''), CUT_WAIT_MS);
  };
  const offer = () => {
    turn = undefined;
    if (keys.length === 0 || readers.listenerCount('readable') === 0) return;
    open = true;
    readers.emit('readable');
    open = false;
    if (keys.length) turn = setImmediate(offer);
    else drained.emit('drained');
  };
  const fromSource = () => {
    for (let chunk = source.read(); chunk !== null; chunk = source.read()) take(String(chunk));
    if (!turn) offer();
  };
  const read = () => {
    if (!open) return null;
    open = false;
    const key = keys.shift();
    if (key === undefined) return null;
    lastKeyAt = performance.now();
    return key;
  };
  const listen = (event: string | symbol, listener: Listener) => {
    if (event !== 'readable') return false;
    if (readers.listenerCount('readable') === 0) source.on('readable', fromSource);
    readers.on(event, listener);
    return true;
  };
  // Ink stops reading (the terminal goes to $EDITOR, or the app ends): the source is let go, and
  // keys read but not handled yet are dropped, as Ink drops what it had not parsed.
  const unlisten = (event: string | symbol, listener: Listener) => {
    if (event !== 'readable') return false;
    readers.off(event, listener);
    if (readers.listenerCount('readable') > 0) return true;
    source.off('readable', fromSource);
    const dropped = keys.length > 0;
    keys.length = 0;
    cut = '';
    inPaste = false;
    pasting = undefined;
    clearTimeout(cutTimer);
    clearTimeout(pasteTimer);
    if (turn) clearImmediate(turn);
    turn = undefined;
    if (dropped) drained.emit('drained');
    return true;
  };
  const paced: S = new Proxy(source, {
    get(target, property) {
      if (property === 'read') return read;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const own = value.bind(target);
      if (property === 'on' || property === 'addListener') {
        return (event: string | symbol, listener: Listener) => (listen(event, listener) ? paced : own(event, listener));
      }
      if (property === 'off' || property === 'removeListener') {
        return (event: string | symbol, listener: Listener) => (unlisten(event, listener) ? paced : own(event, listener));
      }
      return own;
    },
  });
  pacers.set(paced, {
    typeAhead: (text) => {
      keys.unshift(text);
      turn ??= setImmediate(offer);
    },
    waiting: () => keys.length > 0,
    onDrained: (listener) => {
      drained.on('drained', listener);
      return () => void drained.off('drained', listener);
    },
    lastKeyAt: () => lastKeyAt,
  });
  return paced;
}
