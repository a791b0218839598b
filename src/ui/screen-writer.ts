// The terminal as Ink sees it: the real stdout (its size, TTY-ness and resize events) except that
// what Ink writes goes through here. Ink runs in debug mode, so each of its writes that carries
// text is one whole frame; this keeps the frame on screen and writes only what differs
// (screen-patch.ts), at most one patch per turn of the event loop: the renders one key causes
// (a store update, then what its effects change) reach the terminal as one frame, in one
// synchronized update. Ink's own control sequences (alternate screen, cursor) pass through in order.
// In debug mode Ink leaves the console alone: console output goes through here too, and the frame
// is drawn whole again over it (as Ink's own console patch does).
import { format } from 'node:util';
import { asciiOnly } from './ascii.js';
import { screenPatch } from './screen-patch.js';

/** Synchronized output: the terminal shows the patch whole, never half drawn. */
const BEGIN = '\u001b[?2026h';
const END = '\u001b[?2026l';
/** Escape sequences (CSI, OSC, two-byte ESC): what is left once they are gone is text. */
// eslint-disable-next-line no-control-regex -- escape sequences are what this matches
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-_])/g;
/** Entering or leaving the alternate screen: whatever was drawn is not there any more. */
// eslint-disable-next-line no-control-regex -- an escape sequence is what this matches
const SCREEN_SWITCH = /\u001b\[\?(?:1049|1047|47)([hl])/;

/** A write of Ink's in debug mode is a frame when it has text (a newline, or anything but escapes). */
export function isFrame(text: string): boolean {
  return text.includes('\n') || text.replace(ESCAPES, '') !== '';
}

type Callback = (error?: Error | null) => void;

export interface ScreenWriterOptions {
  /** Console output goes to the terminal, then the frame is drawn whole over it. @default true */
  readonly patchConsole?: boolean;
  /** Where console.warn and console.error write. @default process.stderr */
  readonly stderr?: { write(text: string): unknown };
  /** The terminal takes ASCII only (no UTF-8 locale): every frame is turned into ASCII (ascii.ts). */
  readonly ascii?: boolean;
}

/** The stdout to give Ink (`render(…, { stdout, debug: true })`): frames are patched onto `out`. */
export function screenWriter(out: NodeJS.WriteStream, options: ScreenWriterOptions = {}): NodeJS.WriteStream {
  /** The lines on the terminal, and the size they were drawn at; undefined: not known, draw whole. */
  let shown: readonly string[] | undefined;
  let shownSize = '';
  /** The newest frame, drawn or not. */
  let last: string | undefined;
  let pending: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** In the alternate screen, where the frames are. */
  let onScreen = false;

  /** The terminal's size as a frame is laid out for it. */
  const sizeNow = () => `${out.columns || 80}x${out.rows || 24}`;
  /** The size the pending frame was made for. */
  let pendingSize = '';
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    const lines = pending.split('\n');
    pending = undefined;
    const rows = out.rows || 24;
    const size = sizeNow();
    if (pendingSize !== size) {
      // Made for a size the terminal no longer has (resized meanwhile): its lines would wrap. The
      // frame for the new size follows (a resize re-renders); it is painted whole.
      shown = undefined;
      return;
    }
    const patch = screenPatch(size === shownSize ? shown : undefined, lines, rows);
    shown = lines;
    shownSize = size;
    if (patch) out.write(BEGIN + patch + END);
  };
  const draw = (frame: string) => {
    pending = frame;
    pendingSize = sizeNow();
    // After the renders already queued (React runs effects and their updates in setImmediate).
    timer ??= setTimeout(flush, 0);
  };

  const write = (chunk: string | Uint8Array, encoding?: BufferEncoding | Callback, callback?: Callback): boolean => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8');
    if (isFrame(text)) {
      last = options.ascii ? asciiOnly(text) : text;
      draw(last);
      if (done) process.nextTick(done);
      return true;
    }
    // Anything else keeps its place after the frames written before it.
    flush();
    const switched = SCREEN_SWITCH.exec(text);
    if (switched) {
      shown = undefined;
      onScreen = switched[1] === 'h';
    }
    return done ? out.write(text, done) : out.write(text);
  };

  if (options.patchConsole !== false) {
    const stderr = options.stderr ?? process.stderr;
    const say =
      (stream: { write(text: string): unknown }) =>
      (...args: unknown[]) => {
        flush();
        stream.write(`${format(...args)}\n`);
        if (!onScreen || last === undefined) return;
        shown = undefined;
        draw(last);
      };
    Object.assign(console, { log: say(out), info: say(out), debug: say(out), warn: say(stderr), error: say(stderr) });
  }

  return new Proxy(out, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      // Methods run on the real stream (listeners for 'resize' go on it).
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
