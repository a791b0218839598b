// `cdn-tui completion bash|zsh|fish`: the shell completion scripts, generated from the argument
// parser's own option tables (the flags) and help texts (their value names and a line of help),
// so a flag added to a command is completed without touching this file. `--profile` completes
// the profile names, read when Tab is pressed by `cdn-tui completion --profiles`.
import { LOGIN_FLAGS, TUI_FLAGS } from './args.js';
import { SHELLS, type CompletionTarget } from './completion-args.js';
import { bashScript, fishScript, zshScript, type CommandSpec, type FlagSpec } from './completion-scripts.js';
import { configPath, readConfig } from './config.js';
import { EXIT } from './errors.js';
import { SERVE_FLAGS } from './serve-args.js';
import type { FlagConfig } from './strict-args.js';
import { PURGE_FLAGS } from './purge-args.js';
import { LINT_FLAGS } from './lint-args.js';
import { BULK_FLAGS, FIND_FLAGS } from './find-args.js';
import { APPLY_FLAGS, EXPORT_FLAGS } from './transfer-args.js';
import { FIND_USAGE, LINT_USAGE, LOGIN_USAGE, PURGE_USAGE, SERVE_USAGE, TRANSFER_USAGE, USAGE } from './usage.js';

const HELP_ONLY = { help: { type: 'boolean', short: 'h' } } as const satisfies FlagConfig;

/** The commands, their flags from the parser's tables, and the help text each flag is described in. */
export function commandSpecs(): CommandSpec[] {
  return [
    { name: '', help: 'the terminal UI', flags: flagSpecs(TUI_FLAGS, USAGE), words: [] },
    {
      name: 'login',
      help: 'get a token with a user name and password, save it in a profile',
      flags: flagSpecs(LOGIN_FLAGS, LOGIN_USAGE),
      words: [],
    },
    { name: 'serve', help: 'the local emulator of the Content Delivery API', flags: flagSpecs(SERVE_FLAGS, SERVE_USAGE), words: [] },
    { name: 'completion', help: 'print the shell completion script', flags: flagSpecs(HELP_ONLY, ''), words: SHELLS },
    {
      name: 'export',
      help: 'a configuration (or --all) as JSON',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(EXPORT_FLAGS, TRANSFER_USAGE)],
      words: [],
    },
    {
      name: 'apply',
      help: 'send what an edited export changes (--to: onto another configuration)',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(APPLY_FLAGS, TRANSFER_USAGE)],
      words: [],
    },
    {
      name: 'diff',
      help: 'how two configurations differ (any profiles, or export files)',
      flags: [...flagSpecs(TUI_FLAGS, USAGE)],
      words: [],
    },
    {
      name: 'purge',
      help: 'remove cached objects by URL, cache key or wildcard',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(PURGE_FLAGS, PURGE_USAGE)],
      words: [],
    },
    {
      name: 'lint',
      help: 'warnings for what the API accepts but that breaks a site',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(LINT_FLAGS, LINT_USAGE)],
      words: [],
    },
    {
      name: 'find',
      help: 'the records a query matches in every configuration',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(FIND_FLAGS, FIND_USAGE)],
      words: [],
    },
    {
      name: 'bulk',
      help: 'set fields of every record a query matches, after one review',
      flags: [...flagSpecs(TUI_FLAGS, USAGE), ...flagSpecs(BULK_FLAGS, FIND_USAGE)],
      words: [],
    },
    {
      name: 'help',
      help: 'the help of a command',
      flags: [],
      words: ['login', 'serve', 'completion', 'export', 'apply', 'diff', 'purge', 'lint', 'find', 'bulk'],
    },
  ];
}

function flagSpecs(table: FlagConfig, usage: string): FlagSpec[] {
  return Object.entries(table).map(([name, option]) => {
    const { metavar, help } = describeFlag(usage, name);
    const choices = /^[a-z]+(\|[a-z]+)+(\|[A-Z]+)?$/.test(metavar) ? metavar.split('|').filter((w) => /^[a-z]+$/.test(w)) : [];
    const value: FlagSpec['value'] =
      option.type === 'boolean'
        ? 'none'
        : name === 'profile'
          ? 'profile'
          : /FILE/.test(metavar)
            ? 'file'
            : choices.length
              ? 'choice'
              : 'text';
    return { name, ...(option.short ? { short: option.short } : {}), repeatable: option.multiple === true, value, choices, metavar, help };
  });
}

/** `  --name VALUE   help…` of a help text: the value's name and the help up to its first aside. */
function describeFlag(usage: string, name: string): { metavar: string; help: string } {
  const line = usage.split('\n').find((l) => l.startsWith(`  --${name} `) || l.startsWith(`  --${name},`));
  const m = line === undefined ? null : /^ +--[\w-]+(?:, -\w)?(?: (\S+))?(?: {2,}(.*))?$/.exec(line);
  const help = (m?.[2] ?? '')
    .split(/ \(|; /)[0]!
    .replace(/[,:;]$/, '')
    .trim();
  // Not every help lists its own --help.
  return { metavar: m?.[1] ?? '', help: help || (name === 'help' ? 'this help' : '') };
}

/** The names of the config file's profiles, one a line (for `--profile`); nothing when there is no file. */
export function profileNames(env: NodeJS.ProcessEnv = process.env): string[] {
  // Only the names are read, never a token: a file others can read may still give its names.
  const config = readConfig(configPath(env), { allowInsecure: true });
  return Object.keys(config?.profiles ?? {});
}

export function completionScript(shell: Exclude<CompletionTarget, 'profiles'>): string {
  const specs = commandSpecs();
  return shell === 'bash' ? bashScript(specs) : shell === 'zsh' ? zshScript(specs) : fishScript(specs);
}

export async function completionCommand(target: CompletionTarget): Promise<number> {
  const text =
    target === 'profiles'
      ? profileNames()
          .map((n) => `${n}\n`)
          .join('')
      : completionScript(target);
  process.stdout.write(text);
  return EXIT.ok;
}
