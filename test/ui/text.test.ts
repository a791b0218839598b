// Text is measured in terminal cells, cut on grapheme boundaries, and text from the API can never
// drive the terminal (docs/ux.md §5). Widths are checked against what a terminal draws: string-width is
// what Ink lays out with, and the e2e headless terminal agrees (test/e2e/harness.test.ts).
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  ago,
  agoChangesIn,
  cellWidth,
  fit,
  fitKeeping,
  fitKeepingId,
  graphemes,
  pad,
  padStart,
  safe,
  sliceCells,
  wrap,
} from '../../src/ui/text.js';
import { parseDuration, parseField, showField } from '../../src/ui/values.js';
import { configurationSchema, cacheSettingSchema, type ResourceSchema } from '../../src/schema/index.js';

const WOMAN_TECHNOLOGIST = '👩\u200D💻';
const FAMILY = '👨\u200D👩\u200D👧';
const KEYCAP_ONE = '1\uFE0F\u20E3';
const ZALGO = 'Z\u0351\u0354\u0300\u0301\u0302\u0303\u0308\u0327';
/** One grapheme of each kind, with its width in cells. */
const SAMPLES: ReadonlyArray<[string, number]> = [
  ['a', 1],
  ['東', 2],
  ['😀', 2],
  [WOMAN_TECHNOLOGIST, 2],
  [FAMILY, 2],
  ['🇫🇷', 2],
  ['👍🏽', 2],
  [KEYCAP_ONE, 2],
  ['e\u0301', 1],
  [ZALGO, 1],
  ['Ａ', 2], // fullwidth A
  ['ｶ', 1], // halfwidth katakana
  ['한', 2],
];
const MIXED = SAMPLES.map(([g]) => g).join('') + 'end';

describe('cellWidth', () => {
  it.each(SAMPLES)('%s takes %i cell(s) and is one grapheme', (g, cells) => {
    expect(cellWidth(g)).toBe(cells);
    expect(graphemes(g)).toEqual([g]);
  });

  it('counts CJK and emoji as two cells, marks and zero-width characters as none', () => {
    expect(cellWidth('東京')).toBe(4);
    expect(cellWidth('caf\u00e9 cafe\u0301')).toBe(9);
    expect(cellWidth('a\u200Bb')).toBe(2);
    expect(cellWidth('')).toBe(0);
    expect(cellWidth('plain ascii')).toBe(11);
    expect(cellWidth(MIXED)).toBe(SAMPLES.reduce((sum, [, w]) => sum + w, 0) + 3);
    expect(graphemes(MIXED)).toEqual([...SAMPLES.map(([g]) => g), 'e', 'n', 'd']);
  });
});

describe('fit, pad, padStart', () => {
  it('leave text that fits alone, and cut the rest with … in the last cell', () => {
    expect(fit('東京', 4)).toBe('東京');
    expect(fit('東京タワー', 5)).toBe('東京…');
    expect(fit('東京タワー', 4)).toBe('東…'); // 東京 would leave no cell for the …
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(fit('abcdef', 4, true)).toBe('abc~');
    expect(fit('abc', 0)).toBe('');
    expect(fit('東', 1)).toBe('…');
  });

  it('never split an emoji sequence or a letter from its accent', () => {
    expect(fit(`ab${FAMILY}cd`, 4)).toBe('ab…');
    expect(fit(`ab${FAMILY}cd`, 5)).toBe(`ab${FAMILY}…`);
    expect(fit('cafe\u0301s', 5)).toBe('cafe\u0301s');
    expect(fit('cafe\u0301s!', 5)).toBe('cafe\u0301…');
    expect(fit('🇫🇷🇩🇪🇮🇹', 5)).toBe('🇫🇷🇩🇪…');
    expect(fit(`${ZALGO}${ZALGO}${ZALGO}`, 2)).toBe(`${ZALGO}…`);
  });

  it('give exactly the width asked, padding where a wide grapheme would overshoot', () => {
    expect(pad('東京', 6)).toBe('東京  ');
    expect(pad('東京タワー', 4)).toBe('東… ');
    expect(padStart('東京', 6)).toBe('  東京');
    expect(padStart('東京タワー', 4)).toBe(' 東…');
    expect(pad('abc', 5)).toBe('abc  ');
    expect(padStart('42', 5)).toBe('   42');
    for (let w = 0; w <= cellWidth(MIXED) + 2; w++) {
      for (const out of [pad(MIXED, w), padStart(MIXED, w)]) expect(cellWidth(out), `width ${w}: ${out}`).toBe(w);
      expect(cellWidth(fit(MIXED, w))).toBeLessThanOrEqual(w);
    }
  });
});

