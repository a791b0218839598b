// A read from the terminal cut into keys, where Ink's input parser (ink/build/input-parser.js)
// would cut it: an escape sequence (CSI, SS3, Alt-x), a control character, a character of text.
// The pacer (paced-stdin.ts) hands Ink one of them per turn of the event loop. Ink itself keeps
// what a read holds together, apart from escape sequences and a few control bytes, and hands the
// keys it does cut to every useInput in one go: "XYZ\r" reaches ink-text-input as text with a CR
// in it, and "cd⌫" as two edits of the same stale value.

const ESC = '\u001b';
export const PASTE_START = `${ESC}[200~`;
export const PASTE_END = `${ESC}[201~`;

/**
 * More text than this in one read is not keys typed ahead (a person types a few dozen keys while
 * a slow link stalls): a run of text that long is handed over whole (a long paste stays one
 * change), and a read that long with a line break followed by more text is a paste the terminal
 * did not mark — the pacer marks it, so that its lines are never Enter and keys.
 */
export const TYPED_AHEAD_MAX = 64;

export interface SplitRead {
  /** Whole keys, in order; a bracketed paste, or a long run of text, is one. */
  readonly keys: readonly string[];
  /** The start of an escape sequence that the end of the read cut (`ESC[`, `ESC[1;5`): read again with the next read. */
  readonly cut: string;
  /** The read ended inside a bracketed paste: the next read goes on with it. */
  readonly inPaste: boolean;
}

const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;

/** After `ESC [` from `start`: the end of the CSI sequence, undefined when cut, null when not one. */
function csiEnd(text: string, start: number): number | null | undefined {
  for (let k = start; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x5b && k === start) continue; // legacy ESC [ [ A
    const rxvtShift = c === 0x24 && k === start + 1 && '235678'.includes(text[start] ?? '');
    if (rxvtShift || isFinal(c)) return k + 1;
    if (c >= 0x20 && c <= 0x3f) continue; // parameters and intermediates
    return null;
  }
  return undefined;
}

/** After `ESC O` from `start`: the end of the SS3 sequence (digits and `;` allowed), undefined when cut, null when not one. */
function ss3End(text: string, start: number): number | null | undefined {
  for (let k = start; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (isFinal(c)) return k + 1;
    if (c !== 0x3b && (c < 0x30 || c > 0x39)) return null;
  }
  return undefined;
}

/** The end of the escape sequence at `i` as Ink reads it, or undefined when the text ends inside it. */
function escapeEnd(text: string, i: number): number | undefined {
  const double = text[i + 1] === ESC;
  const at = double ? i + 2 : i + 1;
  if (at >= text.length) return undefined;
  const kind = text[at];
  const end = kind === '[' ? csiEnd(text, at + 1) : kind === 'O' ? ss3End(text, at + 1) : null;
  if (end !== null) return end;
  // Not a sequence: ESC ESC is a key of its own; ESC and one character is Alt-<character>.
  return double ? i + 2 : at + (text.codePointAt(at)! > 0xffff ? 2 : 1);
}

const isControl = (c: string) => c < ' ' || c === '\u007f';

/** A read longer than keys typed ahead, with a line break followed by more text: a paste the terminal did not mark (see TYPED_AHEAD_MAX). */
export function isUnmarkedPaste(text: string): boolean {
  return text.length > TYPED_AHEAD_MAX && !text.includes(ESC) && /[\r\n][^\r\n]/.test(text);
}

/** Cuts a read into keys. `inPaste`: the previous read ended inside a bracketed paste. */
export function splitRead(text: string, inPaste = false): SplitRead {
  const keys: string[] = [];
  let i = 0;
  if (inPaste) {
    const end = text.indexOf(PASTE_END);
    if (end < 0) return { keys: text ? [text] : [], cut: '', inPaste: true };
    i = end + PASTE_END.length;
    keys.push(text.slice(0, i));
  }
  while (i < text.length) {
    const c = text[i]!;
    if (c === ESC) {
      const end = escapeEnd(text, i);
      // A lone ESC is the Esc key or a cut sequence: Ink waits 20 ms for more itself.
      if (end === undefined && i === text.length - 1) keys.push(ESC);
      if (end === undefined) return { keys, cut: i === text.length - 1 ? '' : text.slice(i), inPaste: false };
      if (text.slice(i, end) !== PASTE_START) {
        keys.push(text.slice(i, end));
        i = end;
        continue;
      }
      const close = text.indexOf(PASTE_END, end);
      if (close < 0) return { keys: [...keys, text.slice(i)], cut: '', inPaste: true };
      keys.push(text.slice(i, close + PASTE_END.length));
      i = close + PASTE_END.length;
    } else if (isControl(c)) {
      keys.push(c);
      // CR LF (a line break from a paste the terminal did not mark) is one Enter.
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      let j = i + 1;
      while (j < text.length && !isControl(text[j]!)) j++;
      const run = text.slice(i, j);
      keys.push(...(run.length > TYPED_AHEAD_MAX ? [run] : run));
      i = j;
    }
  }
  return { keys, cut: '', inPaste: false };
}
