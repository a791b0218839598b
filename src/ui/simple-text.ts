// Text of one cell per character, known without Unicode data: printable ASCII and the narrow
// symbols a screen is drawn with (Latin-1 letters and signs, general punctuation, arrows, box
// drawing, blocks, geometric shapes, ✓ ✗, braille). Each such character is a grapheme of its own,
// one cell wide (string-width's answer, ambiguous widths taken as narrow, its default). Measuring
// other text needs Intl.Segmenter and Unicode-property regexes, whose first use loads ICU data:
// 10–30 ms in the first frame for a `›` in the header. src/ui/text.ts and, through
// scripts/build.mjs, string-width (under Ink) answer this text at once; test/ui/simple-text.test.ts
// checks every character of the set against string-width and the segmenter. The string-width
// patch, what it saves and how to drop it: docs/dependency-patches.md.

/** The characters of the set above, as the inside of a regex character class. */
export const SIMPLE_CHARS =
  '\\x20-\\x7e\\xa0-\\xac\\xae-\\xff\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25fc\\u25ff\\u2713\\u2717\\u2800-\\u28ff';

/** Every character printable ASCII or a narrow symbol of the set above. */
export const SIMPLE_TEXT = new RegExp(`^[${SIMPLE_CHARS}]*$`);

/** Whether every character of the text takes exactly one cell and is a grapheme of its own. */
export function isSimpleText(text: string): boolean {
  return SIMPLE_TEXT.test(text);
}
