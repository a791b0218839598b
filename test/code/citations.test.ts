// The contract lives in the repository: every Markdown file that code, tests, scripts or documents
// cite (`docs/api.md §4.2`, a link to `docs/lint.md`) is a file of the repo, and every section number
// cited (`§4.2`, `§2, §4`) is a heading of that file. A maintainer with only the repo can open
// every citation; one that points outside (a brief beside the repo) fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['src', 'test', 'scripts', 'bench', 'docs'];
const CODE = /\.(ts|tsx|mjs|cjs|js|md)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'results') return [];
    return statSync(path).isDirectory() ? walk(path) : CODE.test(name) ? [path] : [];
  });
}

interface Citation {
  readonly from: string;
  readonly line: number;
  readonly file: string;
  readonly sections: readonly string[];
}

/** A Markdown file name (with a folder or not) and the `§n` that follow it (`§2, §4`, `§4.1 and §4.2`). */
const CITE = /(?<![\w/\\.-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w-]+\.md)\b((?:[ ,]*(?:and )?§ ?\d+(?:\.\d+)*)*)/g;

function citations(path: string): Citation[] {
  const found: Citation[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(CITE)) {
        const sections = [...(m[2] ?? '').matchAll(/§ ?(\d+(?:\.\d+)*)/g)].map((s) => s[1]!);
        found.push({ from: relative(ROOT, path), line: i + 1, file: m[1]!, sections });
      }
    });
  return found;
}

/** The cited file: beside the citing document (a Markdown link), else from the repo's root. */
function resolve(c: Citation): string | undefined {
  const candidates = [join(ROOT, dirname(c.from), c.file), join(ROOT, c.file)];
  return candidates.find((p) => p.startsWith(ROOT + '/') && existsSync(p));
}

function headings(path: string): Set<string> {
  const numbers = [...readFileSync(path, 'utf8').matchAll(/^#{1,6} (\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]!);
  return new Set(numbers);
}

const all = [...SOURCES.flatMap((d) => walk(join(ROOT, d))), join(ROOT, 'README.md')].flatMap(citations);

describe('citations of the contract', () => {
  it('finds the citations it checks (the code cites docs/api.md and docs/ux.md by section)', () => {
    expect(all.filter((c) => c.file === 'docs/api.md' && c.sections.length > 0).length).toBeGreaterThan(50);
    expect(all.filter((c) => c.file === 'docs/ux.md' && c.sections.length > 0).length).toBeGreaterThan(30);
  });

  it('every cited Markdown file is in the repository', () => {
    const missing = all.filter((c) => !resolve(c)).map((c) => `${c.from}:${c.line} cites ${c.file}`);
    expect(missing).toEqual([]);
  });

  it('every cited section is a heading of its file', () => {
    const bad = all.flatMap((c) => {
      const path = resolve(c);
      if (!path || c.sections.length === 0) return [];
      const known = headings(path);
      return c.sections.filter((s) => !known.has(s)).map((s) => `${c.from}:${c.line} cites ${c.file} §${s}`);
    });
    expect(bad).toEqual([]);
  });
});
