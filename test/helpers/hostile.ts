// Hostile-input helpers: timed raw requests, body arbitraries built from the resource schema, and the
// checks every write answer must pass (docs/api.md §1, §2, §4). Used by test/server/hostile-input*.test.ts.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  acceptedFields,
  cacheSettingSchema,
  configurationSchema,
  errorResponsesSchema,
  ruleSchema,
  type FieldSpec,
  type Operation,
  type RefKind,
  type ResourceSchema,
  type StringField,
} from '../../src/schema/index.js';
import type { TestEmulator } from './emulator.js';

export const CFG = '/content_delivery/configurations';
/** docs/api.md §1: a request body is at most 1 MiB. */
export const MIB = 1 << 20;
/** Any answer slower than this is a hang. */
export const REQUEST_TIMEOUT_MS = 5000;

/**
 * fc.assert options: `numRuns` runs, and a time limit that stops a shrink made slow by hangs (each
 * costs REQUEST_TIMEOUT_MS) early enough to report the counterexample before the test's timeout.
 */
export function runs(numRuns: number): fc.Parameters<unknown> {
  return { numRuns, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: true };
}

// ---------------------------------------------------------------- requests

/** A request body as bytes, with how it was made (shown, cut short, when a property fails). */
export interface Body {
  readonly bytes: Uint8Array;
  /** null: no Content-Type header. */
  readonly contentType: string | null;
  /** Sent as a stream (chunked, no Content-Length). */
  readonly chunked?: boolean;
  readonly note: string;
}

/** A piece of a body's text: a string (UTF-8 encoded) or raw bytes. */
export type Part = string | Uint8Array;

export function makeBody(
  parts: Part | readonly Part[],
  note: string,
  contentType: string | null = 'application/json',
  chunked = false,
): Body {
  const list = typeof parts === 'string' || parts instanceof Uint8Array ? [parts] : parts;
  const bytes = new Uint8Array(Buffer.concat(list.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p))));
  const body: Body & fc.WithToStringMethod = {
    bytes,
    contentType,
    chunked,
    note,
    [fc.toStringMethod]: () => describeBody(body),
  };
  return body;
}

export function describeBody(b: Body): string {
  const head = Buffer.from(b.bytes.subarray(0, 240)).toString('utf8');
  const more = b.bytes.length > 240 ? '…' : '';
  return `${b.note}; ${b.contentType === null ? 'no Content-Type' : `Content-Type: ${b.contentType}`}${b.chunked ? '; chunked' : ''}; ${b.bytes.length} bytes: ${JSON.stringify(head)}${more}`;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; `NOT_JSON` when the text does not parse, undefined when empty. */
  readonly json: unknown;
}

export const NOT_JSON = Symbol('not JSON');

/** One request with a deadline: a hang or a dropped connection fails the test with the request shown. */
export async function send(emu: Pick<TestEmulator, 'url' | 'token'>, method: string, path: string, body?: Body): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Token ${emu.token}` };
  if (body?.contentType != null) headers['content-type'] = body.contentType;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  if (body && body.chunked) {
    const bytes = body.bytes;
    init.body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) ctl.enqueue(bytes.slice(i, i + 64 * 1024));
        ctl.close();
      },
    });
    init.duplex = 'half';
  } else if (body) init.body = body.bytes;
  const shown = `${method} ${path}${body ? ` with ${describeBody(body)}` : ''}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(emu.url + path, init);
    text = await res.text();
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause : undefined;
    const detail = cause && 'code' in cause ? String(cause.code) : (cause?.message ?? '');
    const why =
      e instanceof Error && e.name === 'TimeoutError'
        ? `no answer within ${REQUEST_TIMEOUT_MS} ms (a hang)`
        : `no answer: ${String(e)} ${detail}`;
    throw new Error(`${shown}: ${why}`, { cause: e });
  }
  let json: unknown = NOT_JSON;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* stays NOT_JSON */
  }
  return { status: res.status, headers: res.headers, text, json };
}

// ---------------------------------------------------------------- the endpoints

/** Ids a reference field may take: this configuration's records, and others (another configuration's, unknown). */
export type Refs = Readonly<Record<RefKind, { readonly own: readonly number[]; readonly other: readonly number[] }>>;

export interface Endpoint {
  /** e.g. `PATCH rules_engine/:id`, `POST configurations`. */
  readonly label: string;
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly op: Operation;
  readonly schema: ResourceSchema;
  readonly path: string;
  /** GET path of the record a PUT/PATCH writes. */
  readonly target?: string;
  /** The list that holds the record (undefined for error responses). */
  readonly list?: string;
}

