// The scanner behind regex_catastrophic: a group repeated without bound whose body repeats without
// bound too, or whose plain alternatives split one text two ways. Escapes, character classes,
// lookarounds, named and non-capturing groups read as ECMAScript reads them; common paths stay quiet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitsTwoWays } from '../../src/lint/ambiguity.js';
import { catastrophe } from '../../src/lint/regex-scan.js';

const compiles = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

describe('catastrophe', () => {
  it.each([
    ['^/(a+)+$', '(a+)+', 'nested'],
    ['^/(a*)*$', '(a*)*', 'nested'],
    ['^/(.*a)+$', '(.*a)+', 'nested'],
    ['^/x/(\\w+\\s?)*$', '(\\w+\\s?)*', 'nested'],
    ['^/(?:[a-z]+-?)+\\.html$', '(?:[a-z]+-?)+', 'nested'],
    ['^/(?<slug>a+)+$', '(?<slug>a+)+', 'nested'],
    ['^/((a+)b)*$', '((a+)b)*', 'nested'],
    ['^/((a+)+)+$', '(a+)+', 'nested'], // the innermost first
    ['^/(a{2,})+$', '(a{2,})+', 'nested'],
    ['^/(a+){3,}$', '(a+){3,}', 'nested'],
    ['^/(a+?)+?$', '(a+?)+?', 'nested'],
    ['^/(a|aa)+$', '(a|aa)+', 'overlapping'],
    ['^/(ab|a|ba)*$', '(ab|a|ba)*', 'overlapping'],
    ['^/(?:x|x)+$', '(?:x|x)+', 'overlapping'],
    ['^/(\\.|\\.\\.)+$', '(\\.|\\.\\.)+', 'overlapping'],
  ])('%s: the group %s (%s)', (source, group, why) => {
    expect(compiles(source)).toBe(true);
    expect(catastrophe(source)).toEqual({ group, why });
  });

  it.each([
    '~ \\.(jpe?g|png|webp)$',
    '^/(en|de)/.*$',
    '^/static/.*\\.(css|js)$',
    '^/(a|ab)+$', // a code: every text splits one way
    '^/(a+){2}$', // bounded repetition: polynomial at worst
    '^/(a+)?$',
    '^/(\\d{1,3}\\.){3}\\d{1,3}$',
    '^/\\(a+\\)+$', // escaped parentheses: no group
    '^/a\\+\\+$',
    '^/[(+*]+x$', // a class holds no group and no quantifier
    '^/[\\]+]+$',
    '^/([+*])+$',
    '^/(?=a+)+b$', // a lookaround is atomic
    '^/((?=a+)b)+$',
    '^/(?<=a+)b*$',
    '^/a{,5}(b)+$', // `{,5}` is no quantifier: plain characters
    '^/([a-z]{2}-[a-z]{2})+$',
    '^/(x)*-(y)+$', // two repeated groups side by side, neither repeating inside
  ])('%s: none', (source) => {
    expect(compiles(source)).toBe(true);
    expect(catastrophe(source)).toBeUndefined();
  });

  const plain = fc.constantFrom(...'abcxyz019/-_~%'.split(''));
  const escaped = fc.constantFrom(
    ...['\\+', '\\*', '\\?', '\\{', '\\}', '\\(', '\\)', '\\[', '\\]', '\\|', '\\.', '\\\\', '\\/', '\\$', '\\^'],
  );
  const klass = fc.constantFrom('[+]', '[*?]', '[a-z+]', '[^*]', '[\\]+]', '[(]', '[)|]', '[{2,}]', '[]');
  const unbounded = fc.constantFrom('*', '+', '{2,}', '{0,}', '*?', '+?', '{1,}?');

  it('an escaped character is never a quantifier, a group or an alternative (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(plain, escaped), { minLength: 1, maxLength: 12 }), unbounded, (pieces, q) => {
        const source = `^/(${pieces.join('')})${q}$`;
        expect(compiles(source)).toBe(true);
        expect(catastrophe(source)).toBeUndefined();
      }),
    );
  });

  it('what a character class holds is never a quantifier or a group (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(plain, klass), { minLength: 1, maxLength: 8 }), unbounded, (pieces, q) => {
        const source = `^/(?:${pieces.join('')})${q}`;
        expect(compiles(source)).toBe(true);
        expect(catastrophe(source)).toBeUndefined();
      }),
    );
  });

  it('an unbounded quantifier inside a group repeated without bound is found, however deep (property)', () => {
    const atom = fc.oneof(plain, escaped, klass, fc.constant('.'), fc.constant('\\d'));
    const opening = fc.constantFrom('(', '(?:', '(?<g>');
    const piece = fc.array(fc.oneof(plain, escaped, klass), { maxLength: 4 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        piece,
        atom,
        unbounded,
        piece,
        fc.array(opening, { minLength: 1, maxLength: 3 }),
        unbounded,
        (before, a, inner, after, openings, outer) => {
          // `(?<g>` may stand once: a name is unique.
          const groups = openings.map((o, i) => (o === '(?<g>' && i > 0 ? '(' : o));
          const source = `^/${groups.join('')}${before}${a}${inner}${after}${')'.repeat(groups.length)}${outer}`;
          expect(compiles(source)).toBe(true);
          expect(catastrophe(source)?.why).toBe('nested');
        },
      ),
    );
  });

  it('never throws and always ends, on any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'()[]{}|\\*+?.^$a1,:=!<>-'.split('')), maxLength: 40 }), (source) => {
        catastrophe(source);
      }),
    );
  });
});

