// `cdn-tui purge URL... [--wildcard | --cachekey] [--dry-run] [connection flags]`: the URLs (or `-`:
// one a line on standard input) and the kind. Kept apart from purge.ts so --help loads nothing.
import { splitArgs, tuiFlags, type TuiFlags } from './tui-args.js';
import { UsageError } from './errors.js';

/** The flags of its own (beside the connection flags), for the completion scripts. */
export const PURGE_FLAGS = { wildcard: { type: 'boolean' }, cachekey: { type: 'boolean' }, 'dry-run': { type: 'boolean' } } as const;

const OWN: ReadonlySet<string> = new Set(Object.keys(PURGE_FLAGS).map((name) => `--${name}`));

export interface PurgeArgs {
  readonly flags: TuiFlags;
  readonly kind: 'url' | 'cachekey' | 'wildcard';
  /** The URLs as given; `-` stands for the lines of standard input. */
  readonly urls: readonly string[];
  /** Print the requests and what the API would refuse; send nothing. */
  readonly dryRun: boolean;
}

export function parsePurgeArgs(argv: readonly string[]): PurgeArgs {
  const { words: urls, owned, flags } = splitArgs(argv, OWN, true);
  const wildcard = owned.includes('--wildcard');
  const cachekey = owned.includes('--cachekey');
  if (wildcard && cachekey) throw new UsageError('use either --wildcard or --cachekey, not both');
  if (urls.length === 0)
    throw new UsageError(
      'cdn-tui purge needs at least one URL, e.g. www.example.com/images/logo.png (or - to read them from standard input)',
    );
  if (urls.filter((u) => u === '-').length > 1) throw new UsageError('standard input (-) can be read once');
  return { flags: tuiFlags(flags), kind: wildcard ? 'wildcard' : cachekey ? 'cachekey' : 'url', urls, dryRun: owned.includes('--dry-run') };
}
