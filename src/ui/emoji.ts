// Whether a grapheme is an RGI emoji (drawn 2 cells wide), without compiling /^\p{RGI_Emoji}$/v
// for the common case. string-width (under Ink) asks this of every grapheme of every non-ASCII
// text; the first use of that regex compiles it, ~12 ms, in the first frame of any screen with a
// "…" or an arrow. A grapheme of one code point is an RGI emoji exactly when it has the
// Emoji_Presentation property, regional indicators aside (a lone one is not RGI): a cheap regex.
// test/ui/emoji.test.ts checks that against the full regex for every code point. Longer graphemes
// (sequences, flags) still ask the full regex. scripts/build.mjs has string-width use this
// (docs/dependency-patches.md: what it saves, how to drop it).

const PRESENTATION = /^\p{Emoji_Presentation}$/u;
let full: RegExp | undefined;

export function isRgiEmoji(segment: string): boolean {
  const cp = segment.codePointAt(0);
  if (cp === undefined) return false;
  if (segment.length === (cp > 0xffff ? 2 : 1)) return PRESENTATION.test(segment) && !(cp >= 0x1f1e6 && cp <= 0x1f1ff);
  full ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
  return full.test(segment);
}
