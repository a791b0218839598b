// The layer rules of .dependency-cruiser.cjs (docs/architecture.md, "Layers") fire: cruised with
// them, test/fixtures/layers/src/ (a small tree in the same folders, one import breaking each
// rule, a few that are allowed) gives exactly the violations its files say, and src/ gives none,
// as `npm run layers` checks.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

async function violations(baseDir: string, extra: ICruiseOptions = {}) {
  const options: ICruiseOptions = {
    ...config.options,
    tsConfig: { fileName: `${root}/tsconfig.json` },
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    baseDir,
    ...extra,
  };
  const result = (await cruise(['src'], options)).output as ICruiseResult;
  return result.summary.violations
    .filter((v) => v.rule.severity !== 'ignore')
    .map((v) => `${v.rule.name}: ${v.from} → ${v.cycle?.length ? v.cycle.map((c) => c.name).join(' → ') : v.to}`)
    .sort();
}

describe('layer rules', () => {
  it('each rule fires on the fixture tree, and no allowed import does', async () => {
    expect(await violations(`${root}/test/fixtures/layers`)).toEqual(
      [
        'util-is-the-floor: src/util/bad.ts → src/schema/leaf.ts',
        'schema-over-util-only: src/schema/bad.ts → src/store/leaf.ts',
        'api-over-schema-util: src/api/bad.ts → src/store/leaf.ts',
        'api-through-its-index: src/store/bad-api.ts → src/api/inner.ts',
        'diff-lint-pure: src/diff/bad.ts → src/store/leaf.ts',
        'query-pure: src/query/bad.ts → src/store/leaf.ts',
        'plan-pure: src/plan/bad.ts → src/store/leaf.ts',
        'store-not-ui: src/store/bad.ts → src/app/leaf.ts',
        'store-not-ui: src/store/bad-cli.ts → src/cli/leaf.ts',
        'cli-is-the-top: src/store/bad-cli.ts → src/cli/leaf.ts',
        'transfer-not-ui: src/transfer/bad.ts → src/screens/leaf.ts',
        'server-not-client: src/server/bad.ts → src/api/index.ts',
        'keys-ui-low: src/keys/bad.ts → src/store/leaf.ts',
        'components-are-widgets: src/components/bad.ts → src/app/leaf.ts',
        'app-below-screens: src/app/bad.ts → src/screens/leaf.ts',
        'screens-below-shell: src/screens/bad.ts → src/shell/leaf.ts',
        'shell-only-from-cli: src/screens/bad.ts → src/shell/leaf.ts',
        'no-circular: src/cli/cycle-a.ts → src/cli/cycle-b.ts → src/cli/cycle-a.ts',
      ].sort(),
    );
  });

  it('src/ breaks none', async () => {
    expect(await violations(root)).toEqual([]);
  });
});
