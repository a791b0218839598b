// The lines of the `?` help, laid out for the terminal (docs/ux.md §5): as wide as its longest line up
// to the terminal's width, every description whole (wrapped under itself); taller than the
// terminal, it scrolls (↓/j, PgDn) and its last line says so.
import type { Binding } from '../../keys/key-router.js';
import { showKey } from '../../keys/names.js';
import { COMMANDS, type Command } from '../../keys/table.js';
import { cellWidth, fit, pad, wrap } from '../../ui/text.js';

export interface HelpEntry {
  /** `↑/k`: the keys of the command joined by `/`. */
  readonly keys: string;
  readonly text: string;
  /** The key is disabled here (drawn dim). */
  readonly disabled: boolean;
}

/** What a command does: a key alone on its row of the key table in its longer words; one of a row (↑ and ↓, PgUp … End) in its own. */
function describe(command: Command): string {
  const spec = COMMANDS[command];
  const alone = !('row' in spec);
  return alone && 'does' in spec ? spec.does : spec.help;
}

/**
 * One entry per key of the view, in the order of its bindings (`↑/k up`, `PgDn/Ctrl-f page down`:
 * each with its own words); a reason a key does nothing here follows its words.
 */
export function helpEntries(bindings: readonly Binding[], ascii: boolean): HelpEntry[] {
  return bindings.map((b) => ({
    keys: COMMANDS[b.command].keys.map((k) => showKey(k, ascii)).join('/'),
    text: `${describe(b.command)}${b.disabled ? ` (${b.disabled})` : ''}`,
    disabled: b.disabled !== undefined,
  }));
}

export interface HelpLine {
  readonly text: string;
  readonly dim: boolean;
}

/** The keys' column at most this wide: longer keys wrap inside it. */
const KEYS_MAX = 12;

/**
 * The entries as lines of one width (returned with them), for a box of at most `width` cells (the
 * lines, without the box's border and padding): every description whole, wrapped under itself.
 */
export function helpLines(
  entries: readonly HelpEntry[],
  width: number,
  ascii: boolean,
): { readonly width: number; readonly lines: HelpLine[] } {
  const keysWidth = Math.min(KEYS_MAX, Math.max(1, ...entries.map((e) => cellWidth(e.keys))));
  const longest = Math.max(0, ...entries.map((e) => keysWidth + 1 + cellWidth(e.text)));
  const inner = Math.max(keysWidth + 2, Math.min(width, longest));
  const textWidth = inner - keysWidth - 1;
  const lines: HelpLine[] = [];
  for (const e of entries) {
    const keys = wrap(e.keys, keysWidth);
    const text = wrap(e.text, textWidth);
    for (let i = 0; i < Math.max(keys.length, text.length); i++)
      lines.push({ text: `${pad(keys[i] ?? '', keysWidth, ascii)} ${text[i] ?? ''}`, dim: e.disabled });
  }
  return { width: inner, lines };
}

/** The lines shown from `top` in `height` lines: all of them, or a window and a line that says how to see the rest. */
export function helpWindow(
  lines: readonly HelpLine[],
  top: number,
  height: number,
  width: number,
  ascii: boolean,
): { readonly top: number; readonly lines: HelpLine[] } {
  const room = Math.max(1, height);
  if (lines.length <= room) return { top: 0, lines: [...lines] };
  const shown = Math.max(1, room - 1);
  const from = Math.max(0, Math.min(top, lines.length - shown));
  const to = from + shown;
  const dash = ascii ? '-' : '–';
  const where = `lines ${from + 1}${dash}${to} of ${lines.length}`;
  const how = to < lines.length ? `${ascii ? 'v/j' : '↓/j'} PgDn more` : `${ascii ? '^/k' : '↑/k'} PgUp back`;
  return {
    top: from,
    lines: [...lines.slice(from, to), { text: fit(`${how} · ${where} · any other key closes`, width, ascii), dim: true }],
  };
}
