// The command line of docs/ux.md §1 (and docs/api.md §5 for `serve`) into one command, on node:util
// parseArgs. Bad usage throws UsageError (exit 2) with one sentence that never repeats a token.
import type { ServeOptions } from '../server/options.js';
import { parseSeconds, parseSize } from './bounds-args.js';
import { parseCompletionArgs, type CompletionTarget } from './completion-args.js';
import { UsageError } from './errors.js';
import { parseServeArgs } from './serve-args.js';
import { parseApplyArgs, parseExportArgs, type ApplyArgs, type ExportArgs } from './transfer-args.js';
import { parseFlags } from './strict-args.js';
import { parseDiffArgs, type DiffArgs } from './diff-args.js';
import { parsePurgeArgs, type PurgeArgs } from './purge-args.js';
import { parseLintArgs, type LintArgs } from './lint-args.js';

export { parseServeArgs } from './serve-args.js';

export interface TuiFlags {
  readonly baseUrl?: string;
  readonly token?: string;
  readonly tokenFile?: string;
  readonly profile?: string;
  /** --ca-file: a private CA's certificates (PEM), trusted besides the machine's. */
  readonly caFile?: string;
  readonly readOnly: boolean;
  readonly demo: boolean;
  /** --no-cache: lists are neither read from nor written to the cache folder. */
  readonly noCache?: boolean;
  /** --max-body: the most bytes of one answer. */
  readonly maxBodyBytes?: number;
  /** --headers-timeout, in ms: the longest wait for an answer's headers. */
  readonly headersTimeoutMs?: number;
  /** --body-timeout, in ms: the longest a whole answer body may take. */
  readonly bodyTimeoutMs?: number;
}

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
export type HelpTopic = 'main' | 'login' | 'serve' | 'completion' | 'transfer' | 'diff' | 'purge' | 'lint';

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
  | { readonly kind: 'lint'; readonly args: LintArgs };

/** The TUI's flags; exported for the shell completion scripts, which are generated from them. */
export const TUI_FLAGS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  profile: { type: 'string' },
  'ca-file': { type: 'string' },
  'read-only': { type: 'boolean' },
  demo: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  'max-body': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'body-timeout': { type: 'string' },
} as const;

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
  if (first === 'login') return asks(rest, '--help', '-h') ? { kind: 'help', topic: 'login' } : { kind: 'login', flags: loginFlags(rest) };
  if (asks(argv, '--help', '-h')) return { kind: 'help', topic: 'main' };
  if (asks(argv, '--version', '-v')) return { kind: 'version' };
  return { kind: 'tui', flags: tuiFlags(argv) };
}

/** `cdn-tui help WORD`: the help of that command (export and apply share one), else the main help. */
function helpTopic(word: string | undefined): HelpTopic {
  if (word === 'login' || word === 'serve' || word === 'completion' || word === 'diff' || word === 'purge' || word === 'lint') return word;
  return word === 'export' || word === 'apply' ? 'transfer' : 'main';
}

/** The connection flags that take a value (`--profile prod`): that value is not a word of the command. */
const VALUED = new Set(Object.entries(TUI_FLAGS).flatMap(([name, spec]) => (spec.type === 'string' ? [`--${name}`] : [])));

/**
 * A command's arguments split into its words (`-` among them), its own flags (`own`) and the
 * connection flags, each valued one with its value. With `dashDash`, all after `--` are words.
 */
export function splitArgs(
  argv: readonly string[],
  own: ReadonlySet<string> = new Set(),
  dashDash = false,
): { words: string[]; owned: string[]; flags: string[] } {
  const words: string[] = [];
  const owned: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (dashDash && a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (own.has(a)) owned.push(a);
    else if (a === '-' || !a.startsWith('-')) words.push(a);
    else {
      flags.push(a);
      if (!a.includes('=') && VALUED.has(a) && i + 1 < argv.length) flags.push(argv[++i]!);
    }
  }
  return { words, owned, flags };
}

/** The TUI's flags (also the connection flags of `export` and `apply`). */
export function tuiFlags(argv: readonly string[]): TuiFlags {
  const v = parseFlags(argv, 'cdn-tui', TUI_FLAGS);
  if (v.token !== undefined && v['token-file'] !== undefined) throw new UsageError('use either --token or --token-file, not both');
  return {
    ...given('baseUrl', v['base-url']),
    ...given('token', v.token),
    ...given('tokenFile', v['token-file']),
    ...given('profile', v.profile),
    ...given('caFile', v['ca-file']),
    readOnly: v['read-only'] ?? false,
    demo: v.demo ?? false,
    ...(v['no-cache'] ? { noCache: true } : {}),
    ...read('maxBodyBytes', v['max-body'], (s) => parseSize(s, '--max-body')),
    ...read('headersTimeoutMs', v['headers-timeout'], (s) => parseSeconds(s, '--headers-timeout')),
    ...read('bodyTimeoutMs', v['body-timeout'], (s) => parseSeconds(s, '--body-timeout')),
  };
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

/** `{ [key]: value }` for a flag that was given, `{}` otherwise: no key is set to undefined. */
function given<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  const out: { [P in K]?: string } = {};
  if (value !== undefined) out[key] = value;
  return out;
}

/** `given` for a flag whose value `read` turns into a number (and refuses when bad). */
function read<K extends string>(key: K, value: string | undefined, parse: (value: string) => number): { [P in K]?: number } {
  const out: { [P in K]?: number } = {};
  if (value !== undefined) out[key] = parse(value);
  return out;
}
