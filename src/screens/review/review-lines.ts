// The review as lines (docs/ux.md §4–5, §9): per draft its title, every changed field `field: -old →
// +new` with what the pre-flight found under the field to change, the exact request (wrapped, never
// cut), a conflict's base/theirs/mine, and what became of it when sent. Each line knows its draft
// and field: `x` drops the draft under the cursor, Enter opens its form at that field. Pure: the
// review screen windows these lines.
import type { Line } from '../../components/scroll-lines.js';
import { formatRequest, patchRequest, showValue } from '../../diff/index.js';
import type { AppState, Conflict, Finding, Preflight, RecordKey, Review } from '../../store/index.js';
import type { Rec } from '../../schema/index.js';
import { alreadyApplied, configurationWords, parseKey, refNameOf, sendPlan, shownSteps, titleOf } from '../../store/index.js';
import type { ResultLine } from '../../app/ui-store.js';
import { cellWidth, fit, pad, safe, wrap } from '../../ui/text.js';

/** A line of the review: the draft it belongs to and the field it is about, if any. */
export interface ReviewLine extends Line {
  readonly key?: RecordKey;
  readonly field?: string;
  /** A problem the API would refuse: the cursor goes to the first. */
  readonly refused?: true;
}

export interface ReviewCounts {
  /** Drafts still to send. */
  readonly drafts: number;
  /** Changed fields (a delete counts one). */
  readonly changes: number;
  /** Requests that `y` sends. */
  readonly requests: number;
  /** Drafts whose change the server already has (found by reading again): not sent, `y` clears them. */
  readonly applied: number;
  /** Configurations the drafts are in (more than one: the review is grouped by configuration). */
  readonly configurations: number;
}

/** The configuration a draft is in (a configuration's own draft: itself). */
function confOf(key: RecordKey): number | undefined {
  const { kind, conf, id } = parseKey(key);
  return kind === 'configuration' ? id : conf;
}

/** The configurations the drafts are in; none when they are all configurations' own settings (each its own: nothing to group). */
function configurationsOf(keys: readonly RecordKey[]): (number | undefined)[] {
  return keys.every((k) => parseKey(k).kind === 'configuration') ? [] : [...new Set(keys.map(confOf))];
}

/** A group's heading: `configuration shop (1528252734)`, as the notes name it. */
function groupTitle(state: AppState, conf: number | undefined): string {
  return conf === undefined ? 'configuration (new)' : configurationWords(state, conf);
}

/** The notes about one configuration (`configuration shop (1528252734): …`), said under its heading: the rest of each. */
function notesOf(notes: readonly string[], title: string): string[] {
  const prefix = `${title}: `;
  return notes.flatMap((n) => (n.startsWith(prefix) ? [n.slice(prefix.length)] : []));
}

/** Lines of `text` wrapped to `width`, continuation lines indented. */
function wrapped(text: string, width: number, tone: Line['tone'], indent = '    '): Line[] {
  const first = wrap(text, width);
  if (first.length <= 1) return first.map((t) => ({ text: t, tone }));
  const [head = '', ...rest] = first;
  const more = wrap(rest.join(''), Math.max(1, width - indent.length)).map((t) => indent + t);
  return [{ text: head, tone }, ...more.map((t) => ({ text: t, tone }))];
}

/** `field: -old → +new`; `after` as shown (a value, or where a referenced id comes from). */
function changeLines(field: string, before: unknown, after: string, width: number, ascii: boolean): Line[] {
  // Without UTF-8 (LANG=C) not one other byte is written: the arrow too.
  const arrow = ascii ? ' -> ' : ' → ';
  const removed = before === undefined ? '' : `-${safe(showValue(before))}`;
  const text = `  ${field}: ${removed ? removed + arrow : ''}+${after}`;
  if (cellWidth(text) <= width)
    return [
      {
        text,
        tone: 'plain',
        spans: [
          { text: `  ${field}: ` },
          ...(removed ? [{ text: removed, tone: 'remove' as const }, { text: arrow }] : []),
          { text: `+${after}`, tone: 'add' as const },
        ],
      },
    ];
  return [
    ...(removed ? wrapped(`  ${field}: ${removed}`, width, 'remove') : []),
    ...wrapped(`${removed ? `   ${arrow}` : `  ${field}: `}+${after}`, width, 'add'),
  ];
}

