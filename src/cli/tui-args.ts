// The TUI's flags, which are also the connection flags of every command that talks to the API
// (export, apply, diff, purge, lint: their own parsers split them off with `splitArgs`). Kept out
// of args.ts so that those parsers and the one that dispatches to them do not import each other.
import { parseSeconds, parseSize } from './bounds-args.js';
import { UsageError } from './errors.js';
import { parseFlags } from './strict-args.js';

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

/** `{ [key]: value }` for a flag that was given, `{}` otherwise: no key is set to undefined. */
export function given<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
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
