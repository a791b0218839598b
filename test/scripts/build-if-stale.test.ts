// From a clone (issue 31): `npm start` and `npm run cdn-tui -- ARGS` build only when an input of
// the build changed since the last one (`scripts/build.mjs --if-stale`); `npm run build` always
// builds. Run on a copy of the project (its own src/, dist/ and stamp; the dependencies linked),
// so that the repo's dist/, which other tests run, is never rebuilt under them.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILDING = 'cdn-tui: building dist/';
const BUILD_MS = 120_000;

/** A copy of what a build reads, with node_modules a folder of links to the repo's packages (its .cache its own). */
function projectCopy(): string {
  const dir = tempDir('cdn-tui-clone-');
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['scripts/build.mjs', 'scripts/build-stamp.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'])
    copyFileSync(join(ROOT, file), join(dir, file));
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

/** `node scripts/build.mjs ARGS` in `dir`, on the Node that runs the tests. */
function build(dir: string, args: readonly string[]): SpawnSyncReturns<string> {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: dir, encoding: 'utf8', timeout: BUILD_MS });
  expect(r.status, r.stderr).toBe(0);
  return r;
}

/** When the bundle was last written (a build writes it anew; a skipped build leaves it). */
const bundleTime = (dir: string): number => statSync(join(dir, 'dist', 'cdn-tui.js')).mtimeMs;

/** A Node older than 22 on this machine (the system's), if there is one: what runs npm on many ops boxes. */
function oldNodeDir(): string | undefined {
  for (const dir of ['/usr/bin', '/usr/local/bin']) {
    const node = join(dir, 'node');
    if (!existsSync(node)) continue;
    const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (r.status === 0 && Number(r.stdout.split('.')[0]) < 22) return dir;
  }
  return undefined;
}

describe('scripts/build.mjs --if-stale', () => {
  let dir = '';
  beforeAll(() => {
    dir = projectCopy();
  });

  it(
    'builds when there was no build, then not again while nothing changed',
    () => {
      const first = build(dir, ['--if-stale']);
      expect(first.stderr).toContain(BUILDING);
      expect(existsSync(join(dir, 'dist', 'cdn-tui.cjs'))).toBe(true);
      const built = bundleTime(dir);

      const second = build(dir, ['--if-stale']);
      expect(second.stderr).toBe('');
      expect(second.stdout).toBe('');
      expect(bundleTime(dir)).toBe(built);
    },
    BUILD_MS,
  );

  it(
    'builds again once a source changed, and only once',
    () => {
      const before = bundleTime(dir);
      appendFileSync(join(dir, 'src', 'cli', 'usage.ts'), '\n// changed by the test\n');
      expect(build(dir, ['--if-stale']).stderr).toContain(BUILDING);
      const rebuilt = bundleTime(dir);
      expect(rebuilt).not.toBe(before);
      expect(build(dir, ['--if-stale']).stderr).toBe('');
      expect(bundleTime(dir)).toBe(rebuilt);
    },
    BUILD_MS,
  );

  it(
    'a source touched with the same bytes is no change; a new dependency tree or build script is',
    () => {
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(dir, 'src', 'cli', 'bin.ts'), later, later);
      expect(build(dir, ['--if-stale']).stderr).toBe('');

      appendFileSync(join(dir, 'scripts', 'build.mjs'), '\n// changed by the test\n');
      expect(build(dir, ['--if-stale']).stderr).toContain(BUILDING);
      appendFileSync(join(dir, 'package-lock.json'), '\n');
      expect(build(dir, ['--if-stale']).stderr).toContain(BUILDING);
      expect(build(dir, ['--if-stale']).stderr).toBe('');
    },
    BUILD_MS,
  );

  it(
    'builds when a file of the last build is gone',
    () => {
      rmSync(join(dir, 'dist', 'cdn-tui.js'));
      expect(build(dir, ['--if-stale']).stderr).toContain(BUILDING);
      expect(existsSync(join(dir, 'dist', 'cdn-tui.js'))).toBe(true);
    },
    BUILD_MS,
  );

  it(
    'without --if-stale always builds (npm run build, prepack), and leaves a stamp the next --if-stale takes',
    () => {
      const before = bundleTime(dir);
      const r = build(dir, []);
      expect(r.stderr).toBe('');
      expect(bundleTime(dir)).not.toBe(before);
      const built = bundleTime(dir);
      expect(build(dir, ['--if-stale']).stderr).toBe('');
      expect(bundleTime(dir)).toBe(built);
    },
    BUILD_MS,
  );

  it('refuses an argument it does not know', () => {
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stael'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'scripts/build.mjs: unknown argument "--if-stael" (it takes --if-stale, --plain, --without NAME,NAME --out DIR, or nothing)\n',
    );
  });

  const old = oldNodeDir();
  it.skipIf(!old)(
    "npm run cdn-tui -- ARGS runs the clone's CLI on the pinned Node when npm itself runs on an old one, building nothing when fresh",
    () => {
      // PATH as on an ops box: the old Node first, nothing of this repo's node_modules.
      const path = [old!, ...(process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.includes('node_modules'))].join(delimiter);
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: path };
      for (const name of Object.keys(env)) if (/^(NODE_OPTIONS|npm_)/.test(name)) delete env[name];
      env.npm_config_update_notifier = 'false';
      const r = spawnSync('npm', ['run', '--silent', 'cdn-tui', '--', '--version'], { cwd: dir, env, encoding: 'utf8', timeout: BUILD_MS });
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^cdn-tui \d+\.\d+\.\d+\n$/);
      expect(r.status).toBe(0);
    },
    BUILD_MS,
  );
});
