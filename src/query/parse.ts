// A query's text → its terms, checked against the schema (docs/ux.md §10). Terms are separated by
// white space and ANDed: a bare word (text anywhere, as find anywhere), `field:value` and
// `field:=value`, `cache:NAME` and `origin:NAME` (a rule's reference by name), `kind:rule,origin`
// and `in:GLOB`. A value with spaces goes in double quotes (`path:"/a b"`, `\"` and `\\` inside);
// a quote not closed runs to the end (the query is being typed).
import type { RefKind } from '../schema/index.js';
import {
  CHILD_KINDS,
  KIND_WORDS,
  QUERY_KINDS,
  REF_WORDS,
  TEXT_KINDS,
  fieldNames,
  kindWord,
  queryField,
  refField,
  type ChildQueryKind,
  type QueryKind,
} from './fields.js';
import { fieldTest, type TermValue } from './values.js';
import { closest } from '../util/nearest.js';

export type Term =
  /** A bare word (or quoted words): text anywhere in the record (its kind's text fields). */
  | { readonly t: 'text'; readonly text: string }
  /** `field:value`, `field:=value`. */
  | ({ readonly t: 'field'; readonly field: string } & TermValue)
  /** `cache:NAME`, `origin:NAME`: the name of the record a rule refers to, in the rule's configuration. */
  | ({ readonly t: 'ref'; readonly ref: RefKind } & TermValue)
  /** `kind:rule,cache`: records of these kinds only. */
  | { readonly t: 'kind'; readonly kinds: readonly QueryKind[] }
  /** `in:GLOB`: records of configurations whose name (or id) matches (`*`, `?`, any case). */
  | { readonly t: 'in'; readonly glob: string };

export interface Query {
  readonly terms: readonly Term[];
  /** The kinds of record it can match. */
  readonly kinds: readonly QueryKind[];
  /** The lists each configuration must have read for it: its kinds', and the kinds its references name. */
  readonly needs: readonly ChildQueryKind[];
}

export type Parsed = { readonly ok: true; readonly query: Query } | { readonly ok: false; readonly error: string };

interface Token {
  /** The key before `:` (lower-case), if the token is `key:value`. */
  readonly key?: string;
  readonly value: TermValue;
}

const KEY = /([A-Za-z_][A-Za-z0-9_]*):/y;

