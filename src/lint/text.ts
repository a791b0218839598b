// How a finding names a value: quoted as JSON (so a space, a quote or a line break shows), with the
// characters a terminal would obey rather than draw shown as \u escapes, and cut when long. The
// values come from the API or from a file: a hostile one must not rewrite the terminal.

/** C1 controls and DEL, and invisible format characters (bidi controls, zero-width ones, BOM). */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` with every control or invisible format character shown as its \u escape. */
export function printable(text: string): string {
  return text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The longest value a message quotes whole, in characters. */
const LONGEST = 100;

/** `"value"` for a message: JSON-quoted, printable, at most LONGEST characters (then `…`). */
export function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const chars = [...text];
  const cut = chars.length > LONGEST ? `${chars.slice(0, LONGEST - 1).join('')}…` : text;
  return printable(JSON.stringify(cut));
}

/** `"a", "b" and 3 more`: the first few values of a list, quoted. */
export function quotedList(values: readonly string[], shown = 3): string {
  const first = values.slice(0, shown).map(quoted);
  const more = values.length - first.length;
  if (more > 0) return `${first.join(', ')} and ${more} more`;
  return first.length > 1 ? `${first.slice(0, -1).join(', ')} and ${first.at(-1)}` : (first[0] ?? '');
}
