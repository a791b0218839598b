// Ink draws a frame by writing each text into a grid of cells (its Output class). Every text goes
// through @alcalzone/ansi-tokenize twice per write: a grapheme segmenter over the whole string, a
// token object per character, a fresh copy of the styles for each character, and a Unicode-
// property test per cell; before that, Ink's sanitizeAnsi reads every text through a tokenizer of
// its own. For a first frame of ~4,500 characters that is ~30 ms of cold code and garbage, about
// all of the first frame's drawing, where an Ink hello world draws 12 characters.
//
// The screens draw simple text (src/ui/simple-text.ts: one cell and one grapheme per character)
// styled by SGR codes only. For such text, scripts/build.mjs has Ink take the answers below,
// which are those of the long way, built straight: sanitizeAnsi leaves it as it is, and its cells
// are one per character, with the styles the codes before it reduce to. Any other text (a wide
// or combining character, a control, another escape) goes the long way. test/ui/styled-chars.test.ts
// checks both answers against Ink's and the tokenizer's own. Only the Ink patches use it (not in
// npm run build:plain); what it saves and how to drop it: docs/dependency-patches.md.
import { SIMPLE_CHARS } from './simple-text.js';

/** An SGR code as the tokenizer holds it. */
export interface AnsiCode {
  readonly type: 'ansi';
  readonly code: string;
  readonly endCode: string;
}

/** A cell of Ink's grid, as the tokenizer makes it. */
export interface StyledChar {
  readonly type: 'char';
  readonly value: string;
  readonly fullWidth: boolean;
  readonly styles: readonly AnsiCode[];
}

/** The tokenizer's two functions the cells are built with (passed in: it is Ink's dependency, not ours). */
export interface Tokenizer {
  tokenize(text: string): readonly { readonly type: string }[];
  reduceAnsiCodesIncremental(codes: readonly AnsiCode[], next: readonly AnsiCode[]): AnsiCode[];
}

/** Simple characters, newlines and SGR sequences (`ESC [` digits and semicolons `m`), nothing else. */
const SIMPLE_STYLED = new RegExp(`^(?:[${SIMPLE_CHARS}\\n]|\\x1b\\[[0-9;]*m)*$`);
/** A run of SGR sequences, or a run of characters. */
// eslint-disable-next-line no-control-regex
const RUNS = /((?:\x1b\[[0-9;]*m)+)|([^\x1b]+)/g;
/** The codes of each run of SGR sequences seen: a screen uses a handful of them, again and again. */
const codesOfRun = new Map<string, AnsiCode[]>();
const MAX_RUNS = 512;

/** Whether Ink's sanitizeAnsi would give the text back unchanged, as it does simple styled text. */
export function isSimpleStyled(text: string): boolean {
  return SIMPLE_STYLED.test(text);
}

/**
 * The cells of a simple styled text (the tokenizer's styledCharsFromTokens(tokenize(text)) less
 * the default-ignorable cells, of which simple text has none), or undefined for other text. The
 * cells of one run of characters share one frozen styles array (the tokenizer copies it per
 * character; nobody changes it: a change would throw).
 */
export function simpleStyledChars(text: string, tokenizer: Tokenizer): StyledChar[] | undefined {
  if (!SIMPLE_STYLED.test(text)) return undefined;
  const cells: StyledChar[] = [];
  let styles: readonly AnsiCode[] = Object.freeze([]);
  for (const [, codes, chars] of text.matchAll(RUNS)) {
    if (codes !== undefined) {
      styles = Object.freeze(tokenizer.reduceAnsiCodesIncremental(styles, codesOf(codes, tokenizer)));
    } else if (chars !== undefined) {
      for (const value of chars) cells.push({ type: 'char', value, fullWidth: false, styles });
    }
  }
  return cells;
}

function codesOf(run: string, tokenizer: Tokenizer): AnsiCode[] {
  let codes = codesOfRun.get(run);
  if (codes === undefined) {
    if (codesOfRun.size >= MAX_RUNS) codesOfRun.clear();
    codes = tokenizer.tokenize(run).filter((token): token is AnsiCode => token.type === 'ansi'); // a run of SGR sequences: all of them
    codesOfRun.set(run, codes);
  }
  return codes;
}
