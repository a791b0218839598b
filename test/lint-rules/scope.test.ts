// The lint as a whole: its codes (stable, in docs order, each described in docs/lint.md), a scope
// linted record by record in order, nothing thrown whatever a record holds, and a module that stays
// pure (it imports only from src/schema and src/util).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINT_CODES, isLintCode, lintRecord, lintScope, type LintKind, type LintScope } from '../../src/lint/index.js';
import type { Rec } from '../../src/schema/index.js';

const ROOT = join(import.meta.dirname, '../..');

describe('the codes', () => {
  it('are unique snake_case words, and isLintCode knows exactly them', () => {
    expect(new Set(LINT_CODES).size).toBe(LINT_CODES.length);
    for (const code of LINT_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(isLintCode(code)).toBe(true);
    }
    for (const other of ['', 'regex', 'REGEX_INVALID', 'regex_invalid ', 'toString', '__proto__'])
      expect(isLintCode(other), other).toBe(false);
  });

  it('each has its section in docs/lint.md, in the same order', () => {
    const docs = readFileSync(join(ROOT, 'docs/lint.md'), 'utf8');
    const sections = [...docs.matchAll(/^### `([a-z_]+)`/gm)].map((m) => m[1]);
    expect(sections).toEqual([...LINT_CODES]);
  });
});

describe('lintScope', () => {
  it('the configuration, then its origins, cache settings and rules, each in list order', () => {
    const scope: LintScope = {
      configuration: { id: 7, name: 'shop', delivery_protocol: 'http', cname_access_only: true, cname: [] },
      origins: [
        { id: 3, addresses: [{ address: '10.0.0.1' }] },
        { id: 4, addresses: [{ address: '127.0.0.1' }] },
      ],
      cache_settings: [{ id: 12, name: 'a', cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 0 }],
      rules: [
        { id: 46, path: '(', regex: true, cache_settings_id: 12 },
        { id: 45, path: '/x/', protocol_policy: 'redirect_to_https' },
      ],
    };
    expect(lintScope(scope).map((f) => `${f.kind} ${f.id ?? '-'} ${f.code}`)).toEqual([
      'configuration 7 cname_access_only_without_cname',
      'origin 3 origin_unreachable_address',
      'origin 4 origin_unreachable_address',
      'cache_setting 12 override_zero_ttl',
      'rule 46 regex_invalid',
      'rule 45 https_redirect_on_http_site',
    ]);
  });

  it('lists not read are skipped, and so are the checks that need them', () => {
    expect(lintScope({})).toEqual([]);
    expect(lintScope({ cache_settings: [{ id: 12, name: 'a' }] })).toEqual([]); // rules not read: not "unused"
    expect(lintScope({ cache_settings: [{ id: 12, name: 'a' }], rules: [] }).map((f) => f.code)).toEqual(['unused_cache_setting']);
  });
});

describe('never throws', () => {
  const FIELDS = [
    'id',
    'name',
    'domain_name',
    'cname',
    'cname_access_only',
    'delivery_protocol',
    'digital_certificate',
    'origin_address',
    'addresses',
    'path',
    'regex',
    'behavior',
    'redirect_to',
    'protocol_policy',
    'cache_settings_id',
    'cdn_cache_settings',
    'cdn_cache_settings_maximum_ttl',
    'cache_by_query_string',
    'query_string_fields',
    'cache_by_cookies',
    'cookie_names',
  ];
  const value = fc.oneof(
    fc.anything(),
    fc.constantFrom(
      true,
      0,
      12,
      null,
      '',
      'redirect',
      'redirect_to_https',
      'http',
      'http,https',
      'override',
      'whitelist',
      'blacklist',
      '(a+)+',
      '(',
      '10.0.0.1',
      'localhost',
    ),
    fc.array(fc.oneof(fc.string(), fc.record({ address: fc.oneof(fc.string(), fc.anything()) }), fc.anything()), { maxLength: 3 }),
  );
  const record = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 });
  const list = fc.option(fc.array(fc.oneof(record, fc.anything()), { maxLength: 3 }), { nil: undefined });
  const kind = fc.constantFrom<LintKind>('configuration', 'rule', 'cache_setting', 'origin');

  it('on any record and scope, each finding a sentence of a known code (property)', () => {
    fc.assert(
      fc.property(
        kind,
        record,
        fc.option(record, { nil: undefined }),
        list,
        list,
        list,
        (k, r, configuration, rules, cacheSettings, origins) => {
          // A scope read from a file may hold anything where records belong: that is the point here.
          const scope = { ...(configuration ? { configuration } : {}), rules, cache_settings: cacheSettings, origins } as LintScope;
          for (const f of [...lintRecord(k, r, scope), ...lintScope(scope)]) {
            expect(isLintCode(f.code)).toBe(true);
            expect(f.message).toMatch(/^\S.*[^.]\.$/s);
            expect([...f.message].filter((c) => c < ' ' || (c >= '\u007f' && c <= '\u009f'))).toEqual([]); // shown, never obeyed
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(lintRecord('rule', null as unknown as Rec, {})).toEqual([]);
    expect(lintRecord('nothing' as LintKind, { path: '(' }, {})).toEqual([]);
  });
});

describe('the module', () => {
  it('imports only from src/schema, src/util, node: built-ins and itself', () => {
    const dir = join(ROOT, 'src/lint');
    const imports = readdirSync(dir).flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/^(?:import|export)[^;]*? from '([^']+)'/gm)].map((m) => `${f}: ${m[1]}`),
    );
    expect(imports.length).toBeGreaterThan(5);
    expect(imports.filter((i) => !/: (\.\.\/schema\/|\.\.\/util\/|\.\/|node:)/.test(i))).toEqual([]);
  });
});
