// The fast path of src/ui/simple-text.ts answers as string-width and Intl.Segmenter do: every
// character of the set is one cell and a grapheme of its own, next to anything; every character
// outside it is left to them. The bundle's string-width uses it (its build fails if it cannot).
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { isSimpleText } from '../../src/ui/simple-text.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (s: string) => [...segmenter.segment(s)].map((g) => g.segment);

const simple: string[] = [];
for (let cp = 0; cp <= 0xffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const c = String.fromCodePoint(cp);
  if (isSimpleText(c)) simple.push(c);
}

describe('isSimpleText', () => {
  it('holds the narrow symbols the screens draw, and ASCII', () => {
    expect(simple.length).toBeGreaterThan(600);
    for (const c of '›·●…▲▼✓✗→←─│╭╮╰╯█░⠋é©°×') expect(isSimpleText(c), c).toBe(true);
    expect(isSimpleText('configurations › acme (1528252734) · 5 marked')).toBe(true);
  });

  it('leaves out wide, zero-width, combining, control and emoji characters', () => {
    for (const c of [
      '\u00ad',
      '\u200b',
      '\u200d',
      '\u2028',
      '\u202e',
      '\u2060',
      '\u0301',
      '\u001b',
      '\u007f',
      '\u0085',
      '◽',
      '◾',
      '✅',
      '中',
      'ｱ',
      '한',
      '😀',
      '\ufe0f',
    ])
      expect(isSimpleText(`a${c}`), `U+${c.codePointAt(0)!.toString(16)}`).toBe(false);
  });

  it('every character of the set is one cell for string-width, and a grapheme of its own beside any other', () => {
    const wrong = simple.filter(
      (c) =>
        stringWidth(c) !== 1 ||
        graphemes(`a${c}a`).length !== 3 ||
        graphemes(`\u0301${c}\u0301`).length !== 2 ||
        graphemes(`${c}${c}`).length !== 2,
    );
    expect(wrong.map((c) => c.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it('a text of the set is as many cells as characters, as string-width measures it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...simple), { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(stringWidth(text)).toBe(text.length);
        expect(graphemes(text)).toHaveLength(text.length);
      }),
    );
  });
});