/** The write endpoints of docs/api.md §4, by label (known before an emulator runs, so each gets its own tests). */
export const WRITE_ENDPOINTS = [
  'POST configurations',
  'PUT configurations/:id',
  'PATCH configurations/:id',
  'POST rules_engine',
  'PUT rules_engine/:id',
  'PATCH rules_engine/:id',
  'POST cache_settings',
  'PUT cache_settings/:id',
  'PATCH cache_settings/:id',
  'PUT error_responses',
  'PATCH error_responses',
] as const;

export interface Targets {
  readonly endpoints: readonly Endpoint[];
  /** GET paths whose answers a rejected write must leave as they were. */
  readonly scope: readonly string[];
  /** Ids that reference fields may take: this configuration's, another's, and unknown ones. */
  readonly refs: Refs;
}

/** Picks a seeded configuration with rules and cache settings and lists every write endpoint on it. */
export async function findTargets(emu: Pick<TestEmulator, 'url' | 'token'>): Promise<Targets> {
  /** The ids of the records a list path answers with, in order. */
  const ids = async (path: string): Promise<number[]> => {
    const a = await send(emu, 'GET', path);
    if (a.status !== 200 || !Array.isArray(a.json)) throw new Error(`GET ${path}: ${a.status} ${a.text}`);
    return a.json.map((r: unknown) => {
      if (typeof r !== 'object' || r === null || !('id' in r) || typeof r.id !== 'number')
        throw new Error(`GET ${path}: a record without an id: ${a.text}`);
      return r.id;
    });
  };
  const confs = await ids(CFG);
  let conf: number | undefined;
  let rule = 0;
  let cs = 0;
  for (const c of confs) {
    const [rules, css] = await Promise.all([ids(`${CFG}/${c}/rules_engine`), ids(`${CFG}/${c}/cache_settings`)]);
    if (rules[0] !== undefined && css[0] !== undefined) {
      conf = c;
      rule = rules[0];
      cs = css[0];
      break;
    }
  }
  if (conf === undefined) throw new Error('no seeded configuration has both rules and cache settings');
  const other = confs.find((c) => c !== conf)!;
  const refs: Refs = {
    origin: { own: await ids(`${CFG}/${conf}/origins`), other: [...(await ids(`${CFG}/${other}/origins`)).slice(0, 1), 999_999] },
    cache_setting: {
      own: await ids(`${CFG}/${conf}/cache_settings`),
      other: [...(await ids(`${CFG}/${other}/cache_settings`)).slice(0, 1), 999_999],
    },
  };
  const c = `${CFG}/${conf}`;
  const endpoints: Endpoint[] = [];
  const crud = (name: string, schema: ResourceSchema, list: string, target: string) => {
    endpoints.push({ label: `POST ${name}`, method: 'POST', op: 'create', schema, path: list, list });
    endpoints.push({ label: `PUT ${name}/:id`, method: 'PUT', op: 'put', schema, path: target, target, list });
    endpoints.push({ label: `PATCH ${name}/:id`, method: 'PATCH', op: 'patch', schema, path: target, target, list });
  };
  crud('configurations', configurationSchema, CFG, c);
  crud('rules_engine', ruleSchema, `${c}/rules_engine`, `${c}/rules_engine/${rule}`);
  crud('cache_settings', cacheSettingSchema, `${c}/cache_settings`, `${c}/cache_settings/${cs}`);
  for (const [method, op] of [
    ['PUT', 'put'],
    ['PATCH', 'patch'],
  ] as const) {
    endpoints.push({
      label: `${method} error_responses`,
      method,
      op,
      schema: errorResponsesSchema,
      path: `${c}/error_responses`,
      target: `${c}/error_responses`,
    });
  }
  const scope = [
    CFG,
    c,
    `${c}/rules_engine`,
    `${c}/cache_settings`,
    `${c}/error_responses`,
    `${c}/origins`,
    `${c}/rules_engine/${rule}`,
    `${c}/cache_settings/${cs}`,
  ];
  return { endpoints, scope, refs };
}

export function endpointOf(targets: Targets, label: string): Endpoint {
  const ep = targets.endpoints.find((e) => e.label === label);
  if (!ep) throw new Error(`no endpoint ${label}`);
  return ep;
}

// ---------------------------------------------------------------- values

