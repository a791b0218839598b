// The review and send of `cdn-tui apply` (a file, a folder of exports, a file onto another
// configuration with --to): the plan's drafts printed as plain text (each record, its changed
// fields `-old` / `+new`, the exact request), checked, asked (or --yes), then sent through the
// store's apply with the rate limit's waits said on stderr. Exit: 0 applied or nothing to do,
// 1 a failure, 3 a conflict.
import { createInterface } from 'node:readline/promises';
import { formatRequest, patchRequest, showValue } from '../diff/index.js';
import {
  jobLine,
  preflight,
  preflightNeeds,
  sendPlan,
  shownSteps,
  summarize,
  titleOf,
  type AppStore,
  type Finding,
  type Preflight,
  type RecordKey,
  type ShownStep,
} from '../store/index.js';
import { CliError, EXIT, UsageError } from './errors.js';

export interface ApplyFlags {
  readonly dryRun: boolean;
  readonly yes: boolean;
}

export interface Io {
  readonly out: (text: string) => void;
  /** Progress that is not the review (the waits for the rate limit): stderr. */
  readonly err: (text: string) => void;
  readonly ask: (question: string) => Promise<string>;
  readonly interactive: boolean;
}

export const realIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  ask: async (question) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  },
  interactive: Boolean(process.stdin.isTTY),
};

/**
 * Resolves once what was written to stdout has gone to the OS: bin.ts ends the process soon after a
 * command returns, and a pipe that is not synchronous (macOS) to a slow reader would lose the rest.
 */
export function stdoutFlushed(): Promise<void> {
  return new Promise((done) => process.stdout.write('', () => done()));
}

/**
 * A finding as a line under its request, named by what it is about (its field, a purge's URL):
 * `  refused: path: Rule 12 already has this path.`, `  warning: … [lint code]`.
 */
export function findingLine(f: Finding, about = f.field): string {
  return `  ${f.severity === 'refused' ? 'refused' : 'warning'}: ${about ? `${about}: ` : ''}${f.message}${f.lint ? ` [${f.code}]` : ''}`;
}

/**
 * The review as plain text: each record, its changed fields (`-old` / `+new`), the exact request,
 * what the pre-flight found; with `plan.group`, under a heading line per group (a configuration),
 * the plan's own problems of the group first.
 */
