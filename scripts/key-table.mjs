// Writes the README's key table from src/keys/table.ts (the footer and `?` help read the same
// table). Run after changing a key: `node scripts/key-table.mjs`. A test fails when the README drifts.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

// The source is TypeScript with .js import paths: bundle it in memory rather than import it.
const bundled = await build({
  entryPoints: ['src/keys/readme-table.ts'],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  external: ['ink'],
  logLevel: 'warning',
});
const { withKeyTable } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const file = new URL('../README.md', import.meta.url);
const next = withKeyTable(readFileSync(file, 'utf8'));
if (next === undefined) {
  console.error('README.md has no key table markers');
  process.exit(1);
}
writeFileSync(file, next);
console.log('README.md: key table written');
