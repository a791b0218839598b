// `cdn-tui diff A B`: two configurations' difference as `-`/`+` lines of the export format,
// normalised (src/transfer/compare.ts: no ids, references by name), for people and for a CI drift
// check: standard output holds the diff and nothing else (headed `--- A` / `+++ B`), messages go to
// standard error. Exit 0 the same, 1 different, 2 bad usage, 4 a side could not be read.
import { differenceText } from '../transfer/compare.js';
import type { DiffArgs } from './diff-args.js';
import { EXIT, UsageError } from './errors.js';
import { parseSide, readSide, type ReadText } from './transfer-side.js';
import { stdoutFlushed } from './transfer-review.js';

type Read = Awaited<ReturnType<typeof readSide>>;

interface Out {
  readonly out: (text: string) => void;
}

export async function diffCommand(
  args: DiffArgs,
  io: Out = { out: (t) => void process.stdout.write(t) },
  read?: ReadText,
): Promise<number> {
  const [leftSide, rightSide] = [parseSide(args.left, 'the first side'), parseSide(args.right, 'the second side')];
  // Both read at once; a usage error (an unknown profile) is said before one that a read met.
  const settled = await Promise.allSettled([readSide(args.flags, leftSide, read), readSide(args.flags, rightSide, read)]);
  const failed: unknown[] = [];
  const sides: Read[] = [];
  for (const r of settled) {
    if (r.status === 'rejected') failed.push(r.reason);
    else sides.push(r.value);
  }
  const [a, b] = sides;
  if (failed.length || !a || !b) throw failed.find((e) => e instanceof UsageError) ?? failed[0];
  const text = differenceText(a.snapshot, b.snapshot);
  if (text === '') return EXIT.ok;
  io.out(`--- ${a.label}\n+++ ${b.label}\n${text}`);
  await stdoutFlushed();
  return EXIT.different;
}
