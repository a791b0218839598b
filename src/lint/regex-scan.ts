// Catastrophic backtracking in a rule's regular expression: a group repeated without bound whose
// body can match one text in many ways, `(a+)+`, `(.*a)*`, `(a|aa)+`. On a request path that nearly
// matches, a backtracking engine tries every way before it gives up: exponential time per request.
//
// A small scanner of the ECMAScript syntax (no u flag), enough to see quantifiers for what they are:
// an escaped character (`\+`, `\(`) is a plain one, a character class `[+*]` is one atom whatever it
// holds, `(?:…)` and named groups are groups, lookarounds `(?=…)` are groups the engine never
// backtracks into (what they hold repeats nothing outside them), and a `{` that starts no `{n}`,
// `{n,}` or `{n,m}` is a plain character. It reads only expressions that compile.
import { splitsTwoWays } from './ambiguity.js';

export interface Catastrophe {
  /** The repeated group as written, with its quantifier: `(a+)+`. */
  readonly group: string;
  /** Its body repeats without bound too (`nested`), or its plain alternatives can split one text two ways (`overlapping`). */
  readonly why: 'nested' | 'overlapping';
}

interface Group {
  /** Where its `(` is (-1: the whole expression). */
  readonly start: number;
  /** A lookaround: atomic, so a quantifier inside it makes no choice the engine comes back to. */
  readonly atomic: boolean;
  /** Its body holds an unbounded quantifier, directly or in a group inside that is not a lookaround. */
  repeats: boolean;
  /** Each alternative's text while it is plain characters; undefined once it holds anything else. */
  readonly alternatives: Array<string | undefined>;
}

interface Quantifier {
  /** `*`, `+` or `{n,}`: the count has no bound. */
  readonly unbounded: boolean;
  /** The index after it (and after its lazy `?`). */
  readonly end: number;
}

const BRACES = /\{(\d+)(,(\d*))?\}/y;

/** The quantifier at `at`, or undefined (a `{` that is no quantifier is a plain character: Annex B). */
function quantifierAt(source: string, at: number): Quantifier | undefined {
  const c = source[at];
  let unbounded = c === '*' || c === '+';
  let end = at + 1;
  if (c === '{') {
    BRACES.lastIndex = at;
    const m = BRACES.exec(source);
    if (!m) return undefined;
    unbounded = m[2] !== undefined && m[3] === '';
    end = at + m[0].length;
  } else if (!unbounded && c !== '?') return undefined;
  return { unbounded, end: source[end] === '?' ? end + 1 : end };
}

/** Where the body of the group opened at `at` starts, and whether it is a lookaround. */
function groupOpening(source: string, at: number): { readonly body: number; readonly atomic: boolean } {
  if (source[at + 1] !== '?') return { body: at + 1, atomic: false };
  const kind = source.slice(at + 2, at + 4);
  if (kind.startsWith('=') || kind.startsWith('!')) return { body: at + 3, atomic: true };
  if (kind === '<=' || kind === '<!') return { body: at + 4, atomic: true };
  // `(?:`, `(?<name>`, `(?i:` / `(?i-m:` (modifiers): a group like any other.
  const close = source.indexOf(kind.startsWith('<') ? '>' : ':', at + 2);
  return { body: close < 0 ? at + 2 : close + 1, atomic: false };
}

/** The index after the character class opened at `at`: escapes skipped, and the first `]` closes it (`[]` is an empty class). */
function classEnd(source: string, at: number): number {
  let i = source[at + 1] === '^' ? at + 2 : at + 1;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Adds an atom to the group's last alternative: its character, or undefined for anything that is not one plain character. */
function append(group: Group, plain: string | undefined): void {
  const last = group.alternatives.length - 1;
  const text = group.alternatives[last];
  group.alternatives[last] = text === undefined || plain === undefined ? undefined : text + plain;
}

/** The atom at `at` (an escape, a class, `.`, an anchor or a plain character): where it ends, and its character when plain. */
function atomAt(source: string, at: number): { readonly end: number; readonly plain: string | undefined } {
  const c = source[at]!;
  if (c === '\\') {
    const escaped = source[at + 1];
    // `\.` is a dot; `\d`, `\b`, `\1`, `\x41` are classes, assertions or references: not plain.
    return { end: at + 2, plain: escaped !== undefined && !/[0-9A-Za-z]/.test(escaped) ? escaped : undefined };
  }
  if (c === '[') return { end: classEnd(source, at), plain: undefined };
  return { end: at + 1, plain: c === '.' || c === '^' || c === '$' ? undefined : c };
}

/** The first group (innermost first) of `source` that can backtrack catastrophically, or undefined. */
export function catastrophe(source: string): Catastrophe | undefined {
  const open: Group[] = [{ start: -1, atomic: false, repeats: false, alternatives: [''] }];
  let i = 0;
  while (i < source.length) {
    const group = open.at(-1)!;
    const c = source[i];
    if (c === '(') {
      const { body, atomic } = groupOpening(source, i);
      append(group, undefined);
      open.push({ start: i, atomic, repeats: false, alternatives: [''] });
      i = body;
    } else if (c === '|') {
      group.alternatives.push('');
      i++;
    } else if (c === ')' && open.length > 1) {
      open.pop();
      const q = quantifierAt(source, i + 1);
      const end = q?.end ?? i + 1;
      if (q?.unbounded && !group.atomic) {
        if (group.repeats) return { group: source.slice(group.start, end), why: 'nested' };
        const words = group.alternatives.filter((w) => w !== undefined);
        if (words.length === group.alternatives.length && splitsTwoWays(words))
          return { group: source.slice(group.start, end), why: 'overlapping' };
      }
      if ((group.repeats && !group.atomic) || q?.unbounded) open.at(-1)!.repeats = true;
      i = end;
    } else {
      const atom = atomAt(source, i);
      const q = quantifierAt(source, atom.end);
      if (q?.unbounded) group.repeats = true;
      append(group, q ? undefined : atom.plain);
      i = q?.end ?? atom.end;
    }
  }
  return undefined;
}
