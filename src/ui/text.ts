// Text as the terminal draws it. Widths are terminal cells, measured by string-width (the copy Ink
// lays out with, so our columns and Ink's agree): CJK and emoji take two cells, combining marks
// and zero-width characters none. Cuts fall on grapheme boundaries (Intl.Segmenter), so an emoji
// sequence or a letter with its accent is never split. Text from the API goes through safe() first:
// control and invisible format characters are shown, never obeyed.
//
// These run for every visible cell of every frame, so printable ASCII and the narrow symbols the
// screens are drawn with (almost every value; simple-text.ts) take a fast path with neither the
// segmenter nor string-width; other short texts are measured once and
// remembered (the segmenter costs about 0.3 µs a grapheme), long ones walked only as far as needed.
import stringWidth from 'string-width';
import { isRgiEmoji } from './emoji.js';
import { SIMPLE_TEXT as SIMPLE } from './simple-text.js';

let segmenter: Intl.Segmenter | undefined;
/** The grapheme segmenter, made at the first text that needs it (a simple text never does). */
const graphemeSegments = (text: string) => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text);

/** Bounded memo: a screen draws the same few values frame after frame. */
function remembered<V>(cache: Map<string, V>, key: string, make: (key: string) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    if (cache.size >= 2048) cache.clear();
    cache.set(key, value);
  }
  return value;
}
/** Texts up to this long are memoized; longer ones are walked only as far as needed. */
const MEMO_LENGTH = 256;
const graphemeWidths = new Map<string, number>();

function graphemeWidth(g: string): number {
  if (g.length === 1) {
    const c = g.charCodeAt(0);
    if (c >= 0x20 && c < 0x7f) return 1;
  }
  // countAnsiEscapeCodes: measure the text as written (an ESC is one more zero-width control), so
  // the width of a text is exactly the sum of its graphemes' widths.
  if (g.length > 32) return stringWidth(g, { countAnsiEscapeCodes: true });
  return remembered(graphemeWidths, g, () => stringWidth(g, { countAnsiEscapeCodes: true }));
}

interface Measured {
  readonly parts: readonly string[];
  readonly widths: readonly number[];
  /** Sum of widths. */
  readonly cells: number;
}
const measuredTexts = new Map<string, Measured>();

/**
 * A non-ASCII text's graphemes and their widths: all of them, or (for a long text) at least up to
 * the first grapheme that ends past `limit` cells. The arrays may be shared: never change them.
 */
function measure(text: string, limit = Infinity): Measured {
  return text.length <= MEMO_LENGTH ? remembered(measuredTexts, text, walk) : walk(text, limit);
}

function walk(text: string, limit = Infinity): Measured {
  const parts: string[] = [];
  const widths: number[] = [];
  let cells = 0;
  for (const { segment } of graphemeSegments(text)) {
    const w = graphemeWidth(segment);
    parts.push(segment);
    widths.push(w);
    cells += w;
    if (cells > limit) break;
  }
  return { parts, widths, cells };
}

/** Terminal cells of a text (string-width: CJK/emoji 2, combining marks and zero-width 0). */
export function cellWidth(text: string): number {
  return SIMPLE.test(text) ? text.length : measure(text).cells;
}

/** The text's grapheme clusters (Intl.Segmenter, granularity 'grapheme'). */
export function graphemes(text: string): string[] {
  return SIMPLE.test(text) ? text.split('') : measure(text).parts.slice();
}

/** fit, and the cells the result takes. */
function fitMeasured(text: string, width: number, ascii: boolean): [text: string, cells: number] {
  if (!(width > 0)) return ['', 0];
  width = Math.floor(width);
  const ellipsis = ascii ? '~' : '…';
  if (SIMPLE.test(text)) {
    return text.length <= width ? [text, text.length] : [text.slice(0, width - 1) + ellipsis, width];
  }
  const { parts, widths, cells } = measure(text, width);
  if (cells <= width) return [text, cells];
  // The longest prefix that leaves a cell for the ellipsis.
  let kept = 0;
  let i = 0;
  for (; i < parts.length && kept + widths[i]! < width; i++) kept += widths[i]!;
  return [parts.slice(0, i).join('') + ellipsis, kept + 1];
}

/** Cut to at most `width` cells on a grapheme boundary; when cut, the last cell is '…' ('~' when ascii). Never wider than width. */
export function fit(text: string, width: number, ascii = false): string {
  return fitMeasured(text, width, ascii)[0];
}

/**
 * fit, but the part `keep` of the text (the keys a status line offers: `q again to quit`) is cut
 * last: the words after it go first, then those before it.
 */
