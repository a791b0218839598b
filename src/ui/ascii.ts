// A terminal without UTF-8 (LANG=C, a serial console) is written ASCII only: not one other byte
// (docs/ux.md, locale). The screens draw their own symbols in ASCII there already (the theme's);
// what is left — an arrow in a sentence, text from the API — is turned into ASCII here, one frame
// at a time, each character keeping the cells it takes so that the layout stays as Ink made it.
import { cellWidth } from './text.js';

/** Symbols the screens and messages use, by an ASCII character of the same width (one cell). */
const SYMBOLS: Readonly<Record<string, string>> = {
  '→': '>',
  '←': '<',
  '↑': '^',
  '↓': 'v',
  '·': '.',
  '…': '~',
  '✓': 'v',
  '✗': 'x',
  '●': '*',
  '▸': '>',
  '▾': 'v',
  '▲': '^',
  '▼': 'v',
  '‹': '<',
  '›': '>',
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '│': '|',
  '─': '-',
  '×': 'x',
};

// eslint-disable-next-line no-control-regex -- all of ASCII, controls (escape sequences) included
const ASCII = /^[\u0000-\u007f]*$/;

/** `text` with every character outside ASCII replaced by ASCII of its width (a CJK character by `??`, a combining mark by nothing). */
export function asciiOnly(text: string): string {
  if (ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out += ch;
    else out += SYMBOLS[ch] ?? '?'.repeat(cellWidth(ch));
  }
  return out;
}
