// A parsed query over the records at hand (docs/ux.md §10): the configurations, and per configuration
// the lists read so far. Pure: the caller says what it holds (`QueryData`); a list not read yet
// matches nothing yet. Matches come in the order find anywhere listed them: the configurations,
// then per configuration (in list order) its rules, cache settings and origins.
import { isPlainObject, type Rec, type RefKind } from '../schema/index.js';
import { CHILD_KINDS, TEXT_FIELDS, queryField, refField, type ChildQueryKind, type QueryKind } from './fields.js';
import type { Query, Term } from './parse.js';
import { fieldTest, isEmpty, textTest } from './values.js';

export interface QueryData {
  /** The configurations, in list order. */
  readonly configurations: readonly Rec[];
  /** The records of a kind in configuration `conf`, in list order; undefined while its list is not read. */
  records(kind: ChildQueryKind, conf: number): readonly Rec[] | undefined;
}

export interface QueryMatch {
  readonly conf: number;
  readonly confName: string;
  readonly kind: QueryKind;
  readonly id: number;
  /** What the record is called: a rule's path, else its name. */
  readonly label: string;
  /** A rule's behaviour, an origin's addresses, a configuration's domain, a cache setting's CDN cache. */
  readonly detail: string;
}

export interface MatchResult {
  readonly matches: readonly QueryMatch[];
  /** Records of the kinds in play looked through (in the configurations in scope, lists read so far). */
  readonly looked: number;
  /** Stopped at the limit: there may be more. */
  readonly cut: boolean;
}

/** What a test of one record knows beyond it: its configuration, and the names of what its references point at. */
interface Where {
  readonly conf: number;
  refName(ref: RefKind, id: unknown): string | undefined;
}

type Test = (r: Rec, where: Where) => boolean;

const haystacks = new WeakMap<Rec, string>();

/** The text bare words are looked for in, lower-case, one field a line (kept per record object). */
function haystack(kind: QueryKind, r: Rec): string {
  let hay = haystacks.get(r);
  if (hay !== undefined) return hay;
  const parts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') parts.push(String(v));
    else if (Array.isArray(v)) v.forEach(add);
  };
  for (const name of TEXT_FIELDS[kind]) {
    const f = queryField(kind, name);
    if (f?.inItems === undefined) add(r[name]);
    else {
      const items = r[f.inItems];
      if (Array.isArray(items)) for (const item of items) if (isPlainObject(item)) add(item[name]);
    }
  }
  hay = parts.join('\n').toLowerCase();
  haystacks.set(r, hay);
  return hay;
}

/** `*` any text, `?` one character, the rest itself; the whole name, any case. */
export function globRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'is');
}

function termTest(term: Term, kind: QueryKind): Test | undefined {
  switch (term.t) {
    case 'text': {
      const word = term.text.toLowerCase();
      return (r) => haystack(kind, r).includes(word);
    }
    case 'field': {
      const field = queryField(kind, term.field);
      const t = field ? fieldTest(field, term) : undefined;
      if (!t || 'problem' in t) return () => false; // parseQuery keeps only kinds the field fits
      return t.test;
    }
    case 'ref': {
      const name = refField(term.ref);
      if (!term.quoted && term.value.toLowerCase() === 'none') return (r) => isEmpty(r[name]);
      const t = textTest(term);
      return (r, where) => {
        const named = where.refName(term.ref, r[name]);
        return named !== undefined && t(named);
      };
    }
    case 'kind':
    case 'in':
      return undefined; // the kinds in play; the configurations in scope
  }
}

/** Whether configuration `conf` is in the query's scope: its name (or id) matches every `in:`. */
export function inScope(query: Pick<Query, 'terms'>, conf: Rec): boolean {
  const globs = query.terms.flatMap((t) => (t.t === 'in' ? [t.glob] : []));
  return globs.every((g) => globRegExp(g).test(String(conf.name ?? '')) || g === String(conf.id));
}

function labelOf(kind: QueryKind, r: Rec): { label: string; detail: string } {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  switch (kind) {
    case 'configuration':
      return { label: text(r.name), detail: text(r.domain_name) };
    case 'rule':
      return { label: text(r.path), detail: text(r.behavior) };
    case 'cache_setting':
      return { label: text(r.name), detail: text(r.cdn_cache_settings) };
    case 'origin': {
      const items: unknown[] = Array.isArray(r.addresses) ? r.addresses : [];
      return { label: text(r.name), detail: items.flatMap((a) => (isPlainObject(a) ? [text(a.address)] : [])).join(', ') };
    }
  }
}

/** The records `query` matches among `data`, at most `limit`. */
export function matchQuery(query: Query, data: QueryData, { limit = Infinity }: { readonly limit?: number } = {}): MatchResult {
  const tests = new Map<QueryKind, Test[]>(query.kinds.map((k) => [k, query.terms.flatMap((term) => termTest(term, k) ?? [])]));
  const matches: QueryMatch[] = [];
  let looked = 0;
  let cut = false;
  const scope = data.configurations.filter((c) => inScope(query, c));
  const push = (kind: QueryKind, r: Rec, conf: number, confName: string) => {
    if (matches.length >= limit) {
      cut = true;
      return;
    }
    matches.push({ conf, confName, kind, id: Number(r.id), ...labelOf(kind, r) });
  };
  const passes = (kind: QueryKind, r: Rec, where: Where) => tests.get(kind)!.every((t) => t(r, where));

  const confTests = tests.get('configuration');
  for (const c of scope) {
    if (!confTests) break;
    looked++;
    const conf = Number(c.id);
    if (!cut && passes('configuration', c, { conf, refName: () => undefined })) push('configuration', c, conf, String(c.name ?? ''));
  }
  const kinds = CHILD_KINDS.filter((k) => tests.has(k));
  if (kinds.length === 0) return { matches, looked, cut };
  for (const c of scope) {
    const conf = Number(c.id);
    const confName = String(c.name ?? '');
    const names = new Map<RefKind, Map<unknown, string>>();
    const where: Where = {
      conf,
      refName(ref, id) {
        let byId = names.get(ref);
        if (!byId) {
          byId = new Map((data.records(ref, conf) ?? []).map((r) => [r.id, String(r.name ?? '')]));
          names.set(ref, byId);
        }
        return byId.get(id);
      },
    };
    for (const kind of kinds) {
      const records = data.records(kind, conf) ?? [];
      looked += records.length;
      if (cut) continue;
      for (const r of records) {
        if (passes(kind, r, where)) push(kind, r, conf, confName);
        if (cut) break;
      }
    }
  }
  return { matches, looked, cut };
}
