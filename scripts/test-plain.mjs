// The smoke tests on the plain build (`npm run test:plain`, and CI after `npm test`): the app built
// with none of the build's speed tricks (`scripts/build.mjs --plain`, into dist-plain/) must still
// start the demo, send a reviewed edit, and reach the API through a proxy. So an upgrade of undici,
// Ink, React or string-width can go plain first, then patch (docs/dependency-patches.md).
//
// The three tests are the suite's own, run with CDN_TUI_BIN pointing at the plain bin
// (test/helpers/emulator.ts). They are picked by name, so this script checks that each of them ran
// and passed: a test renamed or skipped counts as a failure, not as nothing to do. The results go to
// .tmp/vitest-plain-results.json (never the suite's .tmp/vitest-results.json, which .ci/run counts
// too). Before them it checks that the plain build holds none of the build's tricks (PATCHES_SEEN:
// what each leaves in the JavaScript, esbuild's comment for a module of a plugin's own or a text a
// patch writes); that check counts as one more test. Ends with "plain smoke: N passed, N failed", also written to .tmp/plain-smoke.json for
// .ci/run's last line; exits 1 on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = 'dist-plain/cdn-tui.cjs';
const RESULTS = '.tmp/vitest-plain-results.json';
const SUMMARY = '.tmp/plain-smoke.json';

/** Each smoke test: its file and its full name (describe blocks and title, as vitest reports it). */
export const SMOKE = [
  { file: 'test/cli/bin.test.ts', name: 'the demo in a terminal starts the embedded emulator, shows DEMO, and exits 0 soon after q' },
  {
    file: 'test/e2e/flows-edit.test.ts',
    name: 'editing a configuration edits a name and adds a cname, reviews the diff and the PATCH line, applies with y: one PATCH with only those fields',
  },
  {
    file: 'test/api/proxy.test.ts',
    name: "the built CLI goes through the proxy of HTTP_PROXY (its undici comes from the bundle's third-party script)",
  },
];

/** What each trick of scripts/build.mjs leaves in the bundle it is on in (checked absent from dist-plain/). */
const PATCHES_SEEN = {
  'a module of a build plugin (undici-agent-only, builtins-by-require, react-once, dep-scripts, stub-devtools)':
    /^\s*\/\/ (undici-agent|undici-proxy|builtin-es|react-once|yoga-ready|dep-shim|stub):/m,
  'undici-lazy-http': /__defaultMaxHeaderSize/,
  'undici-no-h2': /speaks HTTP\/1\.1 only/,
  'string-width-fast': /ambiguousIsNarrow && \w+\(string\)/,
  'ink-blank-cell': /__BLANK_CELL/,
  'ink-styled-chars': /\w+\(line, __tokenizer\)/,
  'ink-sanitize': /sanitizeAnsi = \(text\) => \{\s*if \(\w+\(text\)\)/,
  'dep-scripts': /__cdnTuiDeps/,
};

/** The tricks whose marks are in the JavaScript under `dir`. */
export function patchesIn(dir) {
  const code = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.c?js$/.test(e.name))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
  return Object.entries(PATCHES_SEEN)
    .filter(([, mark]) => mark.test(code))
    .map(([name]) => name);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function run(args, env = process.env) {
  return spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env }).status;
}

/** Says how it went, on stdout and in SUMMARY; the exit status. */
function end(passed, failed, why) {
  console.log(`plain smoke: ${passed} passed, ${failed} failed${why ? ` (${why})` : ''}`);
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  writeFileSync(join(ROOT, SUMMARY), `${JSON.stringify({ passed, failed })}\n`);
  return failed === 0 ? 0 : 1;
}

function main() {
  rmSync(join(ROOT, SUMMARY), { force: true });
  if (!process.argv.includes('--no-build') && run(['scripts/build.mjs', '--plain']) !== 0) {
    return end(0, SMOKE.length + 1, `npm run build:plain failed`);
  }
  if (!existsSync(join(ROOT, BIN))) {
    return end(0, SMOKE.length + 1, `${BIN} is missing`);
  }
  const left = patchesIn(join(ROOT, 'dist-plain'));
  for (const name of left) console.log(`plain smoke: dist-plain/ holds a patch: ${name}`);
  const plainChecked = left.length === 0 ? 1 : 0;
  rmSync(join(ROOT, RESULTS), { force: true });
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const pattern = SMOKE.map((t) => escape(t.name.split(' ').slice(-8).join(' '))).join('|');
  run(
    [vitest, 'run', ...SMOKE.map((t) => t.file), '-t', pattern, '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}`],
    // Without CI: under CI=true vitest.config.ts adds its own JSON report, which would write over
    // the suite's results that .ci/run counts (the app itself runs as in a terminal either way).
    { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'CI')), CDN_TUI_BIN: BIN },
  );
  if (!existsSync(join(ROOT, RESULTS))) {
    return end(0, SMOKE.length + 1, `vitest wrote no results`);
  }
  const results = JSON.parse(readFileSync(join(ROOT, RESULTS), 'utf8'));
  const status = new Map(results.testResults.flatMap((f) => f.assertionResults.map((a) => [a.fullName, a.status])));
  const problems = SMOKE.filter((t) => status.get(t.name) !== 'passed').map(
    (t) => `${t.file}: "${t.name}" ${status.get(t.name) ?? 'not found'}`,
  );
  for (const problem of problems) console.log(`plain smoke: ${problem}`);
  const extra =
    results.numFailedTests + (results.numFailedTestSuites > 0 && results.numFailedTests === 0 ? results.numFailedTestSuites : 0);
  const failed = Math.max(problems.length, extra);
  return end(SMOKE.length - problems.length + plainChecked, failed + 1 - plainChecked);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
