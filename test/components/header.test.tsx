// The header's right side: half the width at most while all is well; while something fails, all
// that the breadcrumb leaves, so the countdown and the reason show (issue 21), the breadcrumb whole.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Header, fitCrumbs } from '../../src/components/header.js';

const FAILING = 'offline · retrying in 12 s (r now) · cannot reach 127.0.0.1:4010: connection refused';

describe('Header', () => {
  it('failing: the state takes what the breadcrumb leaves; the breadcrumb stays whole', () => {
    const { lastFrame } = render(<Header crumbs={['configurations']} label="prod" readOnly={false} state={FAILING} failing width={110} />);
    expect(lastFrame()).toMatch(
      /^configurations +prod offline · retrying in 12 s \(r now\) · cannot reach 127\.0\.0\.1:4010: connection refused$/,
    );
    // Narrower, the end of the reason goes first.
    const narrow = render(<Header crumbs={['configurations']} label="prod" readOnly={false} state={FAILING} failing width={80} />);
    expect(narrow.lastFrame()).toBe('configurations prod offline · retrying in 12 s (r now) · cannot reach 127.0.0.1…');
  });

  it('all well: the right side keeps to half the width', () => {
    const { lastFrame } = render(
      <Header crumbs={['configurations']} label="prod" readOnly={false} state={`updated ${'x'.repeat(80)}`} failing={false} width={100} />,
    );
    const right = lastFrame()!.slice(50);
    expect(right.trim().startsWith('prod updated')).toBe(true);
    expect(lastFrame()).toContain('…');
  });

  it('a breadcrumb too long cuts its widest crumb first, and keeps a record id whole', () => {
    const crumbs = ['configurations', 'acme public api v2 (1528252703)', 'settings'];
    expect(fitCrumbs(crumbs, ' › ', 80, false)).toBe('configurations › acme public api v2 (1528252703) › settings');
    expect(fitCrumbs(crumbs, ' › ', 46, false)).toBe('configurations › acme… (1528252703) › settings');
    expect(fitCrumbs(crumbs, ' > ', 46, true)).toBe('configurations > acme~ (1528252703) > settings');
    // Too narrow for the id beside a letter of the name: the crumb is cut like any text.
    expect(fitCrumbs(crumbs, ' › ', 30, false)).toBe('configu… › acme pu… › settings');
    const { lastFrame } = render(
      <Header crumbs={crumbs} label="127.0.0.1:41234" readOnly={false} state="updated just now" failing={false} width={80} />,
    );
    expect(lastFrame()).toBe('configurations › acme… (1528252703) › settings  127.0.0.1:41234 updated just now');
  });
});