export function fitKeeping(text: string, keep: string | undefined, width: number, ascii = false): string {
  const at = keep ? text.indexOf(keep) : -1;
  if (!keep || at < 0 || cellWidth(text) <= width) return fit(text, width, ascii);
  const head = text.slice(0, at + keep.length);
  if (cellWidth(head) < width) return head + fit(text.slice(head.length), width - cellWidth(head), ascii);
  const room = width - cellWidth(keep) - 1;
  return room < 2 ? fit(keep, width, ascii) : `${fit(text.slice(0, at), room, ascii)} ${keep}`;
}

/** A record's id at the end of a text: `acme shop (1528252734)`. */
const ID_AT_END = /^(.*\S)( \(\d+\))$/;

/**
 * fit, but a text that ends in a record's id (`acme shop (1528252734)`) is cut in its name and
 * keeps the id whole while a grapheme of the name still fits beside it (`acme… (1528252734)`): the
 * id is what a user reads to type elsewhere, and ten digits cut to `15282…` say nothing.
 */
export function fitKeepingId(text: string, width: number, ascii = false): string {
  const id = ID_AT_END.exec(text);
  if (!id || cellWidth(text) <= width || cellWidth(id[2]!) + 2 > width) return fit(text, width, ascii);
  // `acme…`, not `acme …`: a cut that ends on a space drops it.
  return fit(id[1]!, width - cellWidth(id[2]!), ascii).replace(/\s+([…~])$/, '$1') + id[2]!;
}

/** fit, then spaces up to exactly `width` cells (a wide grapheme that would overshoot is dropped and padded). */
export function pad(text: string, width: number, ascii = false): string {
  const [t, cells] = fitMeasured(text, width, ascii);
  return cells < width ? t + ' '.repeat(Math.floor(width) - cells) : t;
}

/** Right-aligned: fit, then spaces on the left up to exactly `width` cells. */
export function padStart(text: string, width: number, ascii = false): string {
  const [t, cells] = fitMeasured(text, width, ascii);
  return cells < width ? ' '.repeat(Math.floor(width) - cells) + t : t;
}

/**
 * Hard-wraps to lines of at most `width` cells on grapheme boundaries, preferring to break after a
 * space or ", " when one is in the last third of the line; never drops text; '' gives ['']. Newlines
 * in the text start new lines. (A single grapheme wider than `width`, a CJK character at width 1,
 * gets a line of its own: it cannot be cut.) The lines joined give the text back without its newlines.
 */
export function wrap(text: string, width: number): string[] {
  const max = Math.max(1, Math.floor(width) || 1);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) wrapParagraph(paragraph, max, lines);
  return lines;
}

function wrapParagraph(text: string, width: number, lines: string[]): void {
  if (SIMPLE.test(text) && text.length <= width) {
    lines.push(text);
    return;
  }
  const { parts, widths } = SIMPLE.test(text) ? { parts: text.split(''), widths: Array<number>(text.length).fill(1) } : measure(text);
  let start = 0; // first grapheme of the current line
  let cells = 0; // cells of parts[start, i)
  let breakAt = -1; // the grapheme after the line's last space
  let cellsAtBreak = 0;
  for (let i = 0; i < parts.length; i++) {
    const w = widths[i]!;
    while (cells + w > width && i > start) {
      // In the last third of the line a space is a better place to break than mid-word.
      const end = breakAt > start && cellsAtBreak * 3 >= width * 2 ? breakAt : i;
      lines.push(parts.slice(start, end).join(''));
      cells = 0;
      for (let j = end; j < i; j++) cells += widths[j]!;
      start = end;
      breakAt = -1;
    }
    cells += w;
    if (parts[i] === ' ') {
      breakAt = i + 1;
      cellsAtBreak = cells;
    }
  }
  lines.push(parts.slice(start).join(''));
}

/** The graphemes that fill cells [start, start+width) of the text (horizontal scrolling of a long value); a wide grapheme cut by either edge becomes spaces. */
export function sliceCells(text: string, start: number, width: number): string {
  const from = Math.max(0, Math.floor(start) || 0);
  if (!(width > 0)) return '';
  const to = from + Math.floor(width);
  if (SIMPLE.test(text)) return text.slice(from, to);
  const { parts, widths } = measure(text, to);
  let pos = 0;
  let out = '';
  for (let i = 0; i < parts.length && pos < to; i++) {
    const next = pos + widths[i]!;
    if (pos >= from && next <= to) out += parts[i]!;
    else if (next > from) out += ' '.repeat(Math.min(next, to) - Math.max(pos, from));
    pos = next;
  }
  return out;
}

/**
 * Characters that would change what the terminal shows instead of being shown: controls (C0, DEL,
 * C1), line/paragraph separators, lone surrogates, and the invisible ones (Default_Ignorable: bidi
 * controls, soft hyphen, zero-width space/joiners, word joiner, BOM, variation selectors, tags,
 * Hangul fillers…) plus the interlinear annotation controls.
 */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}\p{Surrogate}\u2028\u2029\uFFF9-\uFFFB]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/**
 * An emoji modifier (skin tone) not right after a base it modifies. At the start of a text it would
 * join whatever is drawn before it; after a letter, terminals draw it 2 cells wide and string-width
 * counts 0. Either way the columns after it would move, so it is shown as <U+1F3FD>.
 */
