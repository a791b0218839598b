// A JSON syntax error described for a person: what and where (line, column), without the excerpt
// of the text V8 puts in its messages (a config file's excerpt could show a token).

/** One phrase like `unexpected character at line 3 column 14`, for text JSON.parse refused. */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!/^Unexpected token/.test(message)) {
    const cleaned = message.replace(/,?\s*(\.\.\.)?".*" is not valid JSON$/s, '').trim();
    return cleaned.charAt(0).toLowerCase() + cleaned.slice(1);
  }
  const offset = jsonErrorOffset(text);
  if (offset < 0) return 'unexpected character';
  if (offset >= text.length) return 'unexpected end of the text';
  const before = text.slice(0, offset).split('\n');
  return `unexpected character at line ${before.length} column ${before.at(-1)!.length + 1}`;
}

/** Where a strict JSON parse fails in `text` (a small validator), or -1 when it does not. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (c: string): void => {
    if (text[i] !== c) fail();
    i++;
  };
  const str = (): void => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      i++;
      if (c === '"') return;
      if (c === '\\') {
        const e = text[i];
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
        else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail();
      }
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) return void i++;
      for (;;) {
        if (c === '{') {
          ws();
          str();
          ws();
          expect(':');
        }
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect(close);
      }
    }
    if (c === '"') return str();
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (e) {
    return typeof e === 'number' ? e : -1;
  }
}