describe('wrap', () => {
  it('breaks after a space or ", " near the end of a line, else mid-word', () => {
    expect(wrap('the quick brown fox, jumps over', 12)).toEqual(['the quick ', 'brown fox, ', 'jumps over']);
    expect(wrap('a.example,b.example', 10)).toEqual(['a.example,', 'b.example']);
    expect(wrap('a verylongwordthatgoeson', 10)).toEqual(['a verylong', 'wordthatgo', 'eson']); // the space is too early to break at
    expect(wrap('東京東京東京', 5)).toEqual(['東京', '東京', '東京']);
    expect(wrap(`${FAMILY}${FAMILY}${FAMILY}`, 5)).toEqual([`${FAMILY}${FAMILY}`, FAMILY]);
  });

  it('starts a line at each newline and keeps empty lines', () => {
    expect(wrap('', 10)).toEqual(['']);
    expect(wrap('one\n\ntwo\r\nthree', 10)).toEqual(['one', '', 'two', 'three']);
  });

  it('keeps every grapheme and no line is wider than asked', () => {
    for (let w = 2; w <= 12; w++) {
      const lines = wrap(`${MIXED} and some words, ${MIXED}`, w);
      expect(lines.join('')).toBe(`${MIXED} and some words, ${MIXED}`);
      for (const line of lines) expect(cellWidth(line), `width ${w}: ${line}`).toBeLessThanOrEqual(w);
    }
  });
});

/** What cells [start, start+width) of the text show, worked out cell by cell: a cut wide grapheme is spaces. */
function expectedSlice(text: string, start: number, width: number): string {
  const cells: Array<{ g: string; at: number }> = []; // each cell's grapheme, and the cell where that grapheme starts
  for (const g of graphemes(text)) {
    const at = cells.length;
    for (let i = 0; i < cellWidth(g); i++) cells.push({ g, at });
  }
  let out = '';
  for (let c = start; c < Math.min(start + width, cells.length); c++) {
    const { g, at } = cells[c]!;
    const whole = at >= start && at + cellWidth(g) <= start + width;
    out += !whole ? ' ' : c === at ? g : '';
  }
  return out;
}

describe('sliceCells', () => {
  it('shows the cells of a window on the text, spaces where a wide grapheme is cut', () => {
    expect(sliceCells('a東😀b', 0, 2)).toBe('a ');
    expect(sliceCells('a東😀b', 1, 2)).toBe('東');
    expect(sliceCells('a東😀b', 2, 2)).toBe('  ');
    expect(sliceCells('a東😀b', 4, 5)).toBe(' b');
    expect(sliceCells('a東😀b', 9, 5)).toBe('');
    expect(sliceCells('long ascii value', 5, 5)).toBe('ascii');
  });

  it('at every offset and width of a mixed string', () => {
    const total = cellWidth(MIXED);
    for (let start = 0; start <= total + 1; start++) {
      for (let width = 1; width <= 5; width++) {
        const out = sliceCells(MIXED, start, width);
        expect(out, `start ${start} width ${width}`).toBe(expectedSlice(MIXED, start, width));
        expect(cellWidth(out)).toBe(Math.max(0, Math.min(width, total - start)));
      }
    }
  });
});

