// Whether words can be strung together into one text in two ways (the Sardinas–Patterson test of
// a uniquely decodable code). A repeated alternation of such words, `(a|aa)+`, gives the regular
// expression engine exponentially many ways to try on a text that nearly matches: a text that
// splits two ways, repeated n times, splits 2^n ways.

/** Whether some text is a string of `words` in two different ways (empty words aside). */
export function splitsTwoWays(words: readonly string[]): boolean {
  const given = words.filter((w) => w !== '');
  const code = new Set(given);
  if (code.size < given.length) return true; // a word twice
  const list = [...code];
  // The dangling suffixes: what one parse has left over where another ended; a parse in two ways
  // shows as a dangling suffix that is itself a word. They are suffixes of the words: finitely many.
  let dangling = list.flatMap((u) => list.filter((v) => v !== u && v.startsWith(u)).map((v) => v.slice(u.length)));
  const seen = new Set<string>();
  while (dangling.length) {
    const next: string[] = [];
    for (const s of dangling) {
      if (code.has(s)) return true;
      if (seen.has(s)) continue;
      seen.add(s);
      for (const w of list) {
        if (w.length > s.length && w.startsWith(s)) next.push(w.slice(s.length));
        if (s.length > w.length && s.startsWith(w)) next.push(s.slice(w.length));
      }
    }
    dangling = next;
  }
  return false;
}
