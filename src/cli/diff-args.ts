// `cdn-tui diff A B [connection flags]`: the two sides (`[PROFILE:]ID|NAME`, a file, `-`) and the
// connection flags of the sides without a profile. Kept apart from diff.ts so --help loads nothing.
import { splitArgs, tuiFlags, type TuiFlags } from './tui-args.js';
import { UsageError } from './errors.js';

export interface DiffArgs {
  readonly flags: TuiFlags;
  readonly left: string;
  readonly right: string;
}

export function parseDiffArgs(argv: readonly string[]): DiffArgs {
  const { words: sides, flags } = splitArgs(argv);
  if (sides.length !== 2)
    throw new UsageError(`cdn-tui diff needs two sides, [PROFILE:]ID|NAME or a file, not ${sides.length} (see cdn-tui diff --help)`);
  if (sides[0] === '-' && sides[1] === '-') throw new UsageError('only one side can be standard input (-)');
  return { flags: tuiFlags(flags), left: sides[0]!, right: sides[1]! };
}
