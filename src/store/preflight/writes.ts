// The pre-flight of a create or an edit (docs/preflight.md): the request checked by the schema the
// emulator validates with, on the merged record, against its configuration as read (siblings,
// references) and against the other requests of the same send (two new rules of one path).
import {
  bodyBytes,
  MAX_BODY_BYTES,
  PRODUCT_CODES,
  PRODUCTS,
  schemaFor,
  validateWrite,
  type Problem,
  type Product,
  type Rec,
  type RefKind,
  type ValidationContext,
} from '../../schema/index.js';
import { recordKey, type ListKey, type RecordKey } from '../keys.js';
import { titleOf } from '../outcome.js';
import { perSend, readList, siblingsAsRead, type Batch, type Entry } from './batch.js';
import type { Finding } from './types.js';

/** `1.05 MiB` (never rounded down to the bound), `830 KiB`, `12 bytes`. */
function formatBytes(n: number): string {
  if (n >= 1 << 20) return n % (1 << 20) ? `${(Math.ceil((n / (1 << 20)) * 100) / 100).toFixed(2)} MiB` : `${n / (1 << 20)} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

const NO_PRODUCTS: ReadonlySet<Product> = new Set();
const ALL_PRODUCTS: ReadonlySet<Product> = new Set(PRODUCTS);

type Found = ReadonlyArray<readonly [field: string, problem: Problem]>;

const PRODUCT_NOTE = 'The API refuses it if the account lacks that product (cdn-tui cannot see which products an account has).';

/** Whether a record of `kind` with `id` is in its list as read; undefined when the list was not read. */
function refExists(batch: Batch, conf: number | undefined, kind: RefKind, id: number): boolean {
  if (conf === undefined) return true; // a configuration not made yet: its records are the send's own
  const list = readList(batch.state, `${kind}:${conf}`);
  return list === undefined || list.includes(recordKey(kind, conf, id));
}

function validate(e: Entry, ctx: ValidationContext): Found {
  const op = e.draft.target.op === 'create' ? 'create' : 'patch';
  const stored = op === 'patch' ? (e.server ?? e.draft.base ?? {}) : undefined;
  const result = validateWrite(schemaFor(e.draft.target.kind), op, e.request?.body, stored, ctx);
  if (result.ok) return [];
  return 'problems' in result ? result.problems : [['', result.problem]];
}

const same = (a: readonly [string, Problem], b: readonly [string, Problem]) => a[0] === b[0] && a[1].code === b[1].code;

/**
 * The problems `others` as siblings add to the request's own (`alone`): the rules of uniqueness,
 * each with the sibling that holds the value, found by halving (a list of 10,000 with no clash is
 * one run; each holder costs a few more).
 */
function clashes(e: Entry, others: ReadonlyArray<readonly [RecordKey, Rec]>, alone: Found): Array<readonly [string, Problem, RecordKey]> {
  // The request's own record is no sibling of itself (`others` is shared by every request of its list).
  const siblings = (part: ReadonlyArray<readonly [RecordKey, Rec]>) =>
    function* (): Generator<Rec> {
      for (const [key, r] of part) if (key !== e.key) yield r;
    };
  const added = (part: ReadonlyArray<readonly [RecordKey, Rec]>) =>
    validate(e, { products: ALL_PRODUCTS, siblings: siblings(part) }).filter((p) => !alone.some((a) => same(a, p)));
  const found = (part: ReadonlyArray<readonly [RecordKey, Rec]>): Array<readonly [string, Problem, RecordKey]> => {
    if (part.length === 0) return [];
    const problems = added(part);
    if (problems.length === 0) return [];
    if (part.length === 1) return problems.map(([field, p]) => [field, p, part[0]![0]] as const);
    const half = Math.ceil(part.length / 2);
    return [...found(part.slice(0, half)), ...found(part.slice(half))];
  };
  return found(others);
}

/**
 * The records of a list by their unique values: a rule of a schema that reads the other records
 * (`siblings`) holds two records alike at least in its first field (a rule's path, a name, a
 * CNAME), so a request is checked only against the records that share such a value — not the
 * whole list (2,000 edits of one list checked each against 2,000 records took ~0.5 s).
 */
type Index = ReadonlyMap<string, ReadonlyArray<readonly [RecordKey, Rec]>>;

const keyOf = (field: string, value: unknown) => `${field}\u0000${JSON.stringify(value)}`;

/** The values of `record` a sibling must share to clash with it. */
function uniqueKeys(kind: Entry['draft']['target']['kind'], record: Rec | undefined): string[] {
  if (!record) return [];
  const out: string[] = [];
  for (const rule of schemaFor(kind).rules) {
    const field = rule.siblings ? rule.fields[0] : undefined;
    if (field === undefined) continue;
    const v = record[field];
    for (const item of Array.isArray(v) ? v : [v]) if (item !== undefined) out.push(keyOf(field, item));
  }
  return out;
}

function indexOf(kind: Entry['draft']['target']['kind'], records: ReadonlyArray<readonly [RecordKey, Rec]>): Index {
  const out = new Map<string, Array<readonly [RecordKey, Rec]>>();
  for (const pair of records)
    for (const k of uniqueKeys(kind, pair[1])) {
      const those = out.get(k);
      if (those) those.push(pair);
      else out.set(k, [pair]);
    }
  return out;
}

const kindOfList = (list: ListKey): Entry['draft']['target']['kind'] =>
  list === 'configurations' ? 'configuration' : list.startsWith('rule:') ? 'rule' : list.startsWith('origin:') ? 'origin' : 'cache_setting';

/** The list's records as read (less what the send deletes), by their unique values. */
const readIndex = perSend((batch, list: ListKey): Index => indexOf(kindOfList(list), siblingsAsRead(batch, list)));

/** The send's creates and edits of the list as it leaves them, by their unique values. */
const afterIndex = perSend((batch, list: ListKey): Index =>
  indexOf(
    kindOfList(list),
    (batch.byList.get(list) ?? []).flatMap((o) =>
      o.after !== undefined && o.draft.target.op !== 'delete' ? [[o.key, o.after] as const] : [],
    ),
  ),
);

/** The records of `index` that share a unique value with the request's record, but itself. */
function near(index: Index, e: Entry): Array<readonly [RecordKey, Rec]> {
  const seen = new Set<RecordKey>([e.key]);
  const out: Array<readonly [RecordKey, Rec]> = [];
  for (const k of uniqueKeys(e.draft.target.kind, e.after))
    for (const pair of index.get(k) ?? []) {
      if (seen.has(pair[0])) continue;
      seen.add(pair[0]);
      out.push(pair);
    }
  return out;
}

function labelOf(e: Entry, field: string): string {
  const spec: { readonly label: string } | undefined = schemaFor(e.draft.target.kind).fields.find((f) => f.name === field);
  return spec?.label ?? field;
}

/** Findings on a create or an edit. */
export function writeFindings(batch: Batch, e: Entry): Finding[] {
  const { draft } = e;
  if (!e.request?.body || draft.target.op === 'delete') return [];
  const { conf, kind } = draft.target;
  // The request alone: types, bounds, required fields, rules across its fields, its references;
  // no product assumed (a refusal that needs one is a warning: the account's products are unknown).
  const own = validate(e, {
    products: NO_PRODUCTS,
    ...(kind === 'rule' ? { refExists: (ref: RefKind, id: number) => refExists(batch, conf, ref, id) } : {}),
  });
  // A field that takes the id of a record the send makes first holds a stand-in until then: not checked.
  const taken = new Set(Object.keys(draft.refs ?? {}));
  const findings: Finding[] = own
    .filter(([field]) => !taken.has(field))
    .map(([field, p]) =>
      PRODUCT_CODES.has(p.code)
        ? { severity: 'warning', field, code: p.code, message: `${p.text} ${PRODUCT_NOTE}` }
        : { severity: 'refused', field, code: p.code, message: p.text },
    );
  // A body larger than the API reads is refused whole (413): said under its largest field.
  const body = e.request.body;
  const size = bodyBytes(body);
  if (size > MAX_BODY_BYTES) {
    const largest = Object.keys(body).reduce((a, b) => (bodyBytes(body[a]) >= bodyBytes(body[b]) ? a : b));
    const message = `The request is ${formatBytes(size)}; the API reads at most ${formatBytes(MAX_BODY_BYTES)} (it answers 413: Request body is too large). ${labelOf(e, largest)} is ${formatBytes(bodyBytes(body[largest]))} of it.`;
    findings.push({ severity: 'refused', field: largest, code: 'too_large', message });
  }
  // Values unique in the list (the schema's rules that read the other records): only when the request sets one.
  const unique = schemaFor(kind).rules.some(
    (r) => r.siblings && (draft.target.op === 'create' || r.fields.some((f) => Object.hasOwn(body, f))),
  );
  if (!e.list || !unique) return findings;
  // Values unique in the list: against its records as read (but the rules the send deletes first),
  // and against the send's other creates and edits as it leaves them.
  const read = near(readIndex(batch, e.list), e);
  const after = near(afterIndex(batch, e.list), e);
  const alone = validate(e, { products: ALL_PRODUCTS });
  const nowHeld = clashes(e, read, alone);
  const thenHeld = clashes(e, after, alone);
  const holds = (list: typeof thenHeld, field: string, p: Problem, holder: RecordKey) =>
    list.some(([f, q, h]) => f === field && q.code === p.code && h === holder);
  // A value a record of the send gives up is taken after it gives it up: the send planner orders
  // the two (src/store/send-plan.ts), parking one of a swap on a temporary value.
  for (const [field, p, holder] of nowHeld) {
    const edited = batch.byKey.get(holder)?.draft.target.op === 'update';
    if (edited && !holds(thenHeld, field, p, holder)) continue;
    findings.push({ severity: 'refused', field, code: p.code, message: p.text, holder });
  }
  for (const [field, p, holder] of thenHeld) {
    if (holds(nowHeld, field, p, holder)) continue;
    const message = `${titleOf(holder, batch.byKey.get(holder)?.after)} in this same send has this ${labelOf(e, field)} too: the API refuses whichever of the two goes second.`;
    findings.push({ severity: 'refused', field, code: p.code, message });
  }
  return findings;
}
