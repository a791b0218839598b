// `cdn-tui completion SHELL` arguments: which script to print, or (hidden, for the scripts
// themselves) `--profiles`, the profile names of the config file.
import { UsageError } from './errors.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
export type CompletionTarget = Shell | 'profiles';

const isShell = (s: string): s is Shell => SHELLS.some((known) => known === s);

export function parseCompletionArgs(argv: readonly string[]): CompletionTarget {
  const [first, ...more] = argv;
  if (first === '--profiles' && more.length === 0) return 'profiles';
  if (first === undefined) throw new UsageError('needs a shell: bash, zsh or fish (see cdn-tui completion --help)');
  if (!isShell(first)) throw new UsageError(`the shell is bash, zsh or fish, not "${first}" (see cdn-tui completion --help)`);
  if (more.length > 0) throw new UsageError('takes one shell and nothing after it (see cdn-tui completion --help)');
  return first;
}
