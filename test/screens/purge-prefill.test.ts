// The URLs a purge form starts with: the configuration's hosts × the rules' paths, as a user would
// type them (no scheme), and what could not be prefilled said in a note.
import { describe, expect, it } from 'vitest';
import { purgeHosts, purgePrefill } from '../../src/screens/purge/prefill.js';
import { purgeOffer } from '../../src/screens/purge/offer.js';

const conf = {
  id: 7,
  name: 'shop',
  domain_name: 'abc123def4.map.edge.example',
  cname: ['shop.acme.example', 'WWW.acme.example'],
  cname_access_only: false,
};

describe('purge prefill', () => {
  it('purges a whole configuration as a wildcard of each host', () => {
    expect(purgePrefill(conf)).toEqual({
      kind: 'wildcard',
      urls: ['abc123def4.map.edge.example/*', 'shop.acme.example/*', 'www.acme.example/*'],
      notes: [],
    });
  });

  it('turns a path prefix into host/path* on every host', () => {
    const p = purgePrefill(conf, [{ id: 1, path: '/static/', regex: false }]);
    expect(p.kind).toBe('wildcard');
    expect(p.urls).toEqual(['abc123def4.map.edge.example/static/*', 'shop.acme.example/static/*', 'www.acme.example/static/*']);
  });

  it('purges one file as its URLs, not a wildcard', () => {
    const p = purgePrefill({ ...conf, cname: [] }, [{ id: 1, path: '/returns.html', regex: false }]);
    expect(p).toEqual({ kind: 'url', urls: ['abc123def4.map.edge.example/returns.html'], notes: [] });
  });

  it('a prefix among files makes all of them wildcards (one kind per purge)', () => {
    const p = purgePrefill({ ...conf, cname: [] }, [
      { id: 1, path: '/returns.html', regex: false },
      { id: 2, path: '/c/', regex: false },
    ]);
    expect(p.kind).toBe('wildcard');
    expect(p.urls).toEqual(['abc123def4.map.edge.example/returns.html*', 'abc123def4.map.edge.example/c/*']);
  });

  it('cannot turn a regular expression into URLs: the hosts roots, and a note saying so', () => {
    const p = purgePrefill({ ...conf, cname: [] }, [{ id: 1, path: '\\.(png|jpg)$', regex: true }]);
    expect(p.kind).toBe('url');
    expect(p.urls).toEqual(['abc123def4.map.edge.example/']);
    expect(p.notes.join(' ')).toMatch(/regular expression/);
  });

  it('leaves out a wildcard cname and a domain name that does not answer (cname access only), saying why', () => {
    const h = purgeHosts({ ...conf, cname: ['*.preview.acme.example', 'a.acme.example'], cname_access_only: true });
    expect(h.hosts).toEqual(['a.acme.example']);
    expect(h.notes.join(' ')).toMatch(/\*\.preview\.acme\.example/);
    expect(h.notes.join(' ')).toMatch(/cname access only/);
  });
});

describe('the offer after a saved change', () => {
  const lists = { 'rule:7': { keys: ['rule:7:1', 'rule:7:2'], total: 2, loadedAt: 0 } };
  const records = { 'rule:7:1': { id: 1, path: '/a/', cache_settings_id: 5 }, 'rule:7:2': { id: 2, path: '/b/', cache_settings_id: null } };
  it('offers the rules of a saved cache setting, a saved rule, the whole configuration for error TTLs', () => {
    expect(purgeOffer({ lists, records }, [{ key: 'cache_setting:7:5', outcome: 'applied', record: { id: 5 } }])).toEqual({
      conf: 7,
      rules: [1],
    });
    expect(purgeOffer({ lists, records }, [{ key: 'rule:7:new-x', newKey: 'rule:7:9', outcome: 'applied', record: { id: 9 } }])).toEqual({
      conf: 7,
      rules: [9],
    });
    expect(purgeOffer({ lists, records }, [{ key: 'error_responses:7', outcome: 'applied', record: {} }])).toEqual({ conf: 7 });
  });
  it('offers nothing for a cache setting no rule uses, a delete, or two configurations', () => {
    expect(purgeOffer({ lists, records }, [{ key: 'cache_setting:7:6', outcome: 'applied', record: { id: 6 } }])).toBeUndefined();
    expect(purgeOffer({ lists, records }, [{ key: 'rule:7:1', outcome: 'applied' }])).toBeUndefined();
    expect(
      purgeOffer({ lists, records }, [
        { key: 'rule:7:1', outcome: 'applied', record: { id: 1 } },
        { key: 'rule:8:1', outcome: 'applied', record: { id: 1 } },
      ]),
    ).toBeUndefined();
  });
});
