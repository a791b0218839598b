// Parses the command line of UX.md §1 into one command. Bad usage throws UsageError (exit 2) with
// one sentence; values are never echoed for --token (it is a secret).
import { UsageError } from './errors.js';

export interface TuiFlags {
  readonly baseUrl?: string;
  readonly token?: string;
  readonly tokenFile?: string;
  readonly profile?: string;
  readonly readOnly: boolean;
  readonly demo: boolean;
}

export interface LoginFlags {
  readonly baseUrl?: string;
  readonly profile?: string;
  /** Skips the user name prompt. */
  readonly user?: string;
  /** Reads the password from stdin (a pipe) instead of prompting. */
  readonly passwordStdin: boolean;
}

export type Command =
  | { readonly kind: 'help'; readonly topic?: 'login' }
  | { readonly kind: 'version' }
  | { readonly kind: 'serve'; readonly argv: readonly string[] }
  | { readonly kind: 'tui'; readonly flags: TuiFlags }
  | { readonly kind: 'login'; readonly flags: LoginFlags };

type FlagKind = 'value' | 'switch';

const TUI_FLAGS: Record<string, FlagKind> = {
  '--base-url': 'value',
  '--token': 'value',
  '--token-file': 'value',
  '--profile': 'value',
  '--read-only': 'switch',
  '--demo': 'switch',
};

const LOGIN_FLAGS: Record<string, FlagKind> = {
  '--base-url': 'value',
  '--profile': 'value',
  '--user': 'value',
  '--password-stdin': 'switch',
};

export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === 'serve') return { kind: 'serve', argv: rest };
  if (first === 'help') return { kind: 'help', ...(rest[0] === 'login' ? { topic: 'login' as const } : {}) };
  if (first === 'login') {
    if (rest.some(isHelp)) return { kind: 'help', topic: 'login' };
    const v = parseFlags(rest, LOGIN_FLAGS, 'cdn-tui login');
    const flags: LoginFlags = {
      ...pick(v, '--base-url', 'baseUrl'),
      ...pick(v, '--profile', 'profile'),
      ...pick(v, '--user', 'user'),
      passwordStdin: v.has('--password-stdin'),
    };
    return { kind: 'login', flags };
  }
  if (argv.some(isHelp)) return { kind: 'help' };
  if (argv.some((a) => a === '--version' || a === '-v')) return { kind: 'version' };
  const v = parseFlags(argv, TUI_FLAGS, 'cdn-tui');
  if (v.has('--token') && v.has('--token-file')) throw new UsageError('use either --token or --token-file, not both');
  const flags: TuiFlags = {
    ...pick(v, '--base-url', 'baseUrl'),
    ...pick(v, '--token', 'token'),
    ...pick(v, '--token-file', 'tokenFile'),
    ...pick(v, '--profile', 'profile'),
    readOnly: v.has('--read-only'),
    demo: v.has('--demo'),
  };
  return { kind: 'tui', flags };
}

function isHelp(a: string): boolean {
  return a === '--help' || a === '-h';
}

function pick<K extends string>(values: Map<string, string>, flag: string, key: K): { [P in K]?: string } {
  const value = values.get(flag);
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

/** `--flag value` or `--flag=value`; a repeated flag keeps its last value. */
function parseFlags(argv: readonly string[], known: Record<string, FlagKind>, command: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const kind = Object.hasOwn(known, name) ? known[name] : undefined;
    if (kind === undefined) {
      throw new UsageError(
        arg.startsWith('-')
          ? `unknown option "${name}" (see ${command} --help)`
          : `unexpected argument "${arg}" (see ${command} --help)`,
      );
    }
    if (kind === 'switch') {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
      out.set(name, '');
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        value = next;
        i++;
      }
    }
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
    out.set(name, value);
  }
  return out;
}
