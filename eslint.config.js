// Lint: typescript-eslint's recommended rules and React's hooks rules, with zero warnings allowed
// (`npm test` runs it). Which folder may import which is dependency-cruiser's (.dependency-cruiser.cjs).
//
// typescript-eslint does not support TypeScript 7 yet, so package.json installs the TS 6 JS API as
// `typescript` (the parser uses it) and TS 7 as `@typescript/native`, whose `tsc` does the typecheck.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'dist-plain/', '.tmp/', 'node_modules/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tools' CommonJS configuration files (.dependency-cruiser.cjs).
    files: ['*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // The bin's launcher must parse on any Node, however old: ES5 syntax only.
    files: ['src/**/*.cjs'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script', globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    // `const { body: _, ...rest } = entry` is how a key is left out of a copy: not an unused variable.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
);
