// Lint: typescript-eslint's recommended rules and React's hooks rules, with zero warnings allowed
// (`npm test` runs it). Components are widgets: they import nothing from app/ or screens/.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setImmediate: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', performance: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', Headers: 'readonly' } },
  },
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/*', '**/screens/*', '**/app/**', '**/screens/**'], message: 'components are widgets: they take props and import nothing from app/ or screens/' }] }],
    },
  },
);