describe('safe text', () => {
  it('shows escape sequences and control characters instead of sending them', () => {
    const shown = safe('shop\u001b[2J\u001b]0;owned\u0007\r\n\u009b31m\u007f');
    // eslint-disable-next-line no-control-regex -- the test is that no control character is left
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(shown).toBe('shop^[[2J^[]0;owned^G^M^J\\x9b31m^?');
  });

  it('shows bidi controls instead of obeying them', () => {
    expect(safe('invoice\u202Efdp.exe')).toBe('invoice<U+202E>fdp.exe');
    expect(safe('\u2066a\u2069\u200Eb\u200F\u061C\u202A\u202B\u202C\u202D')).toBe(
      '<U+2066>a<U+2069><U+200E>b<U+200F><U+061C><U+202A><U+202B><U+202C><U+202D>',
    );
  });

  it('shows invisible format characters', () => {
    expect(safe('soft\u00ADhyphen zero\u200Bwidth word\u2060joiner \uFEFFbom')).toBe(
      'soft<U+00AD>hyphen zero<U+200B>width word<U+2060>joiner <U+FEFF>bom',
    );
    expect(safe('a\u200Db')).toBe('a<U+200D>b'); // ZWJ between two letters
    expect(safe('a\u200Cb')).toBe('a<U+200C>b');
    expect(safe('shop\uFE0F')).toBe('shop<U+FE0F>'); // a lone variation selector
    expect(safe('\uFE0E')).toBe('<U+FE0E>');
    expect(safe('tag\u{E0041}\u{E007F}')).toBe('tag<U+E0041><U+E007F>'); // tags outside a flag
    expect(safe('line\u2028sep\u3164')).toBe('line<U+2028>sep<U+3164>');
    expect(safe('lone \uD800 surrogate')).toBe('lone <U+D800> surrogate');
    // A skin tone with nothing to modify would join what is drawn before it, or change width.
    expect(safe('🏽 x🏾 👍🏽')).toBe('<U+1F3FD> x<U+1F3FE> 👍🏽');
  });

  it('keeps emoji sequences, combining marks and every script whole', () => {
    for (const [g] of SAMPLES) expect(safe(g)).toBe(g);
    for (const g of ['🏳️‍🌈', '❤️', '❤︎', '👁️‍🗨️', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '#️⃣', '1\u20E3', '❤\u200D🔥', '東京 ﾃｽﾄ Ελλάδα עברית العربية']) expect(safe(g)).toBe(g);
    expect(safe(`dev ${WOMAN_TECHNOLOGIST}\u202E`)).toBe(`dev ${WOMAN_TECHNOLOGIST}<U+202E>`);
  });

  it('never lets a control or bidi character through, whatever the text', () => {
    const obeyed = /[\p{Cc}\p{Surrogate}\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(safe(s)).not.toMatch(obeyed);
        expect(safe(safe(s))).toBe(safe(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes other values as JSON, and nothing for undefined', () => {
    expect(safe({ a: 1 })).toBe('{"a":1}');
    expect(safe(['x', null])).toBe('["x",null]');
    expect(safe(42)).toBe('42');
    expect(safe(undefined)).toBe('');
    expect(safe(10n)).toBe('10');
    expect(safe('\u001b')).toBe('^[');
  });
});

describe('property: random text mixing ASCII, CJK, emoji sequences and combining marks', () => {
  const piece = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 4 }),
    fc.constantFrom(...SAMPLES.map(([g]) => g), '東京', '\u0301', '\u0308', '\u200D', '\uFE0F', ' ', ', ', '🇯', '🇵', '🏽'),
  );
  const text = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(''));
  const options = { numRuns: 500 };

  it('measures as string-width does, and as the sum of its graphemes', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(cellWidth(s)).toBe(stringWidth(s));
        expect(graphemes(s).reduce((sum, g) => sum + cellWidth(g), 0)).toBe(cellWidth(s));
        expect(graphemes(s).join('')).toBe(s);
      }),
      options,
    );
  });

  it('pads to exactly the width and fits to a prefix of whole graphemes', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 50 }), (s, w) => {
        expect(cellWidth(pad(s, w))).toBe(w);
        // A text that starts with a mark or skin tone joins what is before it: safe() shows those.
        expect(cellWidth(padStart(safe(s), w))).toBe(w);
        const fitted = fit(s, w);
        expect(cellWidth(fitted)).toBeLessThanOrEqual(w);
        const kept = graphemes(fitted);
        if (w === 0) expect(fitted).toBe('');
        else if (fitted !== s) expect(kept.pop()).toBe('…');
        expect(graphemes(s).slice(0, kept.length)).toEqual(kept);
      }),
      options,
    );
  });

  it('wraps without losing a grapheme or overflowing a line', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 30 }), (s, w) => {
        const lines = wrap(s, w);
        expect(lines.join('')).toBe(s);
        for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(w);
      }),
      options,
    );
  });
});

describe('speed', () => {
  // A cell of every visible row runs through these each frame: a 10,000-character value must not
  // cost more than a few milliseconds (linear walks; a quadratic one takes seconds here).
  const long = Array.from({ length: 4000 }, (_, i) => SAMPLES[i % SAMPLES.length]![0]).join('');
  const fastest = (f: () => unknown) => {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      f();
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };
  it('handles a 10,000-character text in milliseconds', () => {
    expect(long.length).toBeGreaterThan(10_000);
    const total = cellWidth(long);
    for (const op of [
      () => fit(long, total - 1),
      () => pad(long, total + 5),
      () => fit(long, 40),
      () => wrap(long, 40),
      () => sliceCells(long, total - 50, 40),
      () => safe(long),
    ]) {
      expect(fastest(op)).toBeLessThan(50);
    }
    expect(fastest(() => pad('x'.repeat(10_000), 9_999))).toBeLessThan(5);
  });
});

