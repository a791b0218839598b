// A rule's findings: a regex path that does not compile or backtracks catastrophically, a redirect
// with no target, a redirect to the https a configuration over http does not serve.
import { describe, expect, it } from 'vitest';
import { lintRecord, type LintScope } from '../../src/lint/index.js';

const rule = {
  id: 45,
  path: '/static/',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: 3,
  gzip: true,
  redirect_to: '',
  forward_cookies: 'all',
  waf_rule_set_id: null,
  edge_firewall_id: null,
  cache_settings_id: null,
};
const lint = (changes: Record<string, unknown>, scope: LintScope = {}) => lintRecord('rule', { ...rule, ...changes }, scope);
const codes = (changes: Record<string, unknown>, scope: LintScope = {}) => lint(changes, scope).map((f) => f.code);

describe('regex_invalid', () => {
  it("a regex path that does not compile, with the engine's reason", () => {
    expect(lint({ path: '^/(a', regex: true })).toEqual([
      {
        code: 'regex_invalid',
        kind: 'rule',
        id: 45,
        field: 'path',
        message: '"^/(a" is not a valid regular expression (Unterminated group): the rule matches no request.',
      },
    ]);
    expect(codes({ path: '^/a++$', regex: true })).toEqual(['regex_invalid']);
  });

  it('stays quiet on a plain path that would not compile (regex off) and on a compiling one', () => {
    expect(codes({ path: '/(a', regex: false })).toEqual([]);
    expect(codes({ path: '^/images/.*\\.png$', regex: true })).toEqual([]);
    expect(codes({ path: 5, regex: true })).toEqual([]); // a file's stray value: not a path to compile
  });
});

describe('regex_catastrophic', () => {
  it('names the path and the group', () => {
    expect(lint({ path: '^/(a+)+$', regex: true })).toEqual([
      {
        code: 'regex_catastrophic',
        kind: 'rule',
        id: 45,
        field: 'path',
        message:
          '"^/(a+)+$" repeats the group "(a+)+", which repeats something inside it too: a path that nearly matches makes the edge try exponentially many ways (catastrophic backtracking).',
      },
    ]);
    expect(lint({ path: '^/(a|aa)+$', regex: true })[0]?.message).toContain(
      'repeats the group "(a|aa)+", whose alternatives can split one text in two ways:',
    );
  });

  it('stays quiet on common paths, on a plain path that looks like one, and on a path that does not compile', () => {
    for (const path of ['~ \\.(jpe?g|png|webp)$', '^/(en|de)/.*$', '^/api/v[0-9]+/.*'])
      expect(codes({ path, regex: true }), path).toEqual([]);
    expect(codes({ path: '/(a+)+', regex: false })).toEqual([]);
    expect(codes({ path: '^/(a+)+(', regex: true })).toEqual(['regex_invalid']);
  });
});

describe('redirect_without_target', () => {
  it('behavior redirect with redirect_to "", blank, null or left out', () => {
    expect(lint({ behavior: 'redirect', redirect_to: '' })).toEqual([
      {
        code: 'redirect_without_target',
        kind: 'rule',
        id: 45,
        field: 'redirect_to',
        message: 'behavior is "redirect" but redirect_to is "": the rule redirects its requests to nowhere.',
      },
    ]);
    expect(codes({ behavior: 'redirect', redirect_to: '  ' })).toEqual(['redirect_without_target']);
    expect(codes({ behavior: 'redirect', redirect_to: null })).toEqual(['redirect_without_target']);
    expect(lintRecord('rule', { path: '/old/', behavior: 'redirect' }, {}).map((f) => f.code)).toEqual(['redirect_without_target']);
  });

  it('stays quiet with a target, and for other behaviors without one', () => {
    expect(codes({ behavior: 'redirect', redirect_to: 'https://www.shop.example/new/' })).toEqual([]);
    expect(codes({ behavior: 'delivery', redirect_to: '' })).toEqual([]);
    expect(codes({ behavior: 'access_denied' })).toEqual([]);
  });
});

describe('https_redirect_on_http_site', () => {
  const over = (delivery_protocol: unknown): LintScope => ({ configuration: { id: 7, name: 'shop', delivery_protocol } });
  it('redirect_to_https on a configuration served over http only', () => {
    expect(lint({ protocol_policy: 'redirect_to_https' }, over('http'))).toEqual([
      {
        code: 'https_redirect_on_http_site',
        kind: 'rule',
        id: 45,
        field: 'protocol_policy',
        message:
          'protocol_policy "redirect_to_https" sends its requests to https, which the configuration does not serve (delivery_protocol "http"): they fail after the redirect.',
      },
    ]);
  });

  it('stays quiet over https, without the configuration (not read: never guessed), and for other policies', () => {
    expect(codes({ protocol_policy: 'redirect_to_https' }, over('http,https'))).toEqual([]);
    expect(codes({ protocol_policy: 'redirect_to_https' })).toEqual([]);
    expect(codes({ protocol_policy: 'redirect_to_https' }, over(undefined))).toEqual([]);
    expect(codes({ protocol_policy: 'http,https' }, over('http'))).toEqual([]);
  });
});

it('a rule not made yet has no id; a rule with several problems has each', () => {
  const found = lintRecord(
    'rule',
    { path: '^/(a+)+$', regex: true, behavior: 'redirect', redirect_to: '', protocol_policy: 'redirect_to_https' },
    { configuration: { delivery_protocol: 'http' } },
  );
  expect(found.map((f) => f.code)).toEqual(['regex_catastrophic', 'redirect_without_target', 'https_redirect_on_http_site']);
  for (const f of found) expect(f).not.toHaveProperty('id');
});