const json = (v: unknown): string => JSON.stringify(v) ?? 'null';

/** Strings that have hurt parsers, terminals and loggers. */
export const NASTY_STRINGS: readonly string[] = [
  '\u001b[2J',
  '\u001b]0;pwned\u0007',
  '\u001b[31mred\u001b[0m',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00\ud800y',
  '\u2028\u2029',
  '\ufeff',
  '\u202e',
  '\r\n',
  '\t',
  ' ',
  '',
  '   ',
  '\u0085',
  '\u007f',
  '\u00a0',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '1',
  '-0',
  '1e308',
  '0x10',
  '__proto__',
  'constructor',
  "'; DROP TABLE x; --",
  '<script>alert(1)</script>',
  '%s%n%x',
  '../../etc/passwd',
  '😀',
  'e\u0301',
  '\\',
  '"',
  '{}',
  '[]',
  'http://',
  '*.',
  '.',
  'https://example.com/\u0000',
  '/\u001b[2J',
  'a'.repeat(251),
];

/** JSON number texts JavaScript numbers cannot all spell: huge, tiny, negative zero, fractions. */
const NUMBER_TEXTS = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '-0',
  '0.0',
  '-0.0',
  '1.5',
  '1.0',
  '1E2',
  '0.1e1',
  '-1',
  '0',
  '5e-324',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '9007199254740993',
  '31536000',
  '31536001',
  '123456789012345678901234567890',
];

/** Tokens that make a whole body invalid JSON. */
const INVALID_TOKENS = [
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  "'x'",
  '01',
  '.5',
  '+1',
  '0x10',
  '1.',
  'tru',
  '"unterminated',
  '"raw\u0000nul"',
  '"raw\u001b[2Jesc"',
  '"\\x41"',
  '"\\u12"',
  '"\\ud800',
  '[1,]',
  '{"a":1,}',
  '/*c*/1',
  '{a:1}',
];

const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0xfe],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xbf],
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom(...NASTY_STRINGS), { maxLength: 6 }).map((a) => a.join('')),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** A string whose JSON text is about `bytes` long (up to ~300 KB), made of one repeated unit. */
export const hugeString: fc.Arbitrary<string> = fc
  .record({
    unit: fc.constantFrom('a', 'é', '\u0000', '\u001b[2J', '\ud800', '😀', '\\"', ' ', '/', '.', 'a\u0300'),
    bytes: fc.integer({ min: 1000, max: 300_000 }),
  })
  .map(({ unit, bytes }) => unit.repeat(Math.max(1, Math.floor(bytes / (Buffer.byteLength(json(unit)) - 2)))));

/** Deeply nested arrays / objects as JSON text (up to ~120,000 levels, under 1 MiB). */
export const nestedText: fc.Arbitrary<string> = fc
  .record({
    kind: fc.constantFrom('array', 'object', 'mixed'),
    depth: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1000, max: 120_000 })),
  })
  .map(({ kind, depth }) => {
    if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    if (kind === 'object') return '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
    return '[{"a":'.repeat(depth) + '1' + '}]'.repeat(depth);
  });

/** A JSON string value with bytes that are not UTF-8 in it. */
export const invalidUtf8String: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.string({ maxLength: 5 }),
    fc.oneof(fc.constantFrom(...INVALID_UTF8), fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 6 })),
    fc.string({ maxLength: 5 }),
  )
  .map(
    ([a, bytes, b]) =>
      new Uint8Array(Buffer.concat([Buffer.from(json(a).slice(0, -1)), Buffer.from(bytes), Buffer.from(json(b).slice(1))])),
  );

/** Any hostile JSON value text (sometimes not valid JSON at all). */
export const hostileValue: fc.Arbitrary<Part> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json), weight: 4 },
  { arbitrary: nastyString.map(json), weight: 3 },
  { arbitrary: fc.constantFrom(...NUMBER_TEXTS), weight: 2 },
  { arbitrary: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2)).map(json), weight: 1 },
  { arbitrary: hugeString.map(json), weight: 1 },
  { arbitrary: nestedText, weight: 1 },
  { arbitrary: invalidUtf8String, weight: 1 },
  { arbitrary: fc.constantFrom(...INVALID_TOKENS), weight: 1 },
  {
    arbitrary: fc
      .anything({
        maxDepth: 2,
        withBoxedValues: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withSparseArray: true,
      })
      .map(json),
    weight: 1,
  },
);

