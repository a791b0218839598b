// The cheap test of src/ui/emoji.ts answers as /^\p{RGI_Emoji}$/v does, for every code point and
// for sequences; and the bundle's string-width uses it (its build would fail if it could not).
import { describe, expect, it } from 'vitest';
import { isRgiEmoji } from '../../src/ui/emoji.js';

const RGI = new RegExp('^\\p{RGI_Emoji}$', 'v');

describe('isRgiEmoji', () => {
  it('answers as the RGI_Emoji regex for every single code point', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (isRgiEmoji(s) !== RGI.test(s)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('asks the full regex for sequences: flags, ZWJ, keycaps, variation selectors, skin tones', () => {
    for (const s of ['🇫🇷', '🇫🇿', '👩‍💻', '1️⃣', '❤️', '❤︎', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'ab', 'é', '']) expect(isRgiEmoji(s)).toBe(RGI.test(s));
  });
});
