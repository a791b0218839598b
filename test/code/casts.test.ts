// Records are typed from src/schema, not cast into shape: at most 10 `as` casts in src/ (an
// `as const` is not a cast), each with a `// cast: <reason>` comment on its line or the line above.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

interface Cast {
  readonly where: string;
  readonly reasoned: boolean;
}

function castsIn(file: string): Cast[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = text.split('\n');
  const out: Cast[] = [];
  const visit = (node: ts.Node) => {
    const isConst = ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const';
    if ((ts.isAsExpression(node) && !isConst) || ts.isTypeAssertionExpression(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const near = `${lines[line - 1] ?? ''}\n${lines[line] ?? ''}`;
      out.push({ where: `${file.slice(SRC.length)}:${line + 1}`, reasoned: /\/\/ cast: \S/.test(near) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('casts in src/', () => {
  const casts = files(SRC).flatMap(castsIn);

  it('are at most 10', () => {
    expect(
      casts.map((c) => c.where),
      'the casts left',
    ).toHaveLength(Math.min(casts.length, 10));
  });

  it('each say why', () => {
    expect(casts.filter((c) => !c.reasoned).map((c) => c.where)).toEqual([]);
  });
});
