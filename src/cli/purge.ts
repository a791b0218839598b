// `cdn-tui purge URL... [--wildcard | --cachekey]` for scripts (API.md §4.6, docs/origins-and-purge.md):
// the purge requests through the client's purge budget — a wildcard purge one request per URL, the
// others in requests of at most 500 URLs — and each group of the answers on stdout. Exit: 0 every
// URL accepted, 1 some refused (not the account's), 2 bad usage or URLs the API refused as bad
// (400), 4 a request that could not be sent or answered (network, token, permission, server).
import { ApiError, onEachWait, purgeBatches, type PurgeGroup } from '../api/index.js';
import { explain } from '../api/explain.js';
import { pacingText } from '../store/index.js';
import { CliError, EXIT, UsageError } from './errors.js';
import type { PurgeArgs } from './purge-args.js';
import { clientOf, readStdin } from './transfer-side.js';
import { realIo, type Io } from './transfer-review.js';

/** The URLs of the arguments, `-` replaced by the non-blank lines of standard input (read as a stream: a pipe may be non-blocking). */
export async function urlsOf(args: readonly string[], stdin: () => string | Promise<string> = readStdin): Promise<string[]> {
  const text = args.includes('-') ? await stdin() : '';
  const urls = args.flatMap((u) => (u === '-' ? text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '') : [u]));
  if (urls.length === 0) throw new UsageError('no URL to purge (standard input was empty)');
  return urls;
}

/** A group as lines: its status line, details and count, then its URLs indented. */
export function groupText(g: PurgeGroup): string {
  const count = `${g.urls.length} URL${g.urls.length === 1 ? '' : 's'}`;
  return [`${g.statusLine}: ${g.details || '(no details)'} (${count})`, ...g.urls.map((u) => `  ${u}`)].join('\n') + '\n';
}

export async function purgeCommand(args: PurgeArgs, io: Io = realIo, stdin?: () => string | Promise<string>): Promise<number> {
  const urls = await urlsOf(args.urls, stdin);
  const { api } = clientOf(args.flags, undefined);
  const requests = purgeBatches(args.kind, urls);
  // Each new wait for the purge rate limit is said once on stderr.
  const stopSaying = onEachWait(api.budget, (p) => io.err(`waiting: ${pacingText(p, Date.now(), '·')}\n`), 'purge');
  let refused = 0;
  try {
    for (const [i, batch] of requests.entries()) {
      let groups: readonly PurgeGroup[];
      try {
        groups = (await api.purge(args.kind, batch)).groups;
      } catch (e) {
        const sent = i === 0 ? '' : ` (${i} of ${requests.length} requests were answered, above)`;
        if (e instanceof ApiError && e.status === 400) throw new UsageError(`the API refused the URLs: ${explain(e)}${sent}`);
        throw new CliError(`cannot purge: ${explain(e)}${sent}`, EXIT.unreadable);
      }
      for (const g of groups) {
        io.out(groupText(g));
        if (g.status < 200 || g.status >= 300) refused += g.urls.length;
      }
    }
  } finally {
    stopSaying();
  }
  return refused === 0 ? EXIT.ok : EXIT.refused;
}