/** A finding under its field: `✗ path: Rule 12 already has this path.` (refused) or `! …` (a warning). */
function findingLines(f: Finding, width: number, ascii: boolean): Line[] {
  const mark = f.severity === 'refused' ? (ascii ? 'x' : '✗') : '!';
  // A warning of the lint names its code (docs/lint.md; `cdn-tui lint --ignore CODE`).
  const code = f.lint ? ` [${f.code}]` : '';
  return wrapped(
    `    ${mark} ${f.field ? `${f.field}: ` : ''}${safe(f.message)}${code}`,
    width,
    f.severity === 'refused' ? 'error' : 'warn',
    '      ',
  );
}

function conflictLines(c: Conflict, width: number, ascii: boolean): Line[] {
  const w = Math.max(6, Math.floor((width - 25) / 3));
  const row = (mark: string, a: string, b: string, d: string, e: string) =>
    `${mark}${pad(a, 20, ascii)} ${pad(b, w, ascii)} ${pad(d, w, ascii)} ${fit(e, w, ascii)}`;
  return [
    { text: 'Someone else changed this record since your draft began. Nothing was sent.', tone: 'warn' },
    { text: row('  ', 'field', 'base', 'theirs', 'mine'), tone: 'title' },
    ...c.fields.map((f) => ({
      text: row(f.clash ? '! ' : '  ', f.field, safe(showValue(f.base)), safe(showValue(f.theirs)), safe(showValue(f.mine))),
    })),
    { text: '  ! both changed · m: keep mine where both changed · t: take theirs', tone: 'dim' },
  ];
}

/** A new rule's path that a rule of its configuration has already (as read): `o` makes the draft an edit of that rule instead. */
export function takenPath(state: AppState, key: RecordKey, checked: Preflight): Finding | undefined {
  const d = state.drafts[key];
  if (d?.target.op !== 'create' || d.target.kind !== 'rule' || d.target.conf === undefined) return undefined;
  return checked.findings[key]?.find((f) => f.code === 'pathTaken' && f.holder !== undefined);
}

/** The taken path said as the target's: `configuration shop (7) has a rule /login already (Rule 12 …) · o updates that rule instead`. */
function takenWords(state: AppState, key: RecordKey, f: Finding): Finding {
  const d = state.drafts[key]!;
  const where = configurationWords(state, d.target.conf!);
  const message = `${where} has a rule ${String(d.values.path)} already (${f.message}) · o updates that rule instead`;
  return { ...f, message };
}

/**
 * A parking request (src/store/send-plan.ts): the record moved to a temporary value so that
 * another request of the send can take its own; the record's own request comes later.
 */
function parkLines(state: AppState, key: RecordKey, body: Rec, number: string, width: number, ascii: boolean): Line[] {
  const d = state.drafts[key]!;
  const was = state.records[key] ?? d.base ?? {};
  const out: Line[] = [
    { text: `${number}${titleOf(key, was)} (parked until its own request below)`, tone: 'title' },
    ...wrapped('  its values move aside for a moment so that another request of this send can take them', width, 'dim'),
  ];
  for (const [field, value] of Object.entries(body)) out.push(...changeLines(field, was[field], safe(showValue(value)), width, ascii));
  out.push(...wrapped(`  ${safe(formatRequest(patchRequest(d.target, body)))}`, width, 'request'), { text: '' });
  return out;
}

const NO_CHECK: Preflight = { findings: {}, general: [], refused: 0, warnings: 0 };

