// `cdn-tui export ID [--out FILE] [connection flags]` and `cdn-tui apply FILE [--dry-run] [--yes]
// [connection flags]`: the first argument is the configuration's id or the file; the connection
// flags are the TUI's (--base-url, --token, --token-file, --profile, …), read by its parser.
import { tuiFlags, type TuiFlags } from './args.js';
import { UsageError } from './errors.js';

/** The flags of their own (beside the connection flags), for the completion scripts. */
export const EXPORT_FLAGS = { out: { type: 'string' } } as const;
export const APPLY_FLAGS = { 'dry-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' } } as const;

export interface ExportArgs {
  readonly flags: TuiFlags;
  readonly id: number;
  readonly out?: string;
}

export interface ApplyArgs {
  readonly flags: TuiFlags;
  readonly file: string;
  readonly dryRun: boolean;
  readonly yes: boolean;
}

/** Takes `--name VALUE`/`--name=VALUE` (value) or `--name` (switch) out of `argv`. */
function take(argv: string[], name: string, value: boolean): string | boolean | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (value && a.startsWith(`--${name}=`)) {
      argv.splice(i, 1);
      return a.slice(name.length + 3) || missing(name);
    }
    if (a !== `--${name}`) continue;
    if (!value) {
      argv.splice(i, 1);
      return true;
    }
    const v = argv[i + 1];
    if (v === undefined || v === '' || v.startsWith('-')) missing(name);
    argv.splice(i, 2);
    return v;
  }
  return undefined;
}

function missing(name: string): never {
  throw new UsageError(`--${name} needs a value`);
}

function first(argv: readonly string[], command: string, what: string): string {
  const v = argv[0];
  if (v === undefined || v.startsWith('-')) throw new UsageError(`cdn-tui ${command} needs ${what} first (see cdn-tui ${command} --help)`);
  return v;
}

export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const given = first(argv, 'export', 'the configuration id');
  const id = Number(given);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`cdn-tui export needs a configuration id (a positive whole number), not "${given}"`);
  const rest = argv.slice(1);
  const out = take(rest, 'out', true);
  return { flags: tuiFlags(rest), id, ...(typeof out === 'string' ? { out } : {}) };
}

export function parseApplyArgs(argv: readonly string[]): ApplyArgs {
  const file = first(argv, 'apply', 'the file');
  const rest = argv.slice(1);
  const dryRun = take(rest, 'dry-run', false) === true;
  const yes = take(rest, 'yes', false) === true || take(rest, 'y', false) === true;
  return { flags: tuiFlags(rest), file, dryRun, yes };
}
