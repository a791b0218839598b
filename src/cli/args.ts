// The command line of docs/ux.md §1 (and docs/api.md §5 for `serve`) into one command, on node:util
// parseArgs. Bad usage throws UsageError (exit 2) with one sentence that never repeats a token.
import type { ServeOptions } from '../server/options.js';
import { parseCompletionArgs, type CompletionTarget } from './completion-args.js';
import { parseServeArgs } from './serve-args.js';
import { parseApplyArgs, parseExportArgs, type ApplyArgs, type ExportArgs } from './transfer-args.js';
import { parseFlags } from './strict-args.js';
import { parseDiffArgs, type DiffArgs } from './diff-args.js';
import { parsePurgeArgs, type PurgeArgs } from './purge-args.js';
import { parseLintArgs, type LintArgs } from './lint-args.js';
import { parseBulkArgs, parseFindArgs, type BulkArgs, type FindArgs } from './find-args.js';
import { given, tuiFlags, type TuiFlags } from './tui-args.js';

export { parseServeArgs } from './serve-args.js';
export { TUI_FLAGS, splitArgs, tuiFlags, type TuiFlags } from './tui-args.js';

export interface LoginFlags {
  readonly baseUrl?: string;
  readonly profile?: string;
  /** Skips the user name prompt. */
  readonly user?: string;
  /** --ca-file: a private CA (PEM), used and saved in the profile. */
  readonly caFile?: string;
  /** Reads the password from stdin (a pipe) instead of prompting. */
  readonly passwordStdin: boolean;
}

/** Which help text to print: `cdn-tui --help`, `cdn-tui login --help`, `cdn-tui serve --help`. */
export type HelpTopic = 'main' | 'login' | 'serve' | 'completion' | 'transfer' | 'diff' | 'purge' | 'lint' | 'find';

export type Command =
  | { readonly kind: 'help'; readonly topic: HelpTopic }
  | { readonly kind: 'version' }
  | { readonly kind: 'tui'; readonly flags: TuiFlags }
  | { readonly kind: 'login'; readonly flags: LoginFlags }
  | { readonly kind: 'serve'; readonly options: ServeOptions }
  | { readonly kind: 'completion'; readonly target: CompletionTarget }
  | { readonly kind: 'export'; readonly args: ExportArgs }
  | { readonly kind: 'apply'; readonly args: ApplyArgs }
  | { readonly kind: 'diff'; readonly args: DiffArgs }
  | { readonly kind: 'purge'; readonly args: PurgeArgs }
  | { readonly kind: 'lint'; readonly args: LintArgs }
  | { readonly kind: 'find'; readonly args: FindArgs }
  | { readonly kind: 'bulk'; readonly args: BulkArgs };

export const LOGIN_FLAGS = {
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'ca-file': { type: 'string' },
  user: { type: 'string' },
  'password-stdin': { type: 'boolean' },
} as const;

/**
 * `cdn-tui [flags]`, `cdn-tui login [flags]`, `cdn-tui serve [flags]`, `cdn-tui completion SHELL`,
 * `cdn-tui help [login|serve|completion]`.
 * `--help` (and, for the TUI, `--version`) wins wherever it stands, even beside a bad flag.
 */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === 'help') return { kind: 'help', topic: helpTopic(rest[0]) };
  if (first === 'completion')
    return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'completion' } : { kind: 'completion', target: parseCompletionArgs(rest) };
  if (first === 'serve')
    return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'serve' } : { kind: 'serve', options: parseServeArgs(rest) };
  if (first === 'export' || first === 'apply') {
    if (asks(rest, '--help', '-h')) return { kind: 'help', topic: 'transfer' };
    return first === 'export' ? { kind: 'export', args: parseExportArgs(rest) } : { kind: 'apply', args: parseApplyArgs(rest) };
  }
  if (first === 'diff') return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'diff' } : { kind: 'diff', args: parseDiffArgs(rest) };
  if (first === 'purge')
    return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'purge' } : { kind: 'purge', args: parsePurgeArgs(rest) };
  if (first === 'lint') return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'lint' } : { kind: 'lint', args: parseLintArgs(rest) };
  if (first === 'find' || first === 'bulk') {
    if (asks(rest, '--help', '-h')) return { kind: 'help', topic: 'find' };
    return first === 'find' ? { kind: 'find', args: parseFindArgs(rest) } : { kind: 'bulk', args: parseBulkArgs(rest) };
  }
  if (first === 'login') return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'login' } : { kind: 'login', flags: loginFlags(rest) };
  if (asks(argv, '--help', '-h')) return { kind: 'help', topic: 'main' };
  if (asks(argv, '--version', '-v')) return { kind: 'version' };
  return { kind: 'tui', flags: tuiFlags(argv) };
}

/** `cdn-tui help WORD`: the help of that command (export and apply share one), else the main help. */
function helpTopic(word: string | undefined): HelpTopic {
  if (word === 'login' || word === 'serve' || word === 'completion' || word === 'diff' || word === 'purge' || word === 'lint') return word;
  if (word === 'find' || word === 'bulk') return 'find';
  return word === 'export' || word === 'apply' ? 'transfer' : 'main';
}

function loginFlags(argv: readonly string[]): LoginFlags {
  const v = parseFlags(argv, 'cdn-tui login', LOGIN_FLAGS);
  return {
    ...given('baseUrl', v['base-url']),
    ...given('profile', v.profile),
    ...given('caFile', v['ca-file']),
    ...given('user', v.user),
    passwordStdin: v['password-stdin'] ?? false,
  };
}

/** Whether one of `names` is an argument of its own (before a `--`). */
function asks(argv: readonly string[], ...names: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => names.includes(a));
}
