import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiOnly } from '../../src/ui/ascii.js';
import { cellWidth } from '../../src/ui/text.js';

describe('asciiOnly (a terminal without UTF-8)', () => {
  it('says the screens’ symbols in ASCII', () => {
    expect(asciiOnly('/img  30 s → 5 min · 3 marked …')).toBe('/img  30 s > 5 min . 3 marked ~');
    expect(asciiOnly('Space mark ↓ — ‘quoted’')).toBe("Space mark v - 'quoted'");
    expect(asciiOnly('plain ascii \x1b[1mbold\x1b[22m')).toBe('plain ascii \x1b[1mbold\x1b[22m');
  });

  it('writes no byte outside ASCII and keeps each text as wide as it was (the layout holds)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('→', '·', '…', '東', 'é', 'e\u0301', '😀', '│'),
            fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
          ),
        }),
        (text) => {
          const out = asciiOnly(text);
          // eslint-disable-next-line no-control-regex -- controls (escape sequences) are ASCII too
          expect(/^[\x20-\x7e]*$/.test(out.replace(/[\x00-\x1f\x7f]/g, ''))).toBe(true);
          expect(cellWidth(out)).toBe(cellWidth(text));
        },
      ),
    );
  });
});
