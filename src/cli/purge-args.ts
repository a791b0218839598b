// `cdn-tui purge URL... [--wildcard | --cachekey] [connection flags]`: the URLs (or `-`: one a line
// on standard input) and the kind. Kept apart from purge.ts so --help loads nothing.
import { TUI_FLAGS, tuiFlags, type TuiFlags } from './args.js';
import { UsageError } from './errors.js';

/** The flags of its own (beside the connection flags), for the completion scripts. */
export const PURGE_FLAGS = { wildcard: { type: 'boolean' }, cachekey: { type: 'boolean' } } as const;

export interface PurgeArgs {
  readonly flags: TuiFlags;
  readonly kind: 'url' | 'cachekey' | 'wildcard';
  /** The URLs as given; `-` stands for the lines of standard input. */
  readonly urls: readonly string[];
}

export function parsePurgeArgs(argv: readonly string[]): PurgeArgs {
  const valued = new Set(Object.entries(TUI_FLAGS).flatMap(([name, spec]) => (spec.type === 'string' ? [`--${name}`] : [])));
  const urls: string[] = [];
  const rest: string[] = [];
  let wildcard = false;
  let cachekey = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      urls.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--wildcard') wildcard = true;
    else if (a === '--cachekey') cachekey = true;
    else if (a === '-' || !a.startsWith('-')) urls.push(a);
    else {
      rest.push(a);
      // A connection flag's value (`--profile prod`) is not a URL.
      if (!a.includes('=') && valued.has(a) && i + 1 < argv.length) rest.push(argv[++i]!);
    }
  }
  if (wildcard && cachekey) throw new UsageError('use either --wildcard or --cachekey, not both');
  if (urls.length === 0) throw new UsageError('cdn-tui purge needs at least one URL, e.g. www.example.com/images/logo.png (or - to read them from standard input)');
  if (urls.filter((u) => u === '-').length > 1) throw new UsageError('standard input (-) can be read once');
  return { flags: tuiFlags(rest), kind: wildcard ? 'wildcard' : cachekey ? 'cachekey' : 'url', urls };
}