describe('splitsTwoWays (Sardinas–Patterson)', () => {
  const words: string[] = [];
  for (const n of [1, 2, 3])
    for (let i = 0; i < 1 << n; i++) words.push([...i.toString(2).padStart(n, '0')].map((d) => (d === '0' ? 'a' : 'b')).join(''));

  /** Whether some text of at most `longest` characters is a string of `set` in two ways: counts the parses of every such text. */
  function bruteForce(set: readonly string[], longest: number): boolean {
    const texts = new Set(['']);
    let frontier = [''];
    while (frontier.length) {
      frontier = frontier.flatMap((t) => set.map((w) => t + w)).filter((t) => t.length <= longest && !texts.has(t));
      for (const t of frontier) texts.add(t);
    }
    const parses = new Map<string, number>([['', 1]]);
    for (const t of [...texts].sort((a, b) => a.length - b.length).slice(1)) {
      const n = set.reduce((sum, w) => sum + (t.endsWith(w) ? (parses.get(t.slice(0, -w.length)) ?? 0) : 0), 0);
      if (n >= 2) return true;
      parses.set(t, n);
    }
    return false;
  }

  it('agrees with counting the parses, for every set of 2 to 4 words of up to 3 letters over {a, b}', () => {
    const sets: string[][] = [];
    const choose = (from: number, chosen: string[]) => {
      if (chosen.length >= 2) sets.push(chosen);
      if (chosen.length < 4) for (let i = from; i < words.length; i++) choose(i + 1, [...chosen, words[i]!]);
    };
    choose(0, []);
    expect(sets).toHaveLength(1456);
    const disagree = sets.filter((set) => splitsTwoWays(set) !== bruteForce(set, 12)).map((set) => set.join('|'));
    expect(disagree).toEqual([]);
    expect(sets.filter((set) => splitsTwoWays(set)).length).toBeGreaterThan(100); // both answers occur
  });

  it('a word twice splits two ways; empty words are left out', () => {
    expect(splitsTwoWays(['ab', 'ab'])).toBe(true);
    expect(splitsTwoWays(['', 'a'])).toBe(false);
    expect(splitsTwoWays(['a'])).toBe(false);
  });
});
