// The compare view's pure parts: rows from the engine's differences (the group named once, values
// as the forms show them, whole records summarised), what `>` copies of the chosen rows (identity
// rows only one by one), and how the palette reads `profile:name`.
import { describe, expect, it } from 'vitest';
import { createProfiles, type ProfileSource } from '../../src/app/profiles.js';
import { compareColumns, compareRows, compareStatus, valueText } from '../../src/screens/compare/compare-rows.js';
import { copiedOf } from '../../src/screens/compare/compare-copy.js';
import { compareQuery } from '../../src/screens/palette/compare-items.js';
import type { Difference } from '../../src/transfer/compare.js';

const name: Difference = {
  id: 'configuration:name',
  group: 'settings',
  record: 'configuration',
  field: 'name',
  left: 'a',
  right: 'b',
  identity: true,
};
const gzip: Difference = {
  id: 'rule:/static/:gzip',
  group: 'rules',
  record: 'rule /static/ (regex off)',
  field: 'gzip',
  left: true,
  right: false,
  identity: false,
};
const cache: Difference = {
  id: 'rule:/static/:cache_settings_id',
  group: 'rules',
  record: 'rule /static/ (regex off)',
  field: 'cache_settings_id',
  left: 'images 7d',
  right: null,
  identity: false,
};
const whole: Difference = {
  id: 'rule:/cart:*',
  group: 'rules',
  record: 'rule /cart (regex off)',
  left: { path: '/cart', gzip: false },
  right: undefined,
  identity: false,
};
const ttl: Difference = {
  id: 'error_responses:cache_error_404',
  group: 'error TTLs',
  record: 'error responses',
  field: 'cache_error_404',
  left: 120,
  right: 60,
  identity: false,
};

describe('compare rows', () => {
  it('names each group on its first row and shows both values as the forms do', () => {
    const rows = compareRows([name, gzip, cache, whole, ttl]);
    const columns = compareColumns('staging', 'prod');
    const cells = rows.map((r) => columns.map((c) => c.cell(r)));
    expect(columns.map((c) => c.title)).toEqual(['group', 'record', 'field', '- staging', '+ prod']);
    expect(cells).toEqual([
      ['settings', 'configuration', 'name (identity)', '- a', '+ b'],
      ['rules', 'rule /static/ (regex off)', 'gzip', '- yes', '+ no'],
      ['', 'rule /static/ (regex off)', 'cache_settings_id', '- images 7d', '+ none'],
      ['', 'rule /cart (regex off)', 'whole record', '- path /cart, gzip no', '+ absent'],
      ['error TTLs', 'error responses', 'cache_error_404', '- 120 (2m)', '+ 60 (1m)'],
    ]);
    expect(valueText(gzip, undefined)).toBe('(none)');
  });

  it('counts differences and marks', () => {
    expect(compareStatus(12, 2, '·')).toBe('12 differences · 2 marked');
    expect(compareStatus(1, 0, '·')).toBe('1 difference');
  });

  it('copies identity rows only one by one', () => {
    expect(copiedOf([name])).toEqual({ copied: [name], skipped: 0 });
    expect(copiedOf([name, gzip, ttl])).toEqual({ copied: [gzip, ttl], skipped: 1 });
    expect(copiedOf([])).toEqual({ copied: [], skipped: 0 });
  });
});

describe("the palette's compare query", () => {
  const source: ProfileSource = {
    first: 'staging',
    path: '/nowhere/config.json',
    list: () => ({ entries: [{ name: 'staging' }, { name: 'Prod' }] }),
    open: () => {
      throw new Error('not in this test');
    },
  };
  // The first session is never opened by compareQuery: a stand-in is enough.
  const profiles = createProfiles(
    {
      name: 'staging',
      options: { baseUrl: 'http://x', token: '', label: 'staging', demo: false, readOnly: false, stateDir: '/nowhere' },
      session: undefined as never,
    },
    source,
  );

  it('reads profile:rest for a known profile (any case), else the profile on screen', () => {
    expect(compareQuery('prod:acme', 'staging', profiles)).toEqual({ profile: 'Prod', rest: 'acme' });
    expect(compareQuery('prod: 1528252701', 'staging', profiles)).toEqual({ profile: 'Prod', rest: '1528252701' });
    expect(compareQuery('acme', 'staging', profiles)).toEqual({ profile: 'staging', rest: 'acme' });
    // A colon in a name is not a profile: this profile's configurations are searched for it.
    expect(compareQuery('shop: eu', 'staging', profiles)).toEqual({ profile: 'staging', rest: 'shop: eu' });
    expect(compareQuery('prod:acme', 'staging', undefined)).toEqual({ profile: 'staging', rest: 'prod:acme' });
  });
});
