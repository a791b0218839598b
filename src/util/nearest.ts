// The name nearest to a mistyped one: the query's unknown field (`gzipp` → gzip), a file's unknown key.

/** Edits (insert, delete, change a letter) from `a` to `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The name nearest to a mistyped one (at most two edits, or one for short names), if one is. */
export function closest(typed: string, names: readonly string[]): string | undefined {
  const most = typed.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = most + 1;
  for (const n of names) {
    const d = distance(typed, n);
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best;
}
