// `cdn-tui lint [PROFILE:]ID|NAME|FILE|--all [--json] [--ignore CODE]... [connection flags]`: what to
// check (a configuration or an export file, as a side of `cdn-tui diff`; or every configuration),
// how to print, which codes to leave out. Kept apart from lint.ts so --help loads nothing.
import { LINT_CODES, isLintCode, type LintCode } from '../lint/codes.js';
import { splitArgs, tuiFlags, type TuiFlags } from './tui-args.js';
import { UsageError } from './errors.js';

/** The flags of its own (beside the connection flags), for the completion scripts. */
export const LINT_FLAGS = { all: { type: 'boolean' }, json: { type: 'boolean' }, ignore: { type: 'string', multiple: true } } as const;

export interface LintArgs {
  readonly flags: TuiFlags;
  /** The configuration or file, `[PROFILE:]ID|NAME|FILE|-`; absent with --all. */
  readonly target?: string;
  /** --json: one JSON array on stdout instead of a line per finding. */
  readonly json: boolean;
  /** --ignore: the codes left out. */
  readonly ignore: readonly LintCode[];
}

/** `--ignore a,b --ignore=c`: the codes, each known (else bad usage naming the known ones), and the arguments left. */
function takeIgnored(argv: readonly string[]): { ignore: LintCode[]; rest: string[] } {
  const ignore: LintCode[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const inline = a.startsWith('--ignore=');
    if (a !== '--ignore' && !inline) {
      rest.push(a);
      continue;
    }
    const value = inline ? a.slice('--ignore='.length) : argv[++i];
    if (value === undefined || value === '' || (!inline && value.startsWith('-')))
      throw new UsageError(`--ignore needs a code, or codes joined by commas (the codes: ${LINT_CODES.join(', ')})`);
    for (const code of value.split(',').map((c) => c.trim())) {
      if (!isLintCode(code)) throw new UsageError(`"${code}" is no lint code: the codes are ${LINT_CODES.join(', ')}`);
      ignore.push(code);
    }
  }
  return { ignore, rest };
}

export function parseLintArgs(argv: readonly string[]): LintArgs {
  const { ignore, rest } = takeIgnored(argv);
  const { words, owned, flags } = splitArgs(rest, new Set(['--all', '--json']));
  const all = owned.includes('--all');
  const json = owned.includes('--json');
  if (all && words.length) throw new UsageError(`cdn-tui lint --all checks every configuration: it takes none of its own ("${words[0]}")`);
  if (!all && words.length !== 1)
    throw new UsageError(
      `cdn-tui lint needs one configuration, [PROFILE:]ID|NAME or a file, or --all, not ${words.length} (see cdn-tui lint --help)`,
    );
  return { flags: tuiFlags(flags), json, ignore, ...(all ? {} : { target: words[0]! }) };
}
