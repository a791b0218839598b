// `cdn-tui find QUERY [--json] [connection flags]` and `cdn-tui bulk QUERY --set FIELD=VALUE...
// [--dry-run | --yes] [connection flags]`: the query (its words joined by spaces, so it may be
// quoted whole or not; after `--` a word may start with `-`), what to set, and how. The query
// itself is parsed by the command (src/query loads the schema; --help loads nothing).
import { splitArgs, tuiFlags, type TuiFlags } from './tui-args.js';
import { UsageError } from './errors.js';

/** The flags of their own (beside the connection flags), for the completion scripts. */
export const FIND_FLAGS = { json: { type: 'boolean' } } as const;
export const BULK_FLAGS = {
  set: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
} as const;

export interface FindArgs {
  readonly flags: TuiFlags;
  /** The query as typed (docs/ux.md §10). */
  readonly query: string;
  /** --json: one JSON array of the matches instead of a line each. */
  readonly json: boolean;
}

/** One `--set FIELD=VALUE`: the field as given and the value's text (parsed by the field's type later). */
export interface SetArg {
  readonly field: string;
  readonly value: string;
}

export interface BulkArgs {
  readonly flags: TuiFlags;
  readonly query: string;
  readonly sets: readonly SetArg[];
  readonly dryRun: boolean;
  readonly yes: boolean;
}

function queryOf(words: readonly string[], command: string): string {
  const query = words.join(' ').trim();
  if (query === '')
    throw new UsageError(
      `cdn-tui ${command} needs a query, e.g. ${command === 'find' ? 'gzip:false' : 'gzip:false --set gzip=true'} (see cdn-tui ${command} --help)`,
    );
  return query;
}

export function parseFindArgs(argv: readonly string[]): FindArgs {
  const { words, owned, flags } = splitArgs(argv, new Set(['--json']), true);
  return { flags: tuiFlags(flags), query: queryOf(words, 'find'), json: owned.includes('--json') };
}

/** `--set F=V`, `--set=F=V`: taken out of `argv` (before a `--`), each checked for its `=`. */
function takeSets(argv: readonly string[]): { sets: SetArg[]; rest: string[] } {
  const sets: SetArg[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const inline = a.startsWith('--set=');
    if (a !== '--set' && !inline) {
      rest.push(a);
      continue;
    }
    const text = inline ? a.slice('--set='.length) : argv[++i];
    const eq = text === undefined ? -1 : text.indexOf('=');
    if (text === undefined || eq <= 0)
      throw new UsageError(
        `--set needs FIELD=VALUE (gzip=true, cache_setting="html no-cache"), not ${text === undefined ? 'nothing' : `"${text}"`}`,
      );
    sets.push({ field: text.slice(0, eq).trim(), value: text.slice(eq + 1) });
  }
  return { sets, rest };
}

export function parseBulkArgs(argv: readonly string[]): BulkArgs {
  const { sets, rest } = takeSets(argv);
  const { words, owned, flags } = splitArgs(rest, new Set(['--dry-run', '--yes', '-y']), true);
  const query = queryOf(words, 'bulk');
  if (sets.length === 0) throw new UsageError('cdn-tui bulk needs at least one --set FIELD=VALUE (what to change in each match)');
  const seen = new Set<string>();
  for (const s of sets) {
    if (seen.has(s.field)) throw new UsageError(`--set ${s.field} is given twice`);
    seen.add(s.field);
  }
  const dryRun = owned.includes('--dry-run');
  const yes = owned.includes('--yes') || owned.includes('-y');
  if (dryRun && yes) throw new UsageError('use either --dry-run (print the review) or --yes (send without asking), not both');
  return { flags: tuiFlags(flags), query, sets, dryRun, yes };
}
