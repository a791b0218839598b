// `cdn-tui export ID [--out FILE]`, `cdn-tui export --all --out DIR`, `cdn-tui apply FILE|DIR|-
// [--to [PROFILE:]ID|NAME [--prune]] [--dry-run] [--yes]`, each with the connection flags: the first
// argument is the configuration's id or the file; the connection flags are the TUI's (--base-url,
// --token, --token-file, --profile, …), read by its parser.
import { tuiFlags, type TuiFlags } from './tui-args.js';
import { UsageError } from './errors.js';

/** The flags of their own (beside the connection flags), for the completion scripts. */
export const EXPORT_FLAGS = { out: { type: 'string' }, all: { type: 'boolean' } } as const;
export const APPLY_FLAGS = {
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  to: { type: 'string' },
  prune: { type: 'boolean' },
} as const;

export interface ExportArgs {
  readonly flags: TuiFlags;
  /** The configuration; undefined with --all (every configuration, one file each in `out`). */
  readonly id?: number;
  readonly out?: string;
}

export interface ApplyArgs {
  readonly flags: TuiFlags;
  readonly file: string;
  readonly dryRun: boolean;
  readonly yes: boolean;
  /** --to [PROFILE:]ID|NAME: the configuration the file is applied onto (instead of the one it came from). */
  readonly to?: string;
  /** With --to: records the file lacks are deleted. */
  readonly prune: boolean;
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
  const rest = [...argv];
  if (take(rest, 'all', false) === true) {
    const out = take(rest, 'out', true);
    if (typeof out !== 'string') throw new UsageError('cdn-tui export --all needs --out DIR (one file per configuration there)');
    if (rest[0] !== undefined && !rest[0].startsWith('-'))
      throw new UsageError(`cdn-tui export --all takes no configuration id ("${rest[0]}")`);
    return { flags: tuiFlags(rest), out };
  }
  const given = first(argv, 'export', 'the configuration id (or --all)');
  const id = Number(given);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new UsageError(`cdn-tui export needs a configuration id (a positive whole number), not "${given}"`);
  const after = argv.slice(1);
  const out = take(after, 'out', true);
  return { flags: tuiFlags(after), id, ...(typeof out === 'string' ? { out } : {}) };
}

export function parseApplyArgs(argv: readonly string[]): ApplyArgs {
  const file = argv[0] === '-' ? '-' : first(argv, 'apply', 'the file (or a folder of exports, or - for standard input)');
  const rest = argv.slice(1);
  const dryRun = take(rest, 'dry-run', false) === true;
  const yes = take(rest, 'yes', false) === true || take(rest, 'y', false) === true;
  const to = take(rest, 'to', true);
  const prune = take(rest, 'prune', false) === true;
  if (prune && typeof to !== 'string') throw new UsageError('--prune goes with --to: apply FILE --to [PROFILE:]ID|NAME --prune');
  if (file === '-' && !yes && !dryRun)
    throw new UsageError(
      'apply - reads the file from standard input, so it cannot ask there: add --yes to send, or --dry-run to see the review',
    );
  return { flags: tuiFlags(rest), file, dryRun, yes, prune, ...(typeof to === 'string' ? { to } : {}) };
}
