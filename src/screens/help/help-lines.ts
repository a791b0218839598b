// The lines of the `?` help, laid out for the terminal (UX.md §5): as wide as its longest line up
// to the terminal's width, each description whole (wrapped under itself) as long as the height
// allows; only then are descriptions cut to one line, the later ones first.
import type { Binding } from '../../keys/dispatcher.js';
import { showKey } from '../../keys/names.js';
import { COMMANDS, type Command } from '../../keys/table.js';
import { cellWidth, fit, pad, wrap } from '../../ui/text.js';

export interface HelpEntry {
  /** `↑/k ↓/j`: the keys of each command joined by `/`, the commands by a space. */
  readonly keys: string;
  readonly text: string;
  /** Every command of the entry is disabled here (drawn dim). */
  readonly disabled: boolean;
}

/** What a command does, in the table's longer words where it has them. */
function describe(command: Command): string {
  const spec = COMMANDS[command];
  return 'does' in spec ? spec.does : spec.help;
}

/**
 * One entry per row of the key table (commands sharing a `row` id are one entry, as in the
 * README: `↑/k ↓/j  move`), in the order of the bindings; a reason a key does nothing here follows
 * its words.
 */
export function helpEntries(bindings: readonly Binding[], ascii: boolean): HelpEntry[] {
  const rows = new Map<string, Binding[]>();
  for (const b of bindings) {
    const spec = COMMANDS[b.command];
    const id = 'row' in spec ? spec.row : b.command;
    rows.set(id, [...(rows.get(id) ?? []), b]);
  }
  return [...rows.values()].map((group) => {
    const described = group.find((b) => 'does' in COMMANDS[b.command]) ?? group[0]!;
    const reasons = [...new Set(group.map((b) => b.disabled).filter((d) => d !== undefined))];
    return {
      keys: group.map((b) => COMMANDS[b.command].keys.map((k) => showKey(k, ascii)).join('/')).join(' '),
      text: `${describe(described.command)}${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
      disabled: group.every((b) => b.disabled !== undefined),
    };
  });
}

export interface HelpLine {
  readonly text: string;
  readonly dim: boolean;
}

/** The keys' column at most this wide: longer keys wrap inside it. */
const KEYS_MAX = 12;

/**
 * The entries as lines of one width (returned with them), for a box of at most `width` cells
 * (the lines, without the box's border and padding) and `height` lines.
 */
export function helpLines(entries: readonly HelpEntry[], width: number, height: number, ascii: boolean): { readonly width: number; readonly lines: HelpLine[] } {
  const keysWidth = Math.min(KEYS_MAX, Math.max(1, ...entries.map((e) => cellWidth(e.keys))));
  const longest = Math.max(0, ...entries.map((e) => keysWidth + 1 + cellWidth(e.text)));
  const inner = Math.max(keysWidth + 2, Math.min(width, longest));
  const textWidth = inner - keysWidth - 1;
  // Each entry's lines in full, and the one line it takes when room runs out.
  const full = entries.map((e) => {
    const keys = wrap(e.keys, keysWidth);
    const text = wrap(e.text, textWidth);
    return Array.from({ length: Math.max(keys.length, text.length) }, (_, i) => `${pad(keys[i] ?? '', keysWidth, ascii)} ${text[i] ?? ''}`);
  });
  const short = (e: HelpEntry) => `${pad(e.keys, keysWidth, ascii)} ${fit(e.text, textWidth, ascii)}`;
  const room = Math.max(1, height);
  const listed = entries.length > room ? room - 1 : entries.length;
  let spare = room - listed - (entries.length > listed ? 1 : 0);
  const lines: HelpLine[] = [];
  for (let i = 0; i < listed; i++) {
    const whole = full[i]!;
    const more = whole.length - 1;
    const take = more <= spare ? whole : [short(entries[i]!)];
    if (more <= spare) spare -= more;
    for (const text of take) lines.push({ text, dim: entries[i]!.disabled });
  }
  if (listed < entries.length) lines.push({ text: fit(`${ascii ? '...' : '…'} ${entries.length - listed} more: a taller terminal shows them`, inner, ascii), dim: true });
  return { width: inner, lines };
}