export function reviewLines(
  state: AppState,
  keys: readonly RecordKey[],
  results: readonly ResultLine[],
  width: number,
  ascii: boolean,
  notes: readonly string[] = [],
  checked: Preflight = NO_CHECK,
): ReviewLine[] {
  // Listed, and numbered, in the order they go (the send planner's: src/store/send-plan.ts), a
  // record parked on a temporary value on its own line; grouped by configuration when there are several.
  // The plan ranks the drafts of one configuration together, in the order their configurations first come.
  const shown = shownSteps(state, keys);
  const grouped = configurationsOf(keys).length > 1;
  // Grouped, a note about one configuration goes under its heading; the others stay on top.
  const titles = grouped ? [...new Set(shown.map((st) => confOf(st.key)))].map((c) => groupTitle(state, c)) : [];
  const general = [...notes, ...sendPlan(state, keys).notes].filter((n) => !titles.some((t) => n.startsWith(`${t}: `)));
  const out: ReviewLine[] = general.flatMap((n) => wrapped(`note: ${safe(n)}`, width, 'warn'));
  // What the send brings on records it does not touch (a cache setting left unused).
  for (const f of checked.general) out.push(...wrapped(`! ${safe(f.message)} [${f.code}]`, width, 'warn', '  '));
  if (out.length) out.push({ text: '' });
  const resultOf = new Map(results.map((r) => [r.key, r]));
  let group: number | undefined | null = null;
  for (const step of shown) {
    const { key } = step;
    if (grouped && confOf(key) !== group) {
      group = confOf(key);
      // Set apart from the records' titles by more than colour: a rule on each side.
      const bar = ascii ? '--' : '──';
      const title = groupTitle(state, group);
      out.push({ text: `${bar} ${safe(title)} ${bar}`, tone: 'heading' });
      for (const n of notesOf(notes, title)) out.push(...wrapped(`note: ${safe(n)}`, width, 'warn'));
    }
    const review: Review | undefined = state.review(key);
    const result = resultOf.get(key);
    if (!review && !result) continue;
    const of = (lines: readonly Line[], field?: string, refused?: boolean): ReviewLine[] =>
      lines.map((l) => ({ ...l, key, ...(field ? { field } : {}), ...(refused ? { refused: true as const } : {}) }));
    const number = step.number === undefined ? '' : `${step.number}. `;
    if (step.park && review) {
      out.push(...of(parkLines(state, key, step.park, number, width, ascii)));
      continue;
    }
    out.push(...of([{ text: `${number}${titleOf(key, state.drafts[key]?.values ?? state.records[key])}`, tone: 'title' }]));
    if (result)
      out.push(...of(wrapped(`  ${result.ok ? (ascii ? 'ok' : '✓') : 'error:'} ${result.text}`, width, result.ok ? 'ok' : 'error')));
    if (review && alreadyApplied(state, key)) {
      out.push(
        ...of(
          wrapped(
            `  ${ascii ? 'ok' : '✓'} already applied: the server has this change (sent before the app stopped); nothing to send`,
            width,
            'ok',
          ),
        ),
        { text: '' },
      );
      continue;
    }
    if (review) {
      const taken = takenPath(state, key, checked);
      const found = (checked.findings[key] ?? []).map((f) => (f === taken ? takenWords(state, key, f) : f));
      const under = (field: string) =>
        found
          .filter((f) => f.field === field)
          .flatMap((f) => of(findingLines(f, width, ascii), field || undefined, f.severity === 'refused'));
      if (review.target.op === 'delete') out.push(...of([{ text: '  - the whole record is deleted', tone: 'remove' }]));
      for (const c of review.changes) {
        const ref = review.refs?.[c.field];
        // A reference's id with the name it has there (`1702415501 (html 5m)`): one chosen by name is seen to be the right one.
        const named = refNameOf(state, key, c.field, c.after);
        const after = ref === undefined ? `${safe(showValue(c.after))}${named === undefined ? '' : ` (${safe(named)})`}` : `{${safe(ref)}}`;
        out.push(...of(changeLines(c.field, c.before, after, width, ascii), c.field), ...under(c.field));
      }
      // Problems of fields the draft does not change (one missing), and of the request as a whole.
      const changed = new Set(review.changes.map((c) => c.field));
      for (const field of new Set(found.map((f) => f.field))) if (!changed.has(field)) out.push(...under(field));
      // Field errors the API answered when it was sent (the pre-flight's own are above).
      if (result && !result.ok)
        for (const [field, messages] of Object.entries(state.fieldErrors[key] ?? {}))
          out.push(...of(wrapped(`  error: ${field}: ${safe(messages.join(' '))}`, width, 'error'), field));
      out.push(
        ...of(
          review.request
            ? wrapped(`  ${safe(formatRequest(review.request))}`, width, 'request')
            : [{ text: '  nothing to send', tone: 'dim' as const }],
        ),
      );
      // What a create cannot send, set by a PATCH right after it (a configuration made again inactive).
      if (review.then) out.push(...of(wrapped(`  then ${safe(formatRequest(review.then))}`, width, 'request')));
      const conflict = state.conflicts[key];
      if (conflict) out.push(...of(conflictLines(conflict, width, ascii)));
    }
    out.push({ text: '' });
  }
  return out;
}

export function reviewCounts(state: AppState, keys: readonly RecordKey[]): ReviewCounts {
  let drafts = 0;
  let changes = 0;
  // Parking requests are requests of the send too.
  let requests = sendPlan(state, keys).steps.filter((st) => st.park).length;
  let applied = 0;
  for (const key of keys) {
    const r = state.review(key);
    if (!r) continue;
    if (alreadyApplied(state, key)) {
      applied++;
      continue;
    }
    drafts++;
    changes += r.target.op === 'delete' ? 1 : r.changes.length;
    if (r.request) requests++;
    if (r.then) requests++;
  }
  return { drafts, changes, requests, applied, configurations: configurationsOf(keys.filter((k) => state.drafts[k])).length };
}
