// The query language's parsing (docs/ux.md §10): every kind of term is recognised and comes back
// from its text; field names and what a field takes come from src/schema; an unknown field is an
// error naming the fields there are, a bad value one naming what the field takes.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUERY_KINDS,
  fieldNames,
  formatQuery,
  kindWord,
  parseQuery,
  queryField,
  type QueryKind,
  type Term,
} from '../../src/query/index.js';
import { schemaFor } from '../../src/schema/index.js';

const KEYWORDS = ['kind', 'in', 'cache', 'origin'];

/** A value the field of `kind` takes, as a term writes it. */
function valueFor(kind: QueryKind, field: string): fc.Arbitrary<{ value: string; quoted: boolean; exact: boolean }> {
  const spec = queryField(kind, field)!.spec;
  const plain = (value: fc.Arbitrary<string>) => fc.record({ value, quoted: fc.constant(false), exact: fc.boolean() });
  switch (spec.type) {
    case 'boolean':
      return plain(fc.constantFrom('true', 'false', 'yes', 'no', 'TRUE'));
    case 'integer':
      return plain(fc.nat().map(String));
    case 'enum':
      return fc.constantFrom(...spec.choices).map((value) => ({ value, quoted: value === '', exact: false }));
    default:
      // Any text: quoted when it must be (or at random); an unquoted `none` is the empty value.
      return fc
        .record({ value: fc.string({ minLength: 1, maxLength: 12 }), quoted: fc.boolean(), exact: fc.boolean() })
        .map((v) => ({ ...v, quoted: v.quoted || /[\s"\\]/.test(v.value) || v.value.startsWith('=') }));
  }
}

const text = fc
  .string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'B', '/', ':', ' ', '"', '\\', '=', '*', '.', '-', 'é') })
  .map((t): Term => ({ t: 'text', text: t }));
const inTerm = fc.string({ minLength: 1, maxLength: 12 }).map((glob): Term => ({ t: 'in', glob }));

/** A query on one kind of record: its fields (and, for rules, references), bare words and `in:`. */
const queryOfKind = fc.constantFrom(...QUERY_KINDS).chain((kind) => {
  const field = fc.constantFrom(...fieldNames([kind])).chain((f) => valueFor(kind, f).map((v): Term => ({ t: 'field', field: f, ...v })));
  const ref = fc
    .record({
      ref: fc.constantFrom('cache_setting' as const, 'origin' as const),
      value: fc.string({ minLength: 1, maxLength: 8 }),
      exact: fc.boolean(),
    })
    .map((r): Term => ({ t: 'ref', ...r, quoted: true }));
  const term = kind === 'rule' ? fc.oneof(field, ref, text, inTerm) : fc.oneof(field, text, inTerm);
  return fc.record({ kind: fc.constant(kind), named: fc.boolean(), terms: fc.array(term, { maxLength: 5 }) });
});

describe('parsing a query', () => {
  it('gives back every term from its text, and matches only kinds that have its fields', () => {
    fc.assert(
      fc.property(queryOfKind, ({ kind, named, terms }) => {
        const all: Term[] = named ? [{ t: 'kind', kinds: [kind] }, ...terms] : terms;
        const text = formatQuery({ terms: all });
        const parsed = parseQuery(text);
        expect(parsed, text).toMatchObject({ ok: true });
        if (!parsed.ok) return;
        expect(parsed.query.terms).toEqual(all);
        expect(formatQuery(parsed.query)).toBe(text);
        const narrowing = all.some((t) => t.t === 'field' || t.t === 'ref' || t.t === 'kind');
        if (narrowing && !all.some((t) => t.t === 'text' && t.text.includes('/'))) expect(parsed.query.kinds).toContain(kind);
        for (const k of parsed.query.kinds)
          for (const t of all) if (t.t === 'field') expect(queryField(k, t.field), `${k}.${t.field}`).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });

  it('recognises each form: bare words, field:value, field:=value, quotes, references, kind: and in:', () => {
    const q = (text: string) => {
      const p = parseQuery(text);
      if (!p.ok) throw new Error(p.error);
      return p.query;
    };
    expect(q('static').terms).toEqual([{ t: 'text', text: 'static' }]);
    expect(q('static').kinds).toEqual(['configuration', 'rule', 'origin']); // as find anywhere: no cache settings
    expect(q('/static').kinds).toEqual(['configuration', 'rule']); // no address holds a `/`
    expect(q('gzip:false').terms).toEqual([{ t: 'field', field: 'gzip', value: 'false', exact: false, quoted: false }]);
    expect(q('gzip:false').kinds).toEqual(['rule']);
    expect(q('gzip:false').needs).toEqual(['rule']);
    expect(q('path:="/a b"').terms).toEqual([{ t: 'field', field: 'path', value: '/a b', exact: true, quoted: true }]);
    expect(q('Behavior:Redirect in:acme*').terms).toEqual([
      { t: 'field', field: 'behavior', value: 'Redirect', exact: false, quoted: false },
      { t: 'in', glob: 'acme*' },
    ]);
    expect(q('cache:"html no-cache"').terms).toEqual([
      { t: 'ref', ref: 'cache_setting', value: 'html no-cache', exact: false, quoted: true },
    ]);
    expect(q('cache:html').needs).toEqual(['rule', 'cache_setting']);
    expect(q('origin:=backup').needs).toEqual(['rule', 'origin']);
    expect(q('kind:cache,origin').kinds).toEqual(['cache_setting', 'origin']);
    expect(q('kind:configuration').needs).toEqual([]);
    expect(q('name:shop').kinds).toEqual(['configuration', 'cache_setting', 'origin']);
    expect(q('server_role:backup').kinds).toEqual(['origin']); // a key of each address
    expect(q('cdn_cache_settings:honor').kinds).toEqual(['cache_setting']); // a configuration's is write-once: never read
    expect(q('id:7').kinds).toEqual(['configuration', 'rule', 'cache_setting', 'origin']);
    expect(q('protocol_policy:http').kinds).toEqual(['rule']);
    expect(q('"gzip:false"').terms).toEqual([{ t: 'text', text: 'gzip:false' }]); // quoted: text
    expect(q('path:"/a b').terms).toEqual([{ t: 'field', field: 'path', value: '/a b', exact: false, quoted: true }]); // being typed
    expect(q('10.0.0.1:8080 /a:b').terms).toEqual([
      { t: 'text', text: '10.0.0.1:8080' },
      { t: 'text', text: '/a:b' },
    ]);
    expect(q('  ').terms).toEqual([]);
  });

  it('names the fields there are for an unknown one (of the kinds in play)', () => {
    const known = new Set([...fieldNames(QUERY_KINDS), ...KEYWORDS]);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/).filter((f) => !known.has(f)),
        fc.constantFrom<readonly QueryKind[]>(QUERY_KINDS, ['rule'], ['origin', 'cache_setting']),
        (field, kinds) => {
          const prefix = kinds === QUERY_KINDS ? '' : `kind:${kinds.map(kindWord).join(',')} `;
          const parsed = parseQuery(`${prefix}${field}:x`);
          expect(parsed.ok).toBe(false);
          if (parsed.ok) return;
          expect(parsed.error).toMatch(new RegExp(`^unknown field ${field}( \\([a-z_]+\\?\\))?:`));
          for (const k of kinds) for (const f of schemaFor(k).fields) if (f.response) expect(parsed.error).toContain(f.name);
        },
      ),
    );
    const typo = parseQuery('gzp:false behavor:redirect');
    expect(typo.ok ? '' : typo.error).toMatch(/^unknown field gzp \(gzip\?\): the fields are id, name, /);
    // A field of another kind than those in play is unknown there.
    const p = parseQuery('kind:origin gzip:false');
    expect(p.ok ? '' : p.error).toMatch(
      /^unknown field gzip: the fields of origins are id, name, .*addresses, address, weight, server_role, is_active/,
    );
    const both = parseQuery('gzip:false name:x');
    expect(both.ok ? '' : both.error).toMatch(
      /^unknown field name: the fields of rules are id, path, .*, cache:NAME, origin:NAME, kind:, in:$/,
    );
  });

  it('says what a boolean, choice or number field takes, and what kind: and in: take', () => {
    const error = (text: string) => {
      const p = parseQuery(text);
      return p.ok ? 'ok' : p.error;
    };
    expect(error('gzip:maybe')).toBe('gzip takes true or false');
    expect(error('gzip:')).toBe('gzip takes true or false');
    expect(error('behavior:redirct')).toBe('behavior takes delivery, redirect, access_denied, acceleration or image_optimization');
    expect(error('weight:heavy')).toBe('weight takes a whole number or none');
    expect(error('path_origin_id:x')).toBe('path_origin_id takes a whole number');
    expect(error('path:')).toMatch(/^path takes text/);
    expect(error('kind:rules')).toMatch(/^kind takes rule, cache, origin or configuration/);
    expect(error('kind:rule kind:origin')).toMatch(/^no record is rule and origin at once/);
    expect(error('in:')).toMatch(/^in takes a configuration name or a pattern/);
    expect(error('kind:origin cache:html')).toMatch(/^cache:NAME is a rule's cache setting/);
    expect(error('cache:')).toMatch(/^cache takes the name of a cache setting/);
    // Choices and booleans any case; a choice exactly (`http` is not `http,https`).
    expect(error('GZIP:False protocol_policy:HTTP')).toBe('ok');
    expect(error('waf_rule_set_id:none method:none')).toMatch(/unknown field method/); // rules, then origins: no record has both
    expect(error('kind:origin method:none')).toBe('ok');
  });
});

describe('the examples of docs/ux.md §10', () => {
  it('are queries', () => {
    const doc = readFileSync(new URL('../../docs/ux.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## 10. '));
    const examples = section
      .split('\n')
      .filter((l) => l.startsWith('- `'))
      .flatMap((l) => [...l.matchAll(/`([^`]+:[^`]*)`/g)].map((m) => m[1]!));
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const e of examples) expect(parseQuery(e), e).toMatchObject({ ok: true });
  });
});