/** Keys a client should never send. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'x'.repeat(50_000)),
  nastyString,
  fc.string({ maxLength: 12 }),
);

function validString(f: StringField): fc.Arbitrary<string> {
  let arb: fc.Arbitrary<string>;
  switch (f.format) {
    case 'hostname':
    case 'cname':
      arb = fc.domain();
      break;
    case 'origin-address':
      arb = fc.oneof(fc.ipV4(), fc.ipV6(), fc.domain());
      break;
    case 'header-value':
      arb = fc.oneof(fc.domain(), fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.:~!'), minLength: 1, maxLength: 30 }));
      break;
    case 'http-url':
      arb = fc.webUrl();
      break;
    case 'origin-path':
      arb = fc.oneof(
        fc.constant(''),
        fc.webPath().map((p) => '/' + p.replace(/^\/+/, '')),
        fc.constantFrom('no-slash', '/a b'),
      );
      break;
    case 'path':
      arb = fc.oneof(
        { arbitrary: fc.webPath().map((p) => '/' + p.replace(/^\/+/, '')), weight: 4 },
        fc.constantFrom('\\.(jpg|png)$', '^/api/', '(', '[a-', '*', 'no-slash', '/ünï/çødé', '/\u001b[2J'),
      );
      break;
    default:
      arb = fc.oneof(
        { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 3 },
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        fc.constantFrom(...NASTY_STRINGS),
      );
  }
  return f.allowEmpty ? fc.oneof(arb, fc.constant('')) : arb;
}

/** A value of the field's type, mostly within its bounds (writes made of them often succeed). */
export function validValue(f: FieldSpec, refs: Refs): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  switch (f.type) {
    case 'string':
      arb = validString(f);
      break;
    case 'boolean':
      arb = fc.boolean();
      break;
    case 'integer':
      arb = f.ref
        ? fc.oneof({ arbitrary: fc.constantFrom(...refs[f.ref].own), weight: 4 }, fc.constantFrom(...refs[f.ref].other))
        : fc.oneof(fc.integer({ min: f.min, max: Math.min(f.max, 2 ** 31) }), fc.constantFrom(f.min, f.max));
      break;
    case 'enum':
      arb = fc.constantFrom(...f.choices);
      break;
    case 'list': {
      const item =
        f.itemFormat === 'cname'
          ? fc.oneof(
              fc.domain(),
              fc.domain().map((d) => `*.${d}`),
              fc.domain().map((d) => d.toUpperCase()),
            )
          : fc.string({ minLength: 1, maxLength: 20 });
      arb = fc.uniqueArray(item, { maxLength: 4 });
      break;
    }
    case 'objects': {
      const keys = f.items.map((k) => [k.name, validValue(k, refs)] as const);
      const item = fc.record(Object.fromEntries(keys), { requiredKeys: f.items.filter((k) => k.create === 'required').map((k) => k.name) });
      arb = fc.array(item, { minLength: f.minItems, maxLength: Math.min(f.maxItems, 3) });
      break;
    }
    case 'json':
      arb = fc.jsonValue({ maxDepth: 2 });
      break;
  }
  return f.nullable ? fc.oneof(arb, fc.constant(null)) : arb;
}

// ---------------------------------------------------------------- bodies

/** The parts of a JSON object text with these entries (values already JSON text or bytes). */
export function objectParts(entries: ReadonlyArray<readonly [string, Part]>): Part[] {
  const parts: Part[] = ['{'];
  entries.forEach(([k, v], i) => parts.push(...(i ? [','] : []), json(k), ':', v));
  parts.push('}');
  return parts;
}

type Mutation =
  | { readonly kind: 'set'; readonly field: string; readonly value: Part }
  | { readonly kind: 'drop'; readonly field: string }
  | { readonly kind: 'extra'; readonly key: string; readonly value: Part };

/**
 * The entries of an object body for an operation: every field the operation accepts with a value of
 * its type (required ones always, optional ones sometimes), then, half of the time, one to four mutations — any schema
 * field (read-only and refused ones too) set to a hostile value or to another field's value,
 * dropped, repeated, or unknown keys added.
 */
