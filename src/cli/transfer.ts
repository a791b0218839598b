// `cdn-tui export ID [--out FILE]`, `cdn-tui export --all --out DIR` and `cdn-tui apply FILE|DIR|-
// [--to [PROFILE:]ID|NAME [--prune]] [--dry-run] [--yes]`: the export format (src/transfer/format.ts)
// for scripts and git. Apply goes through the same store, diff and apply as the TUI: the same
// profile and token, the re-read before writing, nothing sent without the review printed and a yes
// (asked, or --yes). With --to the file is copied onto another configuration (src/transfer/copy.ts:
// matched by path and name, references remapped, the target's identity kept). Exit: 0 applied or
// nothing to do, 1 failure, 2 bad usage, 3 conflict (the server changed since the export), 4 a
// file or the target could not be read.
import { statSync, writeFileSync } from 'node:fs';
import { explain } from '../api/index.js';
import { pathReason } from '../store/disk-words.js';
import { createAppStore, createFileHistory, createMemoryJournal, historyFile, stateDir, type HistoryStore } from '../store/index.js';
import { planCopy } from '../transfer/compare.js';
import { exportConfiguration } from '../transfer/export.js';
import { exportText } from '../transfer/format.js';
import { planFromFile } from '../transfer/plan.js';
import { fileRefused } from './transfer-review.js';
import type { TuiFlags } from './args.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { exportAll, planFolder } from './transfer-all.js';
import { realIo, reviewAndSend, stdoutFlushed, type ApplyFlags, type Io } from './transfer-review.js';
import { clientOf, locate, parseSide, readExport, type ReadText } from './transfer-side.js';

export type { ApplyFlags } from './transfer-review.js';
export const EXIT_CONFLICT = EXIT.conflict;

export interface ApplyOptions extends ApplyFlags {
  readonly to?: string;
  readonly prune?: boolean;
}

export async function exportCommand(
  flags: TuiFlags,
  id: number | undefined,
  outFile: string | undefined,
  io: Io = realIo,
): Promise<number> {
  const { api } = clientOf(flags, undefined);
  if (id === undefined) return exportAll(api, outFile!, io);
  let text: string;
  try {
    text = exportText(await exportConfiguration(api, id));
  } catch (e) {
    throw new CliError(`cannot export configuration ${id}: ${explain(e)}`);
  }
  if (outFile === undefined) {
    io.out(text);
    await stdoutFlushed();
    return EXIT.ok;
  }
  try {
    writeFileSync(outFile, text);
  } catch (e) {
    throw new CliError(`cannot write ${outFile}: ${pathReason(e, outFile, 'write')}`);
  }
  return EXIT.ok;
}

/** The history of sends of the profile the TUI shows (H): an apply is one send there, which one `z` undoes. */
function profileHistory(baseUrl: string): HistoryStore {
  return createFileHistory(historyFile(stateDir(process.env), baseUrl));
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The export to apply; one that cannot be read is bad usage (exit 2), as it always was for apply. */
async function fileOf(path: string, read?: ReadText) {
  try {
    return await readExport(path, read);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

export async function applyCommand(
  flags: TuiFlags,
  path: string,
  options: ApplyOptions,
  io: Io = realIo,
  read?: ReadText,
): Promise<number> {
  if (options.to !== undefined) return applyTo(flags, path, options.to, options, io, read);
  const store = () => {
    const { api, baseUrl } = clientOf(flags, undefined);
    return createAppStore({ api, journal: createMemoryJournal(), history: profileHistory(baseUrl) });
  };
  if (path !== '-' && isFolder(path)) {
    const s = store();
    return reviewAndSend(s, await planFolder(s, path), options, io);
  }
  const file = await fileOf(path, read);
  const s = store();
  let plan;
  try {
    plan = await planFromFile(s, file);
  } catch (e) {
    throw new CliError(explain(e));
  }
  if (plan.refusals.length) throw fileRefused(plan.refusals.map((r) => `${path === '-' ? 'standard input' : path}: ${r}`));
  return reviewAndSend(s, plan, options, io);
}

/** `apply FILE --to T`: the file's configuration copied onto T (all but its identity), T's extra records kept unless --prune. */
async function applyTo(flags: TuiFlags, path: string, to: string, options: ApplyOptions, io: Io, read?: ReadText): Promise<number> {
  const side = parseSide(to, '--to');
  if (side.kind === 'file') throw new UsageError(`--to names a configuration ([PROFILE:]ID|NAME), not a file ("${to}")`);
  if (path !== '-' && isFolder(path)) throw new UsageError('--to takes one export file, not a folder');
  const file = await fileOf(path, read);
  const target = await locate(flags, side);
  const store = createAppStore({ api: target.api, journal: createMemoryJournal(), history: profileHistory(target.baseUrl) });
  let plan;
  try {
    plan = await planCopy(store, file, target.id, 'all', { prune: options.prune === true });
  } catch (e) {
    throw new CliError(`cannot read ${target.label}: ${explain(e)}`, EXIT.unreadable);
  }
  io.err(
    `applying ${path === '-' ? 'standard input' : path} onto ${target.label}${options.prune ? ' (records it lacks deleted: --prune)' : ''}\n`,
  );
  return reviewAndSend(store, plan, options, io);
}
