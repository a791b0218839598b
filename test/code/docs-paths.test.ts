// The documents stay true and short: every file of the repo a document names in code quotes
// (`src/shell/app.tsx`, `scripts/build.mjs`, `test/code/layers.test.ts`) exists, so a move that
// leaves a document behind fails here; and the README, the user's guide, stays within 300 lines
// (measurements and their history live in docs/bench.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** A path of the repo's own folders, ending in a file name with an extension of ours. */
const PATH = /(?<![\w./-])((?:src|test|scripts|bench)\/[\w./-]+\.(?:ts|tsx|mjs|cjs|js|json))\b/g;

describe('documents', () => {
  it('name only files that exist', () => {
    const missing = DOCS.flatMap((doc) =>
      readFileSync(join(ROOT, doc), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(PATH)].map((m) => ({ where: `${doc}:${i + 1}`, path: m[1]! }))),
    )
      .filter(({ path }) => !existsSync(join(ROOT, path)))
      .map(({ where, path }) => `${where} names ${path}`);
    expect(missing).toEqual([]);
  });

  it('the README is at most 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });
});