/** The tokens of a query: `key:` (`key:=`) and the value, quoted parts unquoted. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const space = (c: string | undefined) => c !== undefined && /\s/.test(c);
  while (i < text.length) {
    while (space(text[i])) i++;
    if (i >= text.length) break;
    let key: string | undefined;
    let exact = false;
    KEY.lastIndex = i;
    const m = KEY.exec(text);
    if (m) {
      key = m[1]!.toLowerCase();
      i = KEY.lastIndex;
      if (text[i] === '=') {
        exact = true;
        i++;
      }
    }
    let value = '';
    let quoted = false;
    while (i < text.length && !space(text[i])) {
      if (text[i] !== '"') {
        value += text[i++];
        continue;
      }
      quoted = true;
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i++];
      }
      i++; // the closing quote (past the end when it is missing)
    }
    out.push({ ...(key !== undefined ? { key } : {}), value: { value, exact, quoted } });
  }
  return out;
}

/** A value as a query writes it: quoted when it must be (or was), `\` before `"` and `\`. */
export function quoteValue(value: string, quoted = false): string {
  return quoted || value === '' || /[\s"\\]/.test(value) || value.startsWith('=') ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
}

/** The text of a term; `parseQuery` of it gives the term again. */
export function formatTerm(term: Term): string {
  switch (term.t) {
    case 'text':
      return /^[A-Za-z_][A-Za-z0-9_]*:/.test(term.text) || term.text === '' || /[\s"\\]/.test(term.text)
        ? `"${term.text.replace(/["\\]/g, (c) => `\\${c}`)}"`
        : term.text;
    case 'field':
    case 'ref':
      return `${term.t === 'field' ? term.field : refWord(term.ref)}:${term.exact ? '=' : ''}${quoteValue(term.value, term.quoted)}`;
    case 'kind':
      return `kind:${term.kinds.map(kindWord).join(',')}`;
    case 'in':
      return `in:${quoteValue(term.glob)}`;
  }
}

function refWord(ref: RefKind): string {
  return [...REF_WORDS].find(([, k]) => k === ref)![0];
}

/** The text of a query. */
export function formatQuery(q: Pick<Query, 'terms'>): string {
  return q.terms.map(formatTerm).join(' ');
}

const plural = (k: QueryKind) => (k === 'cache_setting' ? 'cache settings' : `${k}s`);

function either(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;
}

/** Every word a query takes before `:` for these kinds: their fields, then the keywords. */
export function keysFor(kinds: readonly QueryKind[]): string[] {
  const refs = kinds.includes('rule') ? [...REF_WORDS.keys()].map((w) => `${w}:NAME`) : [];
  return [...fieldNames(kinds), ...refs, 'kind:', 'in:'];
}

/** A query's text → its terms and the kinds it can match, or the first problem in words. */
export function parseQuery(text: string): Parsed {
  const tokens = tokenize(text);
  const terms: Term[] = [];
  // `kind:` terms first: they say which kinds are in play for the fields named anywhere.
  let kinds: readonly QueryKind[] = QUERY_KINDS;
  let narrowed = false;
  for (const { key, value } of tokens) {
    if (key !== 'kind') continue;
    const words = value.value.toLowerCase().split(',').filter(Boolean);
    const named = words.map((w) => KIND_WORDS.get(w));
    if (words.length === 0 || named.some((k) => k === undefined))
      return { ok: false, error: `kind takes ${either(['rule', 'cache', 'origin', 'configuration'])} (kind:rule,origin: either)` };
    const next = kinds.filter((k) => named.includes(k));
    if (next.length === 0) return { ok: false, error: `no record is ${either(kinds.map(kindWord))} and ${either(words)} at once` };
    kinds = next;
    narrowed = true;
  }
  const refsNeeded = new Set<ChildQueryKind>();
  for (const { key, value } of tokens) {
    if (key === undefined) {
      if (value.value !== '') terms.push({ t: 'text', text: value.value });
      continue;
    }
    if (key === 'kind') {
      const named = value.value.toLowerCase().split(',').filter(Boolean);
      terms.push({ t: 'kind', kinds: QUERY_KINDS.filter((k) => named.some((w) => KIND_WORDS.get(w) === k)) });
      continue;
    }
    if (key === 'in') {
      if (value.value === '' && !value.quoted)
        return { ok: false, error: 'in takes a configuration name or a pattern (in:acme*, in:"shop ?")' };
      terms.push({ t: 'in', glob: value.value });
      continue;
    }
    const ref = REF_WORDS.get(key);
    if (ref !== undefined && queryField('rule', key) === undefined) {
      if (!kinds.includes('rule'))
        return {
          ok: false,
          error: `${key}:NAME is a rule's ${ref === 'origin' ? 'origin' : 'cache setting'}, and the query is of ${either(kinds.map(plural))}`,
        };
      if (value.value === '' && !value.quoted)
        return {
          ok: false,
          error: `${key} takes the name of ${ref === 'origin' ? 'an origin' : 'a cache setting'} of the rule's configuration (or none)`,
        };
      refField(ref); // the schema names the rule's field
      kinds = ['rule'];
      narrowed = true;
      refsNeeded.add(ref);
      terms.push({ t: 'ref', ref, ...value });
      continue;
    }
    const having = kinds.filter((k) => queryField(k, key) !== undefined);
    if (having.length === 0) {
      const of = kinds.length === QUERY_KINDS.length ? '' : ` of ${either(kinds.map(plural))}`;
      const near = closest(key, fieldNames(kinds));
      return { ok: false, error: `unknown field ${key}${near ? ` (${near}?)` : ''}: the fields${of} are ${keysFor(kinds).join(', ')}` };
    }
    const problems: string[] = [];
    const fit = having.filter((k) => {
      const t = fieldTest(queryField(k, key)!, value);
      if ('problem' in t) problems.push(t.problem);
      return 'test' in t;
    });
    if (fit.length === 0) return { ok: false, error: problems[0]! };
    kinds = fit;
    narrowed = true;
    terms.push({ t: 'field', field: key, ...value });
  }
  if (!narrowed) kinds = TEXT_KINDS; // bare words look where find anywhere did; cache settings when asked
  // A bare word with a `/` is no origin's address (a host name or an IP address).
  if (terms.some((t) => t.t === 'text' && t.text.includes('/'))) kinds = kinds.filter((k) => k !== 'origin');
  const needs = CHILD_KINDS.filter((k) => kinds.includes(k) || refsNeeded.has(k));
  return { ok: true, query: { terms, kinds, needs } };
}
