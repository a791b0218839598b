// The footer fitted to the width (docs/ux.md §5): every key when they fit; else the most important that
// fit, in their order, ending in `? more`; never a word cut in the middle.
import { describe, expect, it } from 'vitest';
import { FOOTER_ORDER, footerLine, type FooterKey } from '../../src/components/footer-keys.js';
import { allCommands } from '../../src/keys/table.js';
import { cellWidth } from '../../src/ui/text.js';

/** The rules tab's keys, as the footer words them. */
const RULES: FooterKey[] = [
  { command: 'up', text: '↑ up' },
  { command: 'down', text: '↓ down' },
  { command: 'open', text: 'Enter edit 5 marked' },
  { command: 'mark', text: 'Space mark' },
  { command: 'create', text: 'n new' },
  { command: 'remove', text: 'd delete 5 marked' },
  { command: 'copy', text: 'c copy 5 marked to…' },
  { command: 'editor', text: 'e edit as JSON' },
  { command: 'reload', text: 'r reload' },
  { command: 'nextTab', text: '] next tab' },
  { command: 'quit', text: 'q back/quit' },
  { command: 'palette', text: ': palette' },
  { command: 'help', text: '? help' },
];
const all = RULES.map((k) => k.text).join('  ');

describe('footerLine', () => {
  it('shows every key when they fit', () => {
    expect(footerLine(RULES, '', cellWidth(all), '? more')).toBe(all);
    expect(footerLine(RULES, '  · 2 pending', 200, '? more')).toBe(`${all}  · 2 pending`);
  });

  it('keeps the most important keys in their order and ends in `? more` when they do not fit', () => {
    const line = footerLine(RULES, '', 100, '? more');
    expect(cellWidth(line)).toBeLessThanOrEqual(100);
    expect(line).toMatch(/^Enter edit 5 marked {2}Space mark {2}n new {2}d delete 5 marked {2}.*q back\/quit.* {2}\? more$/);
    expect(line).not.toContain('↑ up'); // the arrows go first
    expect(line).not.toContain('? help');
    expect(line).not.toMatch(/…$/);
  });

  it('keeps what is pending at the end, after `? more`', () => {
    const line = footerLine(RULES, '  · 3 pending (: pending)', 80, '? more');
    expect(cellWidth(line)).toBeLessThanOrEqual(80);
    expect(line).toContain('Enter edit 5 marked');
    expect(line).toMatch(/ {2}\? more {2}· 3 pending \(: pending\)$/);
  });

  it('passes over a long key for shorter ones that still fit', () => {
    const line = footerLine(RULES, '', 60, '? more');
    expect(line).toContain('q back/quit'); // ranked below `c copy 5 marked to…`, which did not fit
    expect(line).not.toContain('c copy 5 marked to…');
  });

  it('ends in … where no help key says the rest, and cuts only when not even `? more` fits', () => {
    expect(
      footerLine(
        RULES.filter((k) => k.command !== 'help'),
        '',
        60,
        undefined,
      ),
    ).toMatch(/ {2}…$/);
    expect(footerLine(RULES, '', 10, '? more')).toBe('? more');
    expect(footerLine(RULES, '', 4, '? more')).toBe('? m…');
    expect(footerLine(RULES, '', 4, '? more', true)).toBe('? m~');
  });

  it('keeps keys of one row of the key table together: never ↑ up without ↓ down', () => {
    for (let width = 20; width < cellWidth(all); width++) {
      const line = footerLine(RULES, '', width, '? more');
      expect(line.includes('↑ up'), line).toBe(line.includes('↓ down'));
    }
    const form: FooterKey[] = [
      { command: 'up', text: '↑ up' },
      { command: 'down', text: '↓ down' },
      { command: 'edit', text: 'Enter edit' },
      { command: 'revert', text: 'u revert field' },
      { command: 'revertAll', text: 'U revert all' },
      { command: 'review', text: 's review' },
      { command: 'quit', text: 'q back/quit' },
      { command: 'help', text: '? help' },
    ];
    expect(footerLine(form, '', 60, '? more')).toBe('Enter edit  u revert field  U revert all  s review  ? more');
  });

  it('ranks every command of the key table', () => {
    expect([...FOOTER_ORDER].sort()).toEqual([...allCommands()].sort());
  });
});