function reviewText(store: AppStore, plan: Planned, checked: Preflight): string {
  const lines: string[] = [];
  const problems = plan.problems ?? new Map<string, readonly string[]>();
  const indent = plan.group ? '  ' : '';
  // In the order they go (the send planner's), numbered; a record parked on a temporary value on its own.
  const steps = shownSteps(store.getState(), plan.keys);
  // Group by group (a heading, the plan's problems of the group, its drafts); without groups, the drafts in order.
  const sections: Array<readonly [group: string | undefined, keys: readonly RecordKey[]]> = plan.group
    ? (plan.groups ?? [...new Set(plan.keys.map(plan.group))]).map((g) => [g, plan.keys.filter((k) => plan.group!(k) === g)] as const)
    : [[undefined, plan.keys]];
  for (const [group, keys] of sections) {
    if (group !== undefined && (keys.length || problems.get(group)?.length)) {
      lines.push(group);
      lines.push(...(problems.get(group) ?? []).map((p) => `  refused: ${p}`));
    }
    const here = new Set(keys);
    for (const step of steps) if (here.has(step.key)) lines.push(...recordLines(store, step, checked, indent));
  }
  // What the send brings on records it does not touch.
  lines.push(...checked.general.map((f) => findingLine(f).trimStart()));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** One request of the review: its record's title, changed fields, request and findings (a parking request: its temporary values). */
function recordLines(store: AppStore, step: ShownStep, checked: Preflight, indent: string): string[] {
  const { key } = step;
  const review = store.getState().review(key);
  if (!review?.request) return [];
  const lines: string[] = [];
  const d = store.getState().drafts[key];
  const number = step.number === undefined ? '' : `${step.number}. `;
  if (step.park && d) {
    const was = store.getState().records[key] ?? d.base ?? {};
    lines.push(`${indent}${number}${titleOf(key, was)} (parked until its own request below)`);
    for (const [field, value] of Object.entries(step.park))
      lines.push(`${indent}  ${field}: -${showValue(was[field])} +${showValue(value)}`);
    lines.push(`${indent}  ${formatRequest(patchRequest(d.target, step.park))}`);
    return lines;
  }
  lines.push(`${indent}${number}${titleOf(key, d?.values ?? store.getState().records[key])}`);
  // A field that takes the id of a record made first says so (`+{the id of new cache setting x}`), not its stand-in.
  for (const c of review.changes)
    lines.push(
      `${indent}  ${c.field}: -${showValue(c.before)} +${review.refs?.[c.field] !== undefined ? `{${review.refs[c.field]!}}` : showValue(c.after)}`,
    );
  lines.push(`${indent}  ${formatRequest(review.request)}`);
  if (review.then) lines.push(`${indent}  then ${formatRequest(review.then)}`);
  lines.push(...(checked.findings[key] ?? []).map((f) => `${indent}${findingLine(f)}`));
  return lines;
}

/**
 * Runs `job`, printing the status line to stderr each time it starts waiting for the rate limit
 * (`sent 20 of 45 · rate limit 20 writes/min · next in 58 s · about 2 min left`): one line a wait.
 */
async function saidWhileWaiting<T>(store: AppStore, io: Io, job: () => Promise<T>): Promise<T> {
  let said: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = store.subscribe((s) => {
    if (!s.pacing || s.pacing.nextAt === said || timer) return;
    // A moment later: the answers of the requests that went before the wait are counted by then.
    timer = setTimeout(() => {
      timer = undefined;
      const now = store.getState();
      if (!now.pacing || now.pacing.nextAt === said) return;
      said = now.pacing.nextAt;
      io.err(`${jobLine(now, Date.now())}\n`);
    }, SETTLE_MS);
  });
  try {
    return await job();
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

/** How long a wait's line waits for the answers still out (the real service answers within ~300 ms). */
const SETTLE_MS = 400;

/** What a plan made: its drafts, the conflicts that stop it, and notes printed before the review. */
export interface Planned {
  readonly keys: readonly RecordKey[];
  readonly conflicts: readonly string[];
  readonly notes?: readonly string[];
  /** The group a draft is shown under (its configuration's heading line); the keys come group by group. */
  readonly group?: (key: RecordKey) => string;
  /** Every group in order, those without a draft (only problems) too. */
  readonly groups?: readonly string[];
  /** Problems of the plan itself, by group, in the API's words: each would be refused, so nothing is sent. */
  readonly problems?: ReadonlyMap<string, readonly string[]>;
  /** What to fix when something would be refused (`fix the file`). */
  readonly fix?: string;
}

/**
 * A file that does not say exactly what it means (docs/export-format.md): refused whole before
 * anything is read for its review or sent, each problem on its line (`FILE: rules[3].gzipp: …`); exit 2.
 */
export function fileRefused(problems: readonly string[]): CliError {
  const n = problems.length;
  return new CliError(
    `nothing sent: ${n} problem${n === 1 ? '' : 's'} in what to apply\n${problems.map((p) => `  ${p}`).join('\n')}\nfix the file and apply it again`,
    EXIT.usage,
  );
}

/** Prints the review of `plan`, asks, sends: the exit code. */
export async function reviewAndSend(store: AppStore, plan: Planned, options: ApplyFlags, io: Io): Promise<number> {
  if (plan.conflicts.length) {
    io.out(`conflict: nothing sent\n${plan.conflicts.map((c) => `  ${c}\n`).join('')}export again to start from the server's values\n`);
    return EXIT.conflict;
  }
  for (const note of plan.notes ?? []) io.out(`note: ${note}\n`);
  const problems = [...(plan.problems?.values() ?? [])].reduce((n, p) => n + p.length, 0);
  if (plan.keys.length === 0 && problems === 0) {
    io.out('nothing to do\n');
    return EXIT.ok;
  }
  // Checked against the target as read now, and against each other (docs/preflight.md).
  await Promise.all(preflightNeeds(store.getState(), plan.keys).map((k) => store.getState().ensureFresh(k)));
  const checked = preflight(store.getState(), plan.keys);
  const ordered = sendPlan(store.getState(), plan.keys);
  // Each draft's request, the PATCH after a create that needs one, and the parking requests.
  const requests =
    plan.keys.filter((k) => store.getState().review(k)?.request).length +
    plan.keys.filter((k) => store.getState().review(k)?.then).length +
    ordered.steps.filter((st) => st.park).length;
  for (const note of ordered.notes) io.out(`note: ${note}\n`);
  io.out(reviewText(store, plan, checked));
  const refused = checked.refused + problems;
  const refusedWords = refused ? ` · ${refused} would be refused` : '';
  const warningWords = checked.warnings ? ` · ${checked.warnings} warning${checked.warnings === 1 ? '' : 's'}` : '';
  io.out(
    `${plan.keys.length} change${plan.keys.length === 1 ? '' : 's'}, ${requests} request${requests === 1 ? '' : 's'}${refusedWords}${warningWords}\n`,
  );
  // The file is sent whole or not at all: a request the API would refuse stops it here.
  if (refused) {
    io.out(`not sent: ${refused} request${refused === 1 ? '' : 's'} would be refused (above): ${plan.fix ?? 'fix the file'}\n`);
    return EXIT.error;
  }
  if (options.dryRun) return EXIT.ok;
  if (!options.yes) {
    if (!io.interactive) throw new UsageError('not sent: no terminal to ask; add --yes to send without asking');
    const answer = (await io.ask('send them? [y/N] ')).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      io.out('nothing sent\n');
      return EXIT.ok;
    }
  }
  const results = await saidWhileWaiting(store, io, () => store.getState().applyMany(plan.keys));
  // The send into the profile's history now: the TUI's H shows it, one z undoes it.
  store.getState().flushJournal();
  const summary = summarize(results);
  for (const r of results) {
    if (r.outcome !== 'invalid' && r.outcome !== 'failed') continue;
    const errors = r.outcome === 'invalid' ? r.fieldErrors : (r.fieldErrors ?? {});
    const fields = Object.entries(errors).map(([f, m]) => `${f}: ${m.join(' ')}`);
    io.out(
      `${titleOf(r.key, store.getState().drafts[r.key]?.values)}: ${fields.length ? fields.join('; ') : r.outcome === 'failed' ? r.message : 'invalid'}\n`,
    );
  }
  io.out(`${summary.text}\n`);
  if (!summary.ok && summary.applied > 0) {
    io.out(`the ${summary.applied} applied stay; to undo them, review their reversal in cdn-tui: H, this send, z\n`);
  }
  if (results.some((r) => r.outcome === 'conflict')) return EXIT.conflict;
  return summary.ok ? EXIT.ok : EXIT.error;
}
