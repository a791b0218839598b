// The key table: every key names one meaning per place, and the README's table is the table's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyTableMarkdown, withKeyTable } from '../../src/keys/readme-table.js';
import { COMMANDS, allCommands, commandsOf, markedLabel } from '../../src/keys/table.js';

describe('key table', () => {
  it('maps keys to their commands (a key may mean several things in different places)', () => {
    expect(commandsOf('j')).toEqual(['down']);
    expect(commandsOf('enter')).toEqual(expect.arrayContaining(['open', 'edit', 'choose', 'keep']));
    expect(commandsOf('esc')).toEqual(expect.arrayContaining(['drop', 'cancel', 'back']));
    expect(commandsOf('ctrl-c')).toEqual(['forceQuit']);
    expect(commandsOf('x')).toEqual(['dropChange']);
    expect(commandsOf('w')).toEqual([]);
  });

  it('gives every command keys, footer words and a place', () => {
    for (const c of allCommands()) {
      expect(COMMANDS[c].keys.length, c).toBeGreaterThan(0);
      expect(COMMANDS[c].help.length, c).toBeGreaterThan(0);
      expect(COMMANDS[c].where.length, c).toBeGreaterThan(0);
    }
  });

  it('words the footer for marked rows: Enter edits them, d deletes them, others stay as they are', () => {
    expect(markedLabel('open', 5)).toBe('edit 5 marked');
    expect(markedLabel('remove', 40)).toBe('delete 40 marked');
    expect(markedLabel('copy', 2)).toBe('copy 2 marked to…');
    expect(markedLabel('open', 0)).toBeUndefined();
    expect(markedLabel('reload', 3)).toBeUndefined();
  });

  it("is the README's key table (run node scripts/key-table.mjs after changing a key)", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(withKeyTable(readme)).toBe(readme);
    expect(readme).toContain(keyTableMarkdown());
    expect(keyTableMarkdown()).toContain('| `↑`/`k`, `↓`/`j` | lists, forms, grid | move |');
  });
});
