// The line under every list (docs/ux.md §5): shown, total, marked, the filter — as text, and drawn.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { ListStatus, listStatus } from '../../src/components/list-status.js';
import { KeyRouter } from '../../src/keys/key-router.js';

const RULES = ['rule', 'rules'] as const;

describe('list status line', () => {
  it('says shown of total, then marked and the filter when there are some', () => {
    expect(listStatus({ shown: 37, total: 120, what: RULES, marked: 5, filter: 'img' })).toBe('37 of 120 rules · 5 marked · /img');
    expect(listStatus({ shown: 12, total: 12, what: ['configuration', 'configurations'] })).toBe('12 of 12 configurations');
    expect(listStatus({ shown: 1, total: 1, what: RULES })).toBe('1 of 1 rule');
    expect(listStatus({ shown: 0, total: 0, what: RULES })).toBe('0 of 0 rules');
  });

  it('says how many marked rows the filter hides, so no mark is ever invisible', () => {
    expect(listStatus({ shown: 3, total: 12, what: RULES, marked: 3, markedHidden: 1, filter: 'shop' })).toBe(
      '3 of 12 rules · 3 marked (1 hidden by the filter) · /shop',
    );
  });

  it('keeps saying that pages are still coming, and a cap on what is listed', () => {
    expect(listStatus({ shown: 1000, total: 100_000, what: ['configuration', 'configurations'], loading: true })).toBe(
      '1000 of 100000 configurations, loading…',
    );
    expect(listStatus({ shown: 500, more: true, total: 2000, what: ['entry', 'entries'] })).toBe('500+ of 2000 entries');
    expect(listStatus({ shown: 4, total: 4, what: ['change sent', 'changes sent'], note: 'the newest 1,000 are kept' }, '.')).toBe(
      '4 of 4 changes sent . the newest 1,000 are kept',
    );
  });

  it('draws the line, cut to the width, or the filter input while it is typed', () => {
    const counts = { shown: 37, total: 120, what: RULES, marked: 5, filter: 'img' };
    expect(render(<ListStatus counts={counts} width={80} />).lastFrame()).toBe('37 of 120 rules · 5 marked · /img');
    expect(render(<ListStatus counts={counts} width={20} />).lastFrame()).toBe('37 of 120 rules · 5…');
    const typing = render(
      <KeyRouter>
        <ListStatus counts={counts} width={40} filtering filterText="img" onFilter={() => undefined} />
      </KeyRouter>,
    );
    expect(typing.lastFrame()).toMatch(/^\/img/);
  });
});