export function schemaEntries(schema: ResourceSchema, op: Operation, refs: Refs): fc.Arbitrary<Array<readonly [string, Part]>> {
  const accepted = acceptedFields(schema, op);
  const names = schema.fields.map((f) => f.name);
  const base = fc.tuple(
    ...accepted.map((f) =>
      fc.record({ keep: op !== 'patch' && f[op] === 'required' ? fc.constant(true) : fc.boolean(), value: validValue(f, refs).map(json) }),
    ),
  );
  const otherFieldsValue = fc
    .constantFrom(...schema.fields)
    .chain((g) => validValue(g, refs))
    .map(json);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('set' as const),
        field: fc.constantFrom(...names),
        value: fc.oneof(hostileValue, otherFieldsValue),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...names) }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(hostileKey, fc.constantFrom(...names)),
        value: hostileValue,
      }),
      weight: 1,
    },
  );
  const mutations = fc.oneof(fc.constant([]), fc.array(mutation, { minLength: 1, maxLength: 4 }));
  return fc.tuple(base, mutations).map(([values, mutations]) => {
    let entries: Array<readonly [string, Part]> = [];
    values.forEach((v, i) => v.keep && entries.push([accepted[i]!.name, v.value]));
    for (const m of mutations) {
      if (m.kind === 'drop') entries = entries.filter(([k]) => k !== m.field);
      else if (m.kind === 'extra') entries.push([m.key, m.value]);
      else if (entries.some(([k]) => k === m.field)) entries = entries.map(([k, v]) => [k, k === m.field ? m.value : v] as const);
      else entries.push([m.field, m.value]);
    }
    return entries;
  });
}

/** Text around a body: mostly none, sometimes JSON white space, rarely what JSON does not allow (BOM, NBSP). */
const surrounding = fc.oneof({ arbitrary: fc.constant(''), weight: 8 }, fc.constantFrom(' ', '\n', '\r\n\t ', '\ufeff', '\u00a0'));

/** Objects built from the schema's real fields with hostile values (see schemaEntries). */
export function schemaBody(schema: ResourceSchema, op: Operation, refs: Refs): fc.Arbitrary<Body> {
  return fc
    .tuple(schemaEntries(schema, op, refs), surrounding, surrounding)
    .map(([entries, before, after]) => makeBody([before, ...objectParts(entries), after], `${schema.title} ${op} body`));
}

/** Bodies that are not objects of the schema: random JSON and JS values, bytes, truncated or broken JSON. */
export function rawBody(schema: ResourceSchema, op: Operation, refs: Refs): fc.Arbitrary<Body> {
  const fieldNames = schema.fields.map((f) => f.name);
  const entries = schemaEntries(schema, op, refs);
  return fc.oneof(
    fc.jsonValue().map((v) => makeBody(json(v), 'fc.jsonValue')),
    fc
      .anything({ withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withSparseArray: true })
      .map((v) => makeBody(JSON.stringify(v) ?? '', 'fc.anything')),
    fc.uint8Array({ maxLength: 600 }).map((b) => makeBody(b, 'random bytes')),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => makeBody(s, 'random text')),
    fc.tuple(entries, fc.nat()).map(([e, n]) => {
      const whole = makeBody(objectParts(e), '').bytes;
      return makeBody(whole.subarray(0, n % Math.max(1, whole.length)), 'truncated JSON');
    }),
    nestedText.map((t) => makeBody(t, 'deeply nested body')),
    fc.tuple(fc.constantFrom(...fieldNames), nestedText).map(([k, t]) => makeBody(objectParts([[k, t]]), 'deeply nested field')),
    fc
      .tuple(fc.constantFrom(...fieldNames), invalidUtf8String)
      .map(([k, s]) => makeBody(objectParts([[k, s]]), 'invalid UTF-8 in a field')),
    fc.tuple(entries, invalidUtf8String).map(([e, s]) => makeBody([...objectParts(e), s], 'object then invalid UTF-8')),
    fc
      .constantFrom(
        '',
        ' ',
        '\n\n',
        '{}{}',
        '{} x',
        '{"a":1}garbage',
        '[]',
        '{',
        '}',
        '"\u0000"',
        'null',
        '\ufeff{}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      )
      .map((t) => makeBody(t, 'odd text')),
    fc.constantFrom(...INVALID_TOKENS, ...NUMBER_TEXTS).map((t) => makeBody(t, 'bare token')),
    hugeString.map((s) => makeBody(json(s), 'huge string')),
  );
}

// ---------------------------------------------------------------- checks

export interface Snapshot {
  [path: string]: { readonly status: number; readonly total: string | null; readonly body: unknown };
}

