// `cdn-tui lint [PROFILE:]ID|NAME|FILE|--all`: warnings for what the API accepts but that breaks a
// site (src/lint, docs/lint.md), on a configuration read as `cdn-tui diff` reads a side, an export
// file, or every configuration of the connection (read one after the other through the rate limit,
// each wait said on stderr). Standard output holds the findings and nothing else. Exit 0 no
// finding, 1 findings, 2 bad usage, 4 a configuration or file could not be read.
import { explain } from '../api/index.js';
import { printable } from '../lint/index.js';
import { exportConfiguration } from '../transfer/export.js';
import { CliError, EXIT } from './errors.js';
import type { LintArgs } from './lint-args.js';
import { findingLine, findingsJson, reportedOf, type Reported } from './lint-output.js';
import { sayEachWait } from './paced-progress.js';
import { clientOf, parseSide, readSide, type ReadText } from './transfer-side.js';
import { realIo, stdoutFlushed, type Io } from './transfer-review.js';

type Out = Pick<Io, 'out' | 'err'>;

/** Every configuration of the connection, in id order, its findings given to `each` (which says how many it kept) as it is read; the count said on stderr. */
async function lintAll(args: LintArgs, io: Out, each: (found: readonly Reported[]) => number): Promise<void> {
  const { api } = clientOf(args.flags, undefined);
  let configurations;
  try {
    configurations = [...(await api.list({ kind: 'configuration' })).items].sort((a, b) => Number(a.id) - Number(b.id));
  } catch (e) {
    throw new CliError(`cannot list the configurations: ${explain(e)}`, EXIT.unreadable);
  }
  const total = configurations.length;
  let done = 0;
  let findings = 0;
  const stopSaying = sayEachWait(api.budget, io.err, 'checked', () => ({ done, total }));
  try {
    for (const c of configurations) {
      let found;
      try {
        found = reportedOf(await exportConfiguration(api, Number(c.id)));
      } catch (e) {
        throw new CliError(
          `cannot read configuration ${printable(String(c.name))} (${String(c.id)}), ${done} of ${total} checked: ${explain(e)}`,
          EXIT.unreadable,
        );
      }
      findings += each(found);
      done++;
    }
  } finally {
    stopSaying();
  }
  io.err(
    `checked ${total} configuration${total === 1 ? '' : 's'}: ${findings === 0 ? 'no finding' : `${findings} finding${findings === 1 ? '' : 's'}`}\n`,
  );
}

export async function lintCommand(args: LintArgs, io: Out = realIo, read?: ReadText): Promise<number> {
  const ignored = new Set(args.ignore);
  const found: Reported[] = [];
  // Lines are printed as each configuration is read (a paced --all takes minutes); JSON at the end.
  const take = (reported: readonly Reported[]) => {
    const kept = reported.filter((r) => !ignored.has(r.finding.code));
    found.push(...kept);
    if (!args.json) io.out(kept.map(findingLine).join(''));
    return kept.length;
  };
  if (args.target === undefined) await lintAll(args, io, take);
  else take(reportedOf((await readSide(args.flags, parseSide(args.target, 'the configuration'), read)).snapshot));
  if (args.json) io.out(findingsJson(found));
  await stdoutFlushed();
  return found.length === 0 ? EXIT.ok : EXIT.warnings;
}