const LONE_MODIFIER = /(?<!\p{Emoji_Modifier_Base})\p{Emoji_Modifier}/gu;
const MODIFIER = /\p{Emoji_Modifier}/u;
/** Anything safe() may have to show: INVISIBLE or an emoji modifier. */
const SUSPECT = /[\p{Cc}\p{Default_Ignorable_Code_Point}\p{Surrogate}\u2028\u2029\uFFF9-\uFFFB\p{Emoji_Modifier}]/u;
/** What an emoji sequence is made with: ZWJ, variation selectors, tags. */
const EMOJI_GLUE = /\u200D|[\uFE00-\uFE0F\u{E0020}-\u{E007F}]/u;
const KEYCAP = /^[\d#*]\uFE0F?\u20E3$/u;
/** A pictograph asked for in text or emoji style (❤︎, ☺️). */
const PRESENTATION = /^\p{Extended_Pictographic}[\uFE0E\uFE0F]$/u;
/** A subdivision flag, RGI or not: black flag, tag letters, cancel tag. */
const TAG_FLAG = /^\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

/** Whether the grapheme is an emoji sequence, whose ZWJs, variation selectors and tags are part of the picture. */
function isEmojiSequence(g: string): boolean {
  if (g.length > 64) return false; // the longest real ones are about 35: a longer one hides something
  return remembered(emojiSequences, g, testEmojiSequence);
}
const emojiSequences = new Map<string, boolean>();

function testEmojiSequence(g: string): boolean {
  if (isRgiEmoji(g) || KEYCAP.test(g) || PRESENTATION.test(g) || TAG_FLAG.test(g)) return true;
  // A ZWJ sequence of pictographs that is not (yet) recommended: string-width draws it 2 cells wide too.
  return g.includes('\u200D') && (g.match(PICTOGRAPH)?.length ?? 0) >= 2;
}

/** The visible form of one character: ^[ for ESC, ^? for DEL, \x9b for C1, <U+202E> for the rest. */
function shown(c: string): string {
  const code = c.codePointAt(0)!;
  if (code < 0x20) return `^${String.fromCharCode(code + 64)}`;
  if (code === 0x7f) return '^?';
  if (code < 0xa0) return `\\x${code.toString(16)}`;
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

const safeTexts = new Map<string, string>();
const shownUnlessGlue = (c: string) => (EMOJI_GLUE.test(c) ? c : shown(c));

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value); // a function or symbol has no JSON
  } catch {
    return String(value); // a bigint or a cycle
  }
}

/**
 * Text from the API made safe to draw: C0 controls and DEL as caret forms (^[ for ESC, ^? for DEL),
 * C1 controls as \x9b; bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and
 * other invisible format characters (soft hyphen, U+200B–U+200D outside emoji sequences,
 * U+2060–U+2064, U+FEFF, lone variation selectors, tags outside flag sequences…) shown as <U+202E>
 * instead of being obeyed. A ZWJ or variation selector that belongs to an emoji sequence (a grapheme
 * that is an emoji ZWJ sequence, keycap or flag) stays. Non-strings are JSON.stringify'd; undefined gives ''.
 */
export function safe(text: unknown): string {
  const s = asText(text);
  if (SIMPLE.test(s) || !SUSPECT.test(s)) return s;
  if (!EMOJI_GLUE.test(s) && !MODIFIER.test(s)) return s.replace(INVISIBLE_ALL, shown);
  return s.length <= MEMO_LENGTH ? remembered(safeTexts, s, showInvisible) : showInvisible(s);
}

/** safe() of a text with emoji glue or modifiers: decided grapheme by grapheme. */
function showInvisible(s: string): string {
  let out = '';
  for (const { segment } of graphemeSegments(s)) {
    let g = MODIFIER.test(segment) ? segment.replace(LONE_MODIFIER, shown) : segment;
    if (INVISIBLE.test(g)) g = g.replace(INVISIBLE_ALL, isEmojiSequence(segment) ? shownUnlessGlue : shown);
    out += g;
  }
  return out;
}

/** Seconds as the TUI shows them: `90 s (1m 30s)`. */
export function humanDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

/** How long ago, as the header says it: "just now" under a minute, then "12 min ago", then "3 h ago" (the words of the status line's durations). */
export function ago(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** Milliseconds until `ago(ms)` reads differently (a header that redraws only then writes nothing in between). */
export function agoChangesIn(ms: number): number {
  const unit = ms < 3_600_000 ? 60_000 : 3_600_000;
  return unit - (Math.max(0, ms) % unit);
}