/** The answers of GETs of the paths (lists with their X-Total-Count). */
export async function snapshot(emu: Pick<TestEmulator, 'url' | 'token'>, paths: readonly string[]): Promise<Snapshot> {
  const answers = await Promise.all(paths.map((p) => send(emu, 'GET', p)));
  const snap: Snapshot = {};
  paths.forEach(
    (p, i) => (snap[p] = { status: answers[i]!.status, total: answers[i]!.headers.get('x-total-count'), body: answers[i]!.json }),
  );
  return snap;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** docs/api.md §2: `{"detail": string}`, or a map of the schema's fields to non-empty lists of sentences. */
export function isErrorBody(v: unknown, schema: ResourceSchema): boolean {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === 'detail' && typeof v.detail === 'string') return v.detail !== '';
  const names = new Set(schema.fields.map((f) => f.name));
  return (
    keys.length > 0 &&
    keys.every((k) => names.has(k)) &&
    Object.values(v).every((m) => Array.isArray(m) && m.length > 0 && m.every((s) => typeof s === 'string' && s !== ''))
  );
}

/**
 * Sends one hostile write and checks its answer: never a 5xx or a hang; 201/200 for a success; a 400,
 * 413 or 415 with an docs/api.md §2 error body otherwise; JSON always. A rejected write leaves every GET in
 * `scope` as it was; an accepted one returns what a following GET returns and changes nothing else.
 * Returns the answer for further checks.
 */
export async function checkWrite(
  emu: Pick<TestEmulator, 'url' | 'token'>,
  ep: Endpoint,
  scope: readonly string[],
  body: Body,
): Promise<Answer> {
  const before = await snapshot(emu, scope);
  const a = await send(emu, ep.method, ep.path, body);
  const shown = `${ep.method} ${ep.path} with ${describeBody(body)}\n→ ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, `never a 5xx: ${shown}`).toBeLessThan(500);
  expect(a.json, `the answer is JSON: ${shown}`).not.toBe(NOT_JSON);
  expect(a.headers.get('content-type'), shown).toBe('application/json; charset=utf-8');
  const after = await snapshot(emu, scope);
  if (a.status >= 300) {
    expect([400, 413, 415], `a rejected write answers 400, 413 or 415: ${shown}`).toContain(a.status);
    expect(isErrorBody(a.json, ep.schema), `error body of docs/api.md §2: ${shown}`).toBe(true);
    expect(after, `a rejected write changes nothing: ${shown}`).toEqual(before);
    return a;
  }
  expect(a.status, shown).toBe(ep.method === 'POST' ? 201 : 200);
  const written = a.json as Record<string, unknown>;
  const path = ep.target ?? `${ep.list}/${String(written.id)}`;
  const got = await send(emu, 'GET', path);
  expect(got.status, `GET ${path} after ${shown}`).toBe(200);
  if (ep.method === 'PUT' && ep.schema.putEchoesSentFields) {
    // docs/api.md §4.2: PUT returns only the sent fields (plus id); compare those.
    const sent = JSON.parse(Buffer.from(body.bytes).toString('utf8')) as Record<string, unknown>;
    const echoed = ep.schema.fields
      .filter((f) => f.response && (f.name === 'id' || (!f.readOnly && Object.hasOwn(sent, f.name))))
      .map((f) => f.name);
    expect(Object.keys(written), `PUT echoes the sent fields: ${shown}`).toEqual(echoed);
    for (const k of echoed) expect(written[k], `${k} echoed as stored: ${shown}`).toEqual((got.json as Record<string, unknown>)[k]);
  } else {
    expect(got.json, `a following GET returns the written record: ${shown}`).toEqual(written);
  }
  // Nothing but the record changed: the scope as before, with the record replaced (or appended).
  const record = got.json as Record<string, unknown>;
  const expected: Snapshot = structuredClone(before);
  if (expected[path]) expected[path] = { ...expected[path], body: record };
  if (ep.list && expected[ep.list]) {
    const l = expected[ep.list]!;
    const items = [...(l.body as Array<Record<string, unknown>>)];
    const i = items.findIndex((r) => r.id === record.id);
    if (i >= 0) items[i] = record;
    else {
      expect(
        items.every((r) => (r.id as number) < (record.id as number)),
        `a new id is above every id: ${shown}`,
      ).toBe(true);
      items.push(record);
    }
    expected[ep.list] = { ...l, body: items, total: i >= 0 ? l.total : String(Number(l.total) + 1) };
  }
  expect(after, `an accepted write changes only its record: ${shown}`).toEqual(expected);
  return a;
}
