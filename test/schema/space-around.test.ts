// White space around a text value (issue 21): trimmed where the API trims (names, the origin
// address), refused where it would keep it as sent (a path, a URL, a header value). One rule in
// src/schema, which the emulator answers with and the client checks drafts and inputs with.
import { describe, expect, it } from 'vitest';
import {
  accepts,
  configurationSchema,
  PRODUCTS,
  ruleSchema,
  schemaFor,
  spaceProblem,
  validateWrite,
  type ResourceKind,
} from '../../src/schema/index.js';
import { textProblem } from '../../src/screens/form/inline-editor.js';

const ctx = { products: new Set(PRODUCTS) };
const KINDS: readonly ResourceKind[] = ['configuration', 'rule', 'cache_setting', 'error_responses', 'origin'];
const OPS = ['create', 'put', 'patch'] as const;
const REFUSED = 'May not start or end with white space.';

describe('white space around text values', () => {
  it('every text field a client can write says whether it is trimmed or refused', () => {
    const said = KINDS.flatMap((kind) =>
      schemaFor(kind)
        .fields.filter((f) => f.type === 'string' && OPS.some((op) => accepts(f, op)))
        .map((f) => `${kind}.${f.name}: ${f.type === 'string' ? f.spaceAround : ''}`),
    );
    expect(said).toEqual([
      'configuration.name: trimmed',
      'configuration.origin_address: trimmed',
      'configuration.origin_host_header: refused',
      'rule.path: refused',
      'rule.redirect_to: refused',
      'cache_setting.name: trimmed',
      'origin.name: trimmed',
      'origin.origin_path: refused',
      'origin.host_header: refused',
    ]);
  });

  it('a refused field: an error under the field, whatever the white space (space, tab, NBSP, line break)', () => {
    for (const path of ['/BBB ', ' /BBB', '/BBB\t', '\u00a0/BBB', '/BBB\n']) {
      const r = validateWrite(ruleSchema, 'patch', { path }, { path: '/a', regex: false }, ctx);
      expect(r).toMatchObject({ ok: false, errors: { path: [REFUSED] } });
    }
    const redirect = validateWrite(ruleSchema, 'patch', { behavior: 'redirect', redirect_to: 'https://x.example/ ' }, { path: '/a' }, ctx);
    expect(redirect).toMatchObject({ ok: false, errors: { redirect_to: [REFUSED] } });
    const host = validateWrite(
      configurationSchema,
      'create',
      { name: 'n', origin_address: 'o.example', origin_host_header: ' h.example' },
      undefined,
      ctx,
    );
    expect(host).toMatchObject({ ok: false, errors: { origin_host_header: [REFUSED] } });
  });

  it('a trimmed field is stored without it', () => {
    const r = validateWrite(
      configurationSchema,
      'create',
      { name: '  site \t', origin_address: ' o.example ', origin_host_header: 'h.example' },
      undefined,
      ctx,
    );
    expect(r.ok && [r.record.name, r.record.origin_address]).toEqual(['site', 'o.example']);
  });

  it('the inline input says so as typed, and Enter refuses it', () => {
    const path = ruleSchema.fields.find((f) => f.name === 'path')!;
    expect(spaceProblem(path, '/BBB ')?.text).toBe(REFUSED);
    expect(spaceProblem(path, '/B B')).toBeUndefined();
    expect(textProblem(path, { regex: false }, '/BBB ')).toEqual({ problem: REFUSED, blocking: true });
    expect(textProblem(path, { regex: false }, '/BBB')).toBeUndefined();
    const name = configurationSchema.fields.find((f) => f.name === 'name')!;
    expect(textProblem(name, {}, ' site ')).toBeUndefined(); // trimmed by the API
  });
});
