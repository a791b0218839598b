// A configuration's findings: cname_access_only with no cname answers on no domain; https with
// cnames on the platform's shared certificate fails in browsers; a create's origin_address the edge
// cannot reach. Each with the near misses that must stay quiet.
import { describe, expect, it } from 'vitest';
import { lintRecord, type LintScope } from '../../src/lint/index.js';

const site = {
  id: 7,
  name: 'shop',
  domain_name: 'd1.edge.example',
  active: true,
  delivery_protocol: 'http',
  digital_certificate: null,
  cname_access_only: false,
  rawlogs: false,
  cname: [],
};
const lint = (changes: Record<string, unknown>, scope: LintScope = {}) => lintRecord('configuration', { ...site, ...changes }, scope);
const codes = (changes: Record<string, unknown>) => lint(changes).map((f) => f.code);

describe('cname_access_only_without_cname', () => {
  it('cname_access_only with no cname: the site answers on no domain, not even its own', () => {
    expect(lint({ cname_access_only: true })).toEqual([
      {
        code: 'cname_access_only_without_cname',
        kind: 'configuration',
        id: 7,
        field: 'cname_access_only',
        message:
          'cname_access_only is true but the configuration has no cname: it answers on no domain, not even its own "d1.edge.example".',
      },
    ]);
    // A list of no usable name, and a create draft (no id, no domain yet, cname left out: none).
    expect(codes({ cname_access_only: true, cname: [''] })).toEqual(['cname_access_only_without_cname']);
    const draft = lintRecord('configuration', { name: 'new', cname_access_only: true, origin_address: 'o.example.com' }, {});
    expect(draft).toEqual([
      expect.objectContaining({
        code: 'cname_access_only_without_cname',
        message: 'cname_access_only is true but the configuration has no cname: it answers on no domain.',
      }),
    ]);
    expect(draft[0]).not.toHaveProperty('id');
  });

  it('stays quiet with a cname, or without cname_access_only', () => {
    expect(codes({ cname_access_only: true, cname: ['www.shop.example'] })).toEqual([]);
    expect(codes({ cname_access_only: false })).toEqual([]);
    expect(codes({ cname_access_only: 'true' })).toEqual([]); // not the API's true
  });
});

describe('shared_certificate_cnames', () => {
  it('https with cnames and no certificate of its own: the cnames named', () => {
    expect(lint({ delivery_protocol: 'http,https', cname: ['www.shop.example'] })).toEqual([
      {
        code: 'shared_certificate_cnames',
        kind: 'configuration',
        id: 7,
        field: 'digital_certificate',
        message: `"www.shop.example" is served over https with the platform's shared certificate (digital_certificate is null), which does not cover it: browsers refuse https on it.`,
      },
    ]);
    const many = lint({ delivery_protocol: 'http,https', cname: ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'] });
    expect(many[0]?.message).toMatch(
      /^"a\.example", "b\.example", "c\.example" and 2 more are served over https .* does not cover them: browsers refuse https on them\.$/,
    );
    // A create draft that leaves the certificate out gets none.
    expect(
      lintRecord('configuration', { name: 'n', delivery_protocol: 'http,https', cname: ['x.example'] }, {}).map((f) => f.code),
    ).toEqual(['shared_certificate_cnames']);
  });

  it('stays quiet with a certificate, over http only, or with no cname (the platform domain is covered)', () => {
    expect(codes({ delivery_protocol: 'http,https', cname: ['www.shop.example'], digital_certificate: 42 })).toEqual([]);
    expect(codes({ delivery_protocol: 'http', cname: ['www.shop.example'] })).toEqual([]);
    expect(codes({ delivery_protocol: 'http,https', cname: [] })).toEqual([]);
  });
});

describe('origin_unreachable_address on a configuration create', () => {
  it('flags the write-once origin_address, quiet on a public one', () => {
    expect(lint({ id: undefined, origin_address: '192.168.1.20' })).toEqual([
      {
        code: 'origin_unreachable_address',
        kind: 'configuration',
        field: 'origin_address',
        message: '"192.168.1.20" is a private-range address: the edge cannot reach it.',
      },
    ]);
    expect(codes({ origin_address: 'origin.shop.example' })).toEqual([]);
  });
});

describe('values from a file are shown, never obeyed', () => {
  it('a control character in a cname is escaped in the message', () => {
    const [f] = lint({ delivery_protocol: 'http,https', cname: ['evil\u001b[2J.example\u202e'] });
    expect(f?.message).toContain('"evil\\u001b[2J.example\\u202e"');
    expect(f?.message).not.toContain('\u001b');
    expect(f?.message).not.toContain('\u202e');
  });
});
