// Components are widgets: the lint config forbids them any import from app/ or screens/. Linting a
// small file at a components path through ESLint's API proves the rule is there and fires, so it
// cannot quietly disappear from eslint.config.js.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// `ignore: false`: the rule must hold for src/components even while that folder is left out of `npm run lint`.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

/** The no-restricted-imports messages for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => `${m.severity === 2 ? 'error' : 'warning'}: ${m.message}`);
}

describe('the components boundary', () => {
  it('rejects a component that imports from app/ or screens/, or re-exports from them', async () => {
    const code = [
      "import { useAppContext } from '../app/context.js';",
      "import { BrowserScreen } from '../screens/browser/browser-screen.js';",
      "export { uiStore } from '../app/ui-store.js';",
      'export const probe = [useAppContext, BrowserScreen];',
    ].join('\n');
    const errors = await boundaryErrors('src/components/boundary-probe.tsx', code);
    expect(errors).toHaveLength(3);
    for (const e of errors)
      expect(e).toMatch(/^error: .*components are widgets: they take props and import nothing from app\/ or screens\//);
  });

  it('lets a component import from ui/ and schema/, and lets screens import from app/', async () => {
    const code =
      "import { safe } from '../ui/text.js';\nimport type { FieldSpec } from '../schema/index.js';\nexport const probe = (f: FieldSpec) => safe(f.label);\n";
    expect(await boundaryErrors('src/components/boundary-probe.tsx', code)).toEqual([]);
    expect(
      await boundaryErrors(
        'src/screens/boundary-probe.tsx',
        "import { useAppContext } from '../app/context.js';\nexport const probe = useAppContext;\n",
      ),
    ).toEqual([]);
  });
});
