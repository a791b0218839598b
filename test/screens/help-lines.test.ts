// The `?` help laid out (docs/ux.md §5): up to the terminal's width before any text is cut, every
// description whole (wrapped under itself; a window that scrolls where the height is short), each key with its own words.
import { describe, expect, it } from 'vitest';
import type { Binding } from '../../src/keys/key-router.js';
import { COMMANDS, type Command } from '../../src/keys/table.js';
import { helpEntries, helpLines, helpWindow } from '../../src/screens/help/help-lines.js';
import { cellWidth } from '../../src/ui/text.js';

const bind = (command: Command, disabled?: string): Binding => ({ command, run: () => undefined, ...(disabled ? { disabled } : {}) });
const RULES = (
  [
    'up',
    'down',
    'pageUp',
    'pageDown',
    'top',
    'bottom',
    'open',
    'mark',
    'remove',
    'copy',
    'tab1',
    'tab2',
    'tab3',
    'tab4',
    'tab5',
    'prevTab',
    'nextTab',
    'clone',
    'quit',
  ] as const
).map((c) => bind(c));
/** A key's words in the help: a key alone on its row of the table, its longer ones. */
const does = (c: Command): string => {
  const spec = COMMANDS[c];
  return !('row' in spec) && 'does' in spec ? spec.does : spec.help;
};

describe('help entries', () => {
  it('are one per key, each with its own words (PgDn, Home, End each say what they do)', () => {
    const entries = helpEntries(RULES, false);
    expect(entries.map((e) => e.keys)).toEqual([
      '↑/k',
      '↓/j',
      'PgUp/Ctrl-b',
      'PgDn/Ctrl-f',
      'Home/g',
      'End/G',
      'Enter',
      'Space',
      'd',
      'c',
      '1',
      '2',
      '3',
      '4',
      '5',
      '[',
      ']',
      'C',
      'q',
    ]);
    expect(entries.slice(0, 6).map((e) => e.text)).toEqual(['up', 'down', 'page up', 'page down', 'top', 'bottom']);
    expect(entries[7]!.text).toBe(does('mark'));
    expect(entries.slice(10, 15).map((e) => e.text)).toEqual(['Settings', 'Rules', 'Cache settings', 'Error responses', 'Origins']);
  });

  it('say why a key does nothing here, dim', () => {
    const [entry] = helpEntries([bind('remove', 'read-only')], false);
    expect(entry).toEqual({ keys: 'd', text: `${does('remove')} (read-only)`, disabled: true });
  });
});

describe('help lines', () => {
  const entries = helpEntries(RULES, false);

  it('show every description whole in a 120-column terminal, wrapped under itself', () => {
    const { width, lines } = helpLines(entries, 116, false);
    expect(width).toBe(116);
    for (const l of lines) expect(cellWidth(l.text)).toBeLessThanOrEqual(116);
    const text = lines.map((l) => l.text.slice(12).trim()).join(' '); // after the keys' column (PgUp/Ctrl-b: 11) and a space
    for (const c of ['remove', 'copy', 'clone'] as const) expect(text).toContain(does(c));
    expect(lines.some((l) => l.text.includes('…'))).toBe(false);
  });

  it('are as wide as the longest line when the terminal is wider', () => {
    const { width, lines } = helpLines(helpEntries([bind('up'), bind('down'), bind('quit')], false), 196, false);
    expect(width).toBe(3 + 1 + does('quit').length);
    expect(lines.map((l) => l.text.trimEnd())).toEqual(['↑/k up', '↓/j down', `q   ${does('quit')}`]);
  });

  it('never cut a description: in a terminal too short, a window of them scrolls, its last line says how', () => {
    const { width, lines } = helpLines(entries, 60, false);
    expect(lines.some((l) => l.text.includes('…'))).toBe(false);
    const text = lines.map((l) => l.text.slice(12).trim()).join(' ');
    for (const c of ['mark', 'remove', 'copy', 'clone'] as const) expect(text).toContain(does(c));
    const first = helpWindow(lines, 0, 12, width, false);
    expect(first.lines).toHaveLength(12);
    expect(first.lines.slice(0, 11)).toEqual(lines.slice(0, 11));
    expect(first.lines[11]!.text).toBe(`↓/j PgDn more · lines 1–11 of ${lines.length} · any other key closes`);
    const last = helpWindow(lines, 999, 12, width, false);
    expect(last.top).toBe(lines.length - 11);
    expect(last.lines.slice(0, 11)).toEqual(lines.slice(-11));
    expect(last.lines[11]!.text).toBe(
      `↑/k PgUp back · lines ${lines.length - 10}–${lines.length} of ${lines.length} · any other key closes`,
    );
    expect(helpWindow(lines, 5, 200, width, false)).toEqual({ top: 0, lines });
  });
});
