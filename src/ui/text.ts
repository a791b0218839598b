// Text from the API shown safely: control characters and escape sequences made visible, never sent
// to the terminal. And the symbols of the screen, with ASCII stand-ins for non-UTF-8 terminals.

/** C0 controls, DEL and C1 controls (ESC among them) become visible caret / hex forms. */
export function safe(text: unknown): string {
  const s = typeof text === 'string' ? text : text === undefined ? '' : JSON.stringify(text);
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return `^${String.fromCharCode(code + 64)}`;
    if (code === 0x7f) return '^?';
    return `\\x${code.toString(16)}`;
  });
}

/** Cuts text to a width (in characters), with an ellipsis when cut. */
export function fit(text: string, width: number, ascii = false): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  return text.slice(0, Math.max(0, width - 1)) + (ascii ? '~' : '…');
}

export function pad(text: string, width: number, ascii = false): string {
  const t = fit(text, width, ascii);
  return t + ' '.repeat(Math.max(0, width - t.length));
}

/** Seconds as the TUI shows them: `90 s (1m 30s)`. */
export function humanDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  return `${Math.floor(s / 3600)}h ago`;
}
