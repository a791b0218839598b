// Which restored drafts the server already has (issue 21): only once what they change was read in
// this session; an edit whose record holds every value it sends, a delete whose record is gone.
import { describe, expect, it } from 'vitest';
import { alreadyApplied, toReadAgain, type DataState, type Draft } from '../../src/store/index.js';

const rule = {
  id: 45,
  path: '/a/',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: 1,
  gzip: false,
  redirect_to: '',
  forward_cookies: 'all',
  waf_rule_set_id: null,
  edge_firewall_id: null,
  cache_settings_id: null,
};
const edit: Draft = {
  target: { kind: 'rule', op: 'update', conf: 7, id: 45 },
  base: rule,
  values: { ...rule, gzip: true },
  startedAt: 0,
  updatedAt: 0,
};
const remove: Draft = {
  target: { kind: 'rule', op: 'delete', conf: 7, id: 46 },
  base: { ...rule, id: 46 },
  values: { ...rule, id: 46 },
  startedAt: 0,
  updatedAt: 0,
};

function state(server: Array<typeof rule> | undefined, kept = false): Pick<DataState, 'drafts' | 'records' | 'lists'> {
  const records = Object.fromEntries((server ?? []).map((r) => [`rule:7:${r.id}`, r]));
  const lists: DataState['lists'] = server
    ? { 'rule:7': { keys: Object.keys(records), total: server.length, loadedAt: 0, ...(kept ? { kept: true } : {}) } }
    : {};
  return { drafts: { 'rule:7:45': edit, 'rule:7:46': remove }, records, lists };
}

describe('already applied', () => {
  it('an edit whose record, read in this session, holds what it would send', () => {
    expect(alreadyApplied(state([{ ...rule, gzip: true }]), 'rule:7:45')).toBe(true);
    expect(alreadyApplied(state([rule]), 'rule:7:45')).toBe(false);
  });

  it('a delete whose record is gone from its list read in this session', () => {
    expect(alreadyApplied(state([rule]), 'rule:7:46')).toBe(true);
    expect(alreadyApplied(state([rule, { ...rule, id: 46 }]), 'rule:7:46')).toBe(false);
  });

  it('nothing is said from a list not read yet, or kept by an earlier session: it is read again first', () => {
    expect(alreadyApplied(state(undefined), 'rule:7:45')).toBe(false);
    expect(alreadyApplied(state([{ ...rule, gzip: true }], true), 'rule:7:45')).toBe(false);
    expect(alreadyApplied(state([rule], true), 'rule:7:46')).toBe(false);
    expect(toReadAgain(state(undefined), ['rule:7:45', 'rule:7:46'])).toEqual(['rule:7']);
    expect(toReadAgain(state([rule]), ['rule:7:45', 'rule:7:46'])).toEqual([]);
  });
});
