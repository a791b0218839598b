// The `?` help laid out (UX.md §5): up to the terminal's width before any text is cut, every
// description whole (wrapped under itself) while the height allows, one entry per row of the key table.
import { describe, expect, it } from 'vitest';
import type { Binding } from '../../src/keys/dispatcher.js';
import { COMMANDS, type Command } from '../../src/keys/table.js';
import { helpEntries, helpLines } from '../../src/screens/help/help-lines.js';
import { cellWidth } from '../../src/ui/text.js';

const bind = (command: Command, disabled?: string): Binding => ({ command, run: () => undefined, ...(disabled ? { disabled } : {}) });
const RULES = (['up', 'down', 'pageUp', 'pageDown', 'top', 'bottom', 'open', 'mark', 'remove', 'copy', 'tab1', 'tab2', 'tab3', 'tab4', 'tab5', 'prevTab', 'nextTab', 'clone', 'quit'] as const).map((c) => bind(c));
const does = (c: Command): string => {
  const spec = COMMANDS[c];
  return 'does' in spec ? spec.does : spec.help;
};

describe('help entries', () => {
  it('are one per row of the key table, with its keys and its words', () => {
    const entries = helpEntries(RULES, false);
    expect(entries.map((e) => e.keys)).toEqual(['↑/k ↓/j', 'PgUp/Ctrl-b PgDn/Ctrl-f Home/g End/G', 'Enter', 'Space', 'd', 'c', '1 2 3 4 5', '[ ]', 'C', 'q']);
    expect(entries[0]!.text).toBe('move');
    expect(entries[6]!.text).toBe(does('tab1'));
  });

  it('say why a key does nothing here, dim', () => {
    const [entry] = helpEntries([bind('remove', 'read-only')], false);
    expect(entry).toEqual({ keys: 'd', text: `${does('remove')} (read-only)`, disabled: true });
  });
});

describe('help lines', () => {
  const entries = helpEntries(RULES, false);

  it('show every description whole in a 120-column terminal, wrapped under itself', () => {
    const { width, lines } = helpLines(entries, 116, 40, false);
    expect(width).toBe(116);
    for (const l of lines) expect(cellWidth(l.text)).toBeLessThanOrEqual(116);
    const text = lines.map((l) => l.text.slice(13).trim()).join(' ');
    for (const c of ['remove', 'copy', 'clone'] as const) expect(text).toContain(does(c));
    expect(lines.some((l) => l.text.includes('…'))).toBe(false);
  });

  it('are as wide as the longest line when the terminal is wider', () => {
    const { width, lines } = helpLines(helpEntries([bind('up'), bind('down'), bind('quit')], false), 196, 40, false);
    expect(width).toBe(7 + 1 + does('quit').length);
    expect(lines.map((l) => l.text.trimEnd())).toEqual(['↑/k ↓/j move', `q       ${does('quit')}`]);
  });

  it('cut descriptions to a line, the later ones first, only when the height runs out', () => {
    const { lines } = helpLines(entries, 60, 12, false);
    expect(lines).toHaveLength(12);
    expect(lines.map((l) => l.text).join('\n')).toContain('…');
    const { lines: few } = helpLines(entries, 60, 5, false);
    expect(few).toHaveLength(5);
    expect(few.at(-1)!.text).toBe('… 6 more: a taller terminal shows them');
  });
});
