// Which compare rows have a draft pending on either side: the record a difference names is found
// in that side's store (settings and error TTLs by the configuration, a rule by path + regex, a
// cache setting by name) and has a draft there.
import { describe, expect, it } from 'vitest';
import { pendingDifferences } from '../../src/screens/compare/compare-pending.js';
import type { Difference } from '../../src/transfer/compare.js';

const d = (id: string, group: Difference['group']): Difference => ({
  id,
  group,
  record: id,
  field: 'x',
  left: 1,
  right: 2,
  identity: false,
});
const draft = { target: { kind: 'rule', op: 'edit', conf: 7, id: 45 }, values: {}, startedAt: 0, updatedAt: 0 } as const;

describe('pendingDifferences', () => {
  it('marks the rows whose record has a draft on one side or the other', () => {
    const differences = [
      d('configuration:active', 'settings'),
      d('rule:/img/:gzip', 'rules'),
      d('rule:^/a (regex):gzip', 'rules'),
      d('cache_setting:images:*', 'cache settings'),
      d('error_responses:cache_error_404', 'error TTLs'),
    ];
    const left = {
      lists: { 'rule:7': { keys: ['rule:7:45', 'rule:7:46'] }, 'cache_setting:7': { keys: ['cache_setting:7:3'] } },
      records: {
        'rule:7:45': { id: 45, path: '/img/', regex: false },
        'rule:7:46': { id: 46, path: '^/a', regex: true },
        'cache_setting:7:3': { id: 3, name: 'images' },
      },
      drafts: { 'rule:7:46': draft },
    };
    const right = { lists: {}, records: {}, drafts: { 'error_responses:9': draft, 'rule:9:1': draft } };
    const sides = [
      { state: left, conf: 7 },
      { state: right, conf: 9 },
    ] as unknown as Parameters<typeof pendingDifferences>[1];
    expect([...pendingDifferences(differences, sides)]).toEqual(['rule:^/a (regex):gzip', 'error_responses:cache_error_404']);
  });
});
