// `cdn-tui export ID [--out FILE]` and `cdn-tui apply FILE [--dry-run] [--yes]`: the export format
// (src/transfer/format.ts) for scripts and git. Apply goes through the same store, diff and
// apply as the TUI: the same profile and token, the re-read before writing, nothing sent without
// the review printed and a yes (asked, or --yes). Exit: 0 applied or nothing to do, 1 failure,
// 3 conflict (the server changed since the export).
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { createApiClient, type ApiClient } from '../api/index.js';
import { explain } from '../api/explain.js';
import { formatRequest, showValue } from '../diff/index.js';
import { createAppStore, createMemoryJournal, jobLine, summarize, titleOf, type AppStore } from '../store/index.js';
import { exportConfiguration } from '../transfer/export.js';
import { exportText, parseExport } from '../transfer/format.js';
import { planFromFile } from '../transfer/plan.js';
import type { TuiFlags } from './args.js';
import { CliError, EXIT, UsageError, addSecret } from './errors.js';
import { boundsOf, clientOptionsOf } from './client-options.js';
import { resolveTui } from './resolve.js';
import { checkDraft } from '../store/validate-draft.js';

export const EXIT_CONFLICT = 3;

export interface ApplyFlags {
  readonly dryRun: boolean;
  readonly yes: boolean;
}

interface Io {
  readonly out: (text: string) => void;
  /** Progress that is not the review (the waits for the rate limit): stderr. */
  readonly err: (text: string) => void;
  readonly ask: (question: string) => Promise<string>;
  readonly interactive: boolean;
}

const realIo: Io = {
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

function clientFor(flags: TuiFlags): ApiClient {
  const resolved = resolveTui(flags, { env: process.env });
  if (resolved.kind !== 'api') throw new UsageError('export and apply need an API: --base-url and a token, or a profile (not --demo)');
  addSecret(resolved.token);
  return createApiClient(
    clientOptionsOf({ baseUrl: resolved.baseUrl, token: resolved.token, ...(resolved.extraCa !== undefined ? { extraCa: resolved.extraCa } : {}), ...boundsOf(flags) }),
  );
}

export async function exportCommand(flags: TuiFlags, id: number, outFile: string | undefined, io: Io = realIo): Promise<number> {
  const api = clientFor(flags);
  let text: string;
  try {
    text = exportText(await exportConfiguration(api, id));
  } catch (e) {
    throw new CliError(`cannot export configuration ${id}: ${explain(e)}`);
  }
  if (outFile === undefined) io.out(text);
  else writeFileSync(outFile, text);
  return EXIT.ok;
}

/** The review as plain text: each record, its changed fields (`-old` / `+new`), the exact request. */
function reviewText(store: AppStore, keys: readonly string[]): string {
  const lines: string[] = [];
  for (const key of keys) {
    const review = store.getState().review(key);
    if (!review?.request) continue;
    const d = store.getState().drafts[key];
    lines.push(titleOf(key, d?.values ?? store.getState().records[key]));
    for (const c of review.changes) lines.push(`  ${c.field}: -${showValue(c.before)} +${showValue(c.after)}`);
    lines.push(`  ${formatRequest(review.request)}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
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

export async function applyCommand(flags: TuiFlags, path: string, options: ApplyFlags, io: Io = realIo): Promise<number> {
  let file;
  try {
    file = parseExport(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const store = createAppStore({ api: clientFor(flags), journal: createMemoryJournal() });
  let plan;
  try {
    plan = await planFromFile(store, file);
  } catch (e) {
    throw new CliError(explain(e));
  }
  if (plan.conflicts.length) {
    io.out(`conflict: nothing sent\n${plan.conflicts.map((c) => `  ${c}\n`).join('')}export again to start from the server's values\n`);
    return EXIT_CONFLICT;
  }
  if (plan.keys.length === 0) {
    io.out('nothing to do\n');
    return EXIT.ok;
  }
  const requests = plan.keys.filter((k) => store.getState().review(k)?.request).length;
  io.out(reviewText(store, plan.keys));
  io.out(`${plan.keys.length} change${plan.keys.length === 1 ? '' : 's'}, ${requests} request${requests === 1 ? '' : 's'}\n`);
  // The file is sent whole or not at all: a record with a field the API would refuse stops it here.
  const invalid = plan.keys.flatMap((k) => {
    const d = store.getState().drafts[k];
    const errors = d ? checkDraft(store.getState(), d) : {};
    return Object.entries(errors).map(([f, m]) => `  ${titleOf(k, d?.values)}: ${f}: ${m.join(' ')}`);
  });
  if (invalid.length) {
    io.out(`not sent: fix these in the file\n${invalid.join('\n')}\n`);
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
  const summary = summarize(results);
  for (const r of results) {
    if (r.outcome !== 'invalid' && r.outcome !== 'failed') continue;
    const errors = r.outcome === 'invalid' ? r.fieldErrors : (r.fieldErrors ?? {});
    const fields = Object.entries(errors).map(([f, m]) => `${f}: ${m.join(' ')}`);
    io.out(`${titleOf(r.key, store.getState().drafts[r.key]?.values)}: ${fields.length ? fields.join('; ') : r.outcome === 'failed' ? r.message : 'invalid'}\n`);
  }
  io.out(`${summary.text}\n`);
  if (results.some((r) => r.outcome === 'conflict')) return EXIT_CONFLICT;
  return summary.ok ? EXIT.ok : EXIT.error;
}