describe('values', () => {
  const field = (schema: ResourceSchema, name: string) => schema.fields.find((f) => f.name === name)!;
  it('reads durations as seconds', () => {
    expect([
      parseDuration('90'),
      parseDuration('5m'),
      parseDuration('1h'),
      parseDuration('2d'),
      parseDuration('1h30m'),
      parseDuration('5x'),
    ]).toEqual([90, 300, 3600, 172800, 5400, undefined]);
    expect(parseField(field(cacheSettingSchema, 'cdn_cache_settings_maximum_ttl'), '5m')).toBe(300);
  });
  it('reads lists, nullable ids and keeps what it cannot read for the schema to explain', () => {
    expect(parseField(field(configurationSchema, 'cname'), 'a.example, b.example c.example')).toEqual([
      'a.example',
      'b.example',
      'c.example',
    ]);
    expect(parseField(field(configurationSchema, 'digital_certificate'), 'none')).toBeNull();
    expect(parseField(field(configurationSchema, 'digital_certificate'), 'abc')).toBe('abc');
    expect(showField(field(cacheSettingSchema, 'cdn_cache_settings_maximum_ttl'), 3600)).toBe('3600 (1h)');
  });
});

describe('ago (the header\'s "updated … ago")', () => {
  it('says just now for a minute, then minutes, then hours', () => {
    expect([0, 59_999, 60_000, 3_599_999, 3_600_000, 7_300_000].map(ago)).toEqual([
      'just now',
      'just now',
      '1 min ago',
      '59 min ago',
      '1 h ago',
      '2 h ago',
    ]);
  });

  it('changes exactly when agoChangesIn says, and not before (the header redraws only then)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 3_600_000 }), (ms) => {
        const next = agoChangesIn(ms);
        expect(next).toBeGreaterThan(0);
        expect(ago(ms + next - 1)).toBe(ago(ms));
        expect(ago(ms + next)).not.toBe(ago(ms));
      }),
    );
  });
});

describe('fitKeepingId', () => {
  it('cuts the name and keeps a record id at the end whole, while a grapheme of the name fits beside it', () => {
    expect(fitKeepingId('acme public api v2 (1528252703)', 40)).toBe('acme public api v2 (1528252703)');
    expect(fitKeepingId('acme public api v2 (1528252703)', 20)).toBe('acme p… (1528252703)');
    expect(fitKeepingId('acme public api v2 (1528252703)', 18)).toBe('acme… (1528252703)'); // not `acme …`
    expect(fitKeepingId('東京ストア (1528252703)', 18)).toBe('東京… (1528252703)');
    expect(fitKeepingId('acme public api v2 (1528252703)', 18, true)).toBe('acme~ (1528252703)');
    // No room for the id beside a letter, or no id: cut as any text.
    expect(fitKeepingId('acme public api v2 (1528252703)', 14)).toBe('acme public a…');
    expect(fitKeepingId('acme public api v2', 10)).toBe('acme publ…');
    for (const width of [1, 5, 13, 15, 19, 25])
      expect(cellWidth(fitKeepingId('acme public api v2 (1528252703)', width))).toBeLessThanOrEqual(width);
  });
});

describe('fitKeeping (a status line that offers keys)', () => {
  const quit = 'unsaved: 1 pending change (kept in the journal) · q again to quit, : pending to review';
  it('cuts the words and keeps the keys', () => {
    expect(fitKeeping(quit, 'q again to quit, : pending to review', 60)).toBe(
      'unsaved: 1 pending cha… q again to quit, : pending to review',
    );
    expect(fitKeeping(quit, 'q again to quit, : pending to review', 200)).toBe(quit);
  });
  it('cuts what follows the keys first, then what comes before them', () => {
    const undo = '2 applied, 1 failed · u undo the 2 applied: POST /rules refused (limit)';
    expect(fitKeeping(undo, 'u undo the 2 applied', 50)).toBe('2 applied, 1 failed · u undo the 2 applied: POST …');
    expect(fitKeeping(undo, 'u undo the 2 applied', 30)).toBe('2 applie… u undo the 2 applied');
  });
  it('is never wider than asked, whatever the widths', () => {
    for (let w = 0; w < 100; w++) expect(cellWidth(fitKeeping(quit, 'q again to quit', w))).toBeLessThanOrEqual(w);
  });
});
