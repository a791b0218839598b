// `cdn-tui purge URL... [--wildcard | --cachekey] [--dry-run]` for scripts (docs/api.md §4.6,
// docs/origins-and-purge.md): the purge requests through the client's purge budget — a wildcard
// purge one request per URL, the others in requests of at most 500 URLs — and each group of the
// answers on stdout. A URL the API would refuse as malformed stops it before anything is sent
// (docs/preflight.md); `--dry-run` prints the requests and what the API would refuse, hosts not the
// account's included, and sends nothing. Exit: 0 every URL accepted, 1 some refused (not the
// account's), 2 bad usage or URLs the API would refuse as malformed (400), 4 a request that could
// not be sent or answered (network, token, permission, server).
import { ApiError, onEachWait, purgeBatches, type ApiClient, type PurgeGroup, explain } from '../api/index.js';
import { formatRequest } from '../diff/index.js';
import { urlProblem } from '../schema/index.js';
import { createAppStore, createMemoryJournal, pacingText, purgePreflight, purgeRequests, type PurgeFinding } from '../store/index.js';
import { CliError, EXIT, UsageError } from './errors.js';
import type { PurgeArgs } from './purge-args.js';
import { clientOf, readStdin } from './transfer-side.js';
import { findingLine, realIo, type Io } from './transfer-review.js';

/** The URLs of the arguments, `-` replaced by the non-blank lines of standard input (read as a stream: a pipe may be non-blocking). */
export async function urlsOf(args: readonly string[], stdin: () => string | Promise<string> = readStdin): Promise<string[]> {
  const text = args.includes('-') ? await stdin() : '';
  const urls = args.flatMap((u) =>
    u === '-'
      ? text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l !== '')
      : [u],
  );
  if (urls.length === 0) throw new UsageError('no URL to purge (standard input was empty)');
  return urls;
}

/** A group as lines: its status line, details and count, then its URLs indented. */
export function groupText(g: PurgeGroup): string {
  const count = `${g.urls.length} URL${g.urls.length === 1 ? '' : 's'}`;
  return [`${g.statusLine}: ${g.details || '(no details)'} (${count})`, ...g.urls.map((u) => `  ${u}`)].join('\n') + '\n';
}

/** A problem the pre-flight found, as a line under its request: `  refused: www.x.com/a: …`. */
const findingText = (f: PurgeFinding) => `${findingLine(f, f.url)}\n`;

/** `--dry-run`: the requests and, under each, what the API would refuse (hosts checked against the configurations as read now). */
async function dryRun(api: ApiClient, args: PurgeArgs, urls: readonly string[], io: Io): Promise<number> {
  const store = createAppStore({ api, journal: createMemoryJournal() });
  await store.getState().ensureFresh('configurations');
  const found = purgePreflight(store.getState(), args.kind, urls);
  const requests = purgeRequests(args.kind, urls);
  for (const f of found.filter((x) => x.url === undefined)) io.out(findingText(f));
  for (const r of requests) {
    io.out(`${formatRequest({ ...r, body: { ...r.body, urls: [...r.body.urls] } })}\n`);
    for (const f of found.filter((x) => x.url !== undefined && r.body.urls.includes(x.url))) io.out(findingText(f));
  }
  const refused = found.filter((f) => f.severity === 'refused');
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const sent = requests.reduce((n, r) => n + r.body.urls.length, 0);
  io.out(
    `${count(sent, 'URL')}, ${count(requests.length, 'request')}${refused.length ? ` · ${refused.length} would be refused` : ''} (nothing sent: --dry-run)\n`,
  );
  if (refused.some((f) => f.code !== 'foreignHost')) return EXIT.usage;
  return refused.length ? EXIT.refused : EXIT.ok;
}

export async function purgeCommand(args: PurgeArgs, io: Io = realIo, stdin?: () => string | Promise<string>): Promise<number> {
  // As the TUI's purge sends them: trimmed, none empty.
  const urls = (await urlsOf(args.urls, stdin)).map((u) => u.trim()).filter((u) => u !== '');
  if (urls.length === 0) throw new UsageError('no URL to purge (only blank ones were given)');
  const { api } = clientOf(args.flags, undefined);
  if (args.dryRun) return dryRun(api, args, urls, io);
  // A URL the API would refuse as malformed: nothing is sent (a purge of several requests is never sent in part for it).
  const malformed = purgeBatches(args.kind, urls).flatMap((batch) => batch.flatMap((u, i) => urlProblem(args.kind, u, i, batch) ?? []));
  if (malformed.length)
    throw new UsageError(
      `not sent: the API would refuse ${malformed.length === 1 ? 'a URL' : `${malformed.length} URLs`}: ${malformed.map((p) => p.text).join(' ')}`,
    );
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
