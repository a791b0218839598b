#!/usr/bin/env node
// The package as a user gets it (`npx cdn-tui` on a box with nothing but Node): packs the project,
// installs the tarball into an empty prefix (offline: it has no dependencies) and runs the
// installed bin the way a shell does (its `#!/usr/bin/env node` finds the Node put first on PATH)
// on the pinned Node and on the oldest supported major, fetched from the npm registry as the
// `node` package; a Node older than that must get the launcher's one line and exit 1.
// Prints the tarball's size and the installed package count; exits 1 when a check fails.
//
//   node scripts/check-package.mjs      (.ci/run calls it after the tests; ~30 s, more the first
//                                        time the registry's Node builds are fetched)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pty from 'node-pty';

const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const MINIMUM = Number(/^>=(\d+)$/.exec(pkg.engines.node)?.[1]);
const TOO_OLD = MINIMUM - 2; // the even major before it: the Node still found on many boxes
const MAX_TARBALL = 2 * 1024 * 1024;
const MAX_PACKAGES = 5;

const temp = mkdtempSync(join(tmpdir(), 'cdn-tui-package-'));
const children = new Set();
process.on('exit', () => {
  for (const c of children) c.kill();
  rmSync(temp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
setTimeout(() => {
  console.error('check-package: took too long, stopping');
  process.exit(1);
}, 600_000).unref();

let failed = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? `: ${detail}` : ''}`);
  if (!ok) failed++;
}

/** Runs a command to its end; its output, or a failure naming it. */
function run(file, args, options = {}) {
  const r = spawnSync(file, args, { encoding: 'utf8', timeout: 300_000, ...options });
  if (r.status !== 0) throw new Error(`${[file, ...args].join(' ')} exited ${r.status ?? r.signal}: ${r.stderr}${r.error ?? ''}`);
  return r.stdout;
}

// --- pack ---------------------------------------------------------------------------------------
const packDir = join(temp, 'pack');
mkdirSync(packDir);
run('npm', ['pack', '--pack-destination', packDir, '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] }); // prepack builds dist/
const tarball = join(
  packDir,
  readdirSync(packDir).find((f) => f.endsWith('.tgz')),
);
const size = statSync(tarball).size;
console.log(`tarball: ${tarball.split('/').pop()}, ${(size / 1024).toFixed(0)} kB`);
check(size <= MAX_TARBALL, `tarball ≤ ${MAX_TARBALL / 1024 / 1024} MB`, `${size} bytes`);
const files = run('tar', ['tzf', tarball]).split('\n').filter(Boolean);
const extra = files.filter((f) => !/^package\/(package\.json|README\.md|LICENSE|dist\/.*\.c?js)$/.test(f));
check(extra.length === 0, `tarball holds only what runs (${files.length} files)`, extra.join(', '));

// --- install into an empty prefix ---------------------------------------------------------------
const prefix = join(temp, 'prefix');
run('npm', ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--loglevel', 'error', tarball], { cwd: temp });
const installed = Object.keys(JSON.parse(readFileSync(join(prefix, 'node_modules', '.package-lock.json'), 'utf8')).packages).filter((p) =>
  p.startsWith('node_modules/'),
);
console.log(`installed packages: ${installed.length} (${installed.map((p) => p.slice('node_modules/'.length)).join(', ')})`);
check(installed.length <= MAX_PACKAGES, `installing adds ≤ ${MAX_PACKAGES} packages`);
const BIN = join(prefix, 'node_modules', '.bin', 'cdn-tui');

// --- the installed bin, per Node ----------------------------------------------------------------
/** The node binary of the registry's `node` package at `major` (fetched once into npm's cache). */
function registryNode(major) {
  return run('npx', ['--yes', '--package', `node@${major}`, '--', 'node', '-p', 'process.execPath'], { cwd: temp }).trim();
}

/** An environment where `#!/usr/bin/env node` finds `node`, and nothing of this repo or its user leaks in. */
function envFor(node) {
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
  for (const name of Object.keys(env)) if (/^(NODE_OPTIONS|NODE_COMPILE_CACHE|CDN_TUI_|npm_)/.test(name)) delete env[name];
  const home = join(temp, 'home');
  return { ...env, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache') };
}

async function serveAnswers(env) {
  const child = spawn(BIN, ['serve', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise((res) => child.on('exit', (code, signal) => res(code ?? signal)));
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const url = /^listening on (\S+)$/.exec((await lines.next()).value ?? '')?.[1];
    const token = /^token: (\S+)$/.exec((await lines.next()).value ?? '')?.[1];
    if (!url || !token) return `no "listening on" and "token:" lines`;
    const res = await fetch(`${url}/content_delivery/configurations`, { headers: { authorization: `Token ${token}` } });
    await res.arrayBuffer();
    return res.status === 200 ? '' : `GET /content_delivery/configurations answered ${res.status}`;
  } finally {
    child.kill('SIGTERM');
    await exited;
    children.delete(child);
  }
}

function demoOpens(env) {
  return new Promise((resolveDemo) => {
    const term = pty.spawn(BIN, ['--demo'], { name: 'xterm-256color', cols: 100, rows: 30, cwd: temp, env });
    let out = '';
    let quitting = false;
    const timer = setTimeout(() => {
      term.kill();
      resolveDemo(`the demo's configurations did not show within 30 s: ${JSON.stringify(out.slice(-300))}`);
    }, 30_000);
    term.onData((d) => {
      out += d;
      if (!quitting && out.includes('acme-outdoor')) {
        quitting = true;
        term.write('q');
      }
    });
    term.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolveDemo(quitting && exitCode === 0 ? '' : `exited ${exitCode} ${quitting ? 'after q' : 'before the list showed'}`);
    });
  });
}

async function checkNode(label, node) {
  const version = run(node, ['-p', 'process.version']).trim();
  console.log(`--- ${label}: Node ${version} (${node})`);
  const env = envFor(node);
  const v = spawnSync(BIN, ['--version'], { env, encoding: 'utf8' });
  check(v.status === 0 && v.stdout === `cdn-tui ${pkg.version}\n`, 'cdn-tui --version', `${v.status} ${v.stdout}${v.stderr}`);
  const h = spawnSync(BIN, ['--help'], { env, encoding: 'utf8' });
  check(
    h.status === 0 && h.stdout.includes('--base-url') && h.stdout.includes('serve') && h.stderr === '',
    'cdn-tui --help',
    `${h.status} ${h.stderr}`,
  );
  const served = await serveAnswers(env);
  check(served === '', 'cdn-tui serve --port 0 answers a request', served);
  const demo = await demoOpens(env);
  check(demo === '', 'cdn-tui --demo shows the configurations in a terminal, q quits', demo);
}

try {
  await checkNode('pinned', process.execPath);
  await checkNode(`oldest supported (node@${MINIMUM})`, registryNode(MINIMUM));
  const old = registryNode(TOO_OLD);
  const version = run(old, ['-p', 'process.version']).trim();
  console.log(`--- too old (node@${TOO_OLD}): Node ${version} (${old})`);
  const r = spawnSync(BIN, ['--demo'], { env: envFor(old), encoding: 'utf8' });
  const line = `cdn-tui needs Node.js ${MINIMUM} or newer; this is ${version}. Run it with a newer Node: npx -p node@${MINIMUM} -p cdn-tui cdn-tui\n`;
  check(r.status === 1 && r.stderr === line && r.stdout === '', 'one line on stderr, exit 1', `${r.status} ${JSON.stringify(r.stderr)}`);
} catch (e) {
  check(false, 'the package check ran to its end', e instanceof Error ? e.message : String(e));
}
console.log(failed ? `package check: ${failed} failed` : 'package check: all passed');
process.exit(failed ? 1 : 0);
