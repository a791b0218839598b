// The bundle's Ink takes the cells of simple styled text from src/ui/styled-chars.ts and skips
// its sanitizeAnsi for it (scripts/build.mjs): both answers must be those of the long way, for
// any mix of simple characters, newlines and SGR codes (compound, 256 and truecolour, resets,
// intensity, empty), and every other text must be left to the long way.
import { reduceAnsiCodesIncremental, styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import sanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import { isSimpleStyled, simpleStyledChars, type Tokenizer } from '../../src/ui/styled-chars.js';

const tokenizer = { tokenize, reduceAnsiCodesIncremental } as unknown as Tokenizer;
/** What Ink's Output computes for a line (output.js, OutputCaches.getStyledChars). */
const longWay = (line: string) =>
  styledCharsFromTokens(tokenize(line)).filter((c) => !/^\p{Default_Ignorable_Code_Point}+$/u.test(c.value));

const ESC = '\u001b';
const codes = [
  '0',
  '',
  '1',
  '2',
  '22',
  '3',
  '23',
  '4',
  '24',
  '7',
  '27',
  '9',
  '29',
  '31',
  '39',
  '90',
  '97',
  '41',
  '49',
  '38;5;208',
  '48;5;17',
  '38;2;1;2;3',
  '48;2;250;0;9',
  '1;31;4',
  '0;2',
  '2;7',
  ';',
  '38;5',
  '22;1',
].map((c) => `${ESC}[${c}m`);
const pieces = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'configurations',
      '1528252734',
      ' ',
      '  ',
      'shop.example.map.',
      '›',
      '·',
      '●',
      '…',
      '─',
      '│',
      '✓',
      'é',
      '°',
      '\n',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...codes) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'az09 .-_/:~|'.split('')), maxLength: 6 }) },
);
const styledText = fc.array(pieces, { maxLength: 30 }).map((xs) => xs.join(''));

describe('simpleStyledChars', () => {
  it('gives the cells the tokenizer gives, for any simple styled text', () => {
    fc.assert(
      fc.property(styledText, (text) => {
        expect(isSimpleStyled(text)).toBe(true);
        expect(simpleStyledChars(text, tokenizer)).toEqual(longWay(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('a frame line as the browser draws it', () => {
    const line = `${ESC}[7m ${ESC}[1m1528252734${ESC}[22m shop ${ESC}[27m${ESC}[2m·${ESC}[22m 5 marked${ESC}[38;5;208m…${ESC}[39m`;
    const cells = simpleStyledChars(line, tokenizer)!;
    expect(cells).toEqual(longWay(line));
    expect(cells.map((c) => c.value).join('')).toBe(' 1528252734 shop · 5 marked…');
  });

  it('shares one frozen styles array per run: a change to it throws', () => {
    const cells = simpleStyledChars(`${ESC}[31mab${ESC}[1mc`, tokenizer)!;
    expect(cells[0]!.styles).toBe(cells[1]!.styles);
    expect(cells[2]!.styles).not.toBe(cells[1]!.styles);
    expect(() => (cells[0]!.styles as unknown[]).push(1)).toThrow();
  });

  it('leaves every other text to the long way', () => {
    for (const text of [
      '中文',
      'a\u0301',
      'e\u200d',
      '😀',
      'a\tb',
      'a\r\nb',
      `${ESC}]8;;https://x${ESC}\\link${ESC}]8;;${ESC}\\`,
      `${ESC}[2J`,
      `${ESC}[1:2m`,
      `${ESC}[`,
      `${ESC}x`,
      '\u0000',
      '\u00ad',
      '\u009b1m',
    ]) {
      expect(isSimpleStyled(text), JSON.stringify(text)).toBe(false);
      expect(simpleStyledChars(text, tokenizer)).toBeUndefined();
    }
  });
});

describe('isSimpleStyled', () => {
  it('holds only text that Ink’s sanitizeAnsi gives back unchanged', () => {
    fc.assert(
      fc.property(styledText, (text) => {
        expect(sanitizeAnsi(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
