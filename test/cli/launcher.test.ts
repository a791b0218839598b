// The package's bin (dist/cdn-tui.cjs, from src/cli/launcher.cjs) as a user with an old Node meets
// it: one line naming the Node needed, the one found and what gets a newer one (installed: the npx
// that fetches one; in a checkout of the repo: its npm scripts, which run on the Node it pins);
// exit 1; no stack. Its syntax is held to ES5 by eslint, so any Node parses it; here it runs for
// real on the Node 20 of the machine (and the package check of CI runs it on node@20 from the
// registry).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/emulator.js';

interface Launcher {
  minimumMajor(range: unknown): number;
  tooOld(version: string, minimum: number, checkoutArgs?: readonly string[] | null): string | null;
  isCheckout(root: string): boolean;
}
const ROOT = resolve(import.meta.dirname, '../..');
const launcher = createRequire(import.meta.url)('../../src/cli/launcher.cjs') as Launcher;
const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** A Node older than 22 on this machine (the system's), if there is one. */
function oldNode(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.includes('node_modules'));
  for (const file of ['/usr/bin/node', '/usr/local/bin/node', ...dirs.map((d) => join(d, 'node'))]) {
    if (!existsSync(file)) continue;
    try {
      const major = Number(execFileSync(file, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]);
      if (major < 22) return file;
    } catch {
      // not a Node that runs here
    }
  }
  return undefined;
}

/** This process's environment without what an old Node would refuse (flags of a newer one). */
function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

describe('the launcher', () => {
  it('reads the minimum from the engines field, which must be a plain ">=N"', () => {
    expect(launcher.minimumMajor(engines)).toBe(22);
    expect(launcher.minimumMajor('>= 24.1')).toBe(24);
    for (const range of ['^22', '22.x', '>=22 <26', undefined, ''])
      expect(() => launcher.minimumMajor(range), String(range)).toThrow(/engines\.node/);
  });

  it('lets 22 and newer through and tells older ones what to do', () => {
    for (const version of ['v22.0.0', 'v22.23.3', 'v24.21.0', 'v30.1.0']) expect(launcher.tooOld(version, 22), version).toBeNull();
    expect(launcher.tooOld('v20.11.0', 22)).toBe(
      'cdn-tui needs Node.js 22 or newer; this is v20.11.0. Run it with a newer Node: npx -p node@22 -p cdn-tui cdn-tui',
    );
    for (const version of ['v21.7.3', 'v18.20.8', 'v10.24.1', 'v0.12.18'])
      expect(launcher.tooOld(version, 22), version).toMatch(/^cdn-tui needs Node\.js 22 or newer; this is v/);
  });

  it('in a checkout, names the npm script that runs the same arguments on the pinned Node, quoted for a shell', () => {
    const needs = 'cdn-tui needs Node.js 22 or newer; this is v20.11.0. In this checkout, run it on the Node the repo pins: ';
    expect(launcher.tooOld('v20.11.0', 22, [])).toBe(`${needs}npm start`);
    expect(launcher.tooOld('v20.11.0', 22, ['export', '1528252701', '--out', 'shop.json'])).toBe(
      `${needs}npm run cdn-tui -- export 1528252701 --out shop.json`,
    );
    expect(launcher.tooOld('v20.11.0', 22, ['--base-url=https://api.example.com/v1', '--profile', 'prod'])).toBe(
      `${needs}npm run cdn-tui -- --base-url=https://api.example.com/v1 --profile prod`,
    );
    expect(launcher.tooOld('v20.11.0', 22, ['lint', "it's here", 'a b', '$HOME', ''])).toBe(
      `${needs}npm run cdn-tui -- lint 'it'\\''s here' 'a b' '$HOME' ''`,
    );
    expect(launcher.tooOld('v24.21.0', 22, ['--demo'])).toBeNull();
  });

  /** A package folder holding the bin as it is built (dist/cdn-tui.cjs, package.json) and, for a checkout, the launcher's source. */
  function packageWith(checkout: boolean): string {
    const dir = tempDir();
    mkdirSync(join(dir, 'dist'));
    copyFileSync(BIN, join(dir, 'dist', 'cdn-tui.cjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ engines: { node: engines } }));
    if (checkout) {
      mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
      copyFileSync(join(ROOT, 'src', 'cli', 'launcher.cjs'), join(dir, 'src', 'cli', 'launcher.cjs'));
    }
    return dir;
  }

  it("tells a checkout (the launcher's source beside dist/) from an installed package (dist/ only)", () => {
    expect(launcher.isCheckout(ROOT)).toBe(true);
    expect(launcher.isCheckout(packageWith(true))).toBe(true);
    expect(launcher.isCheckout(packageWith(false))).toBe(false);
  });

  const old = oldNode();
  it.skipIf(!old)(
    'on a Node older than 22 (run for real): one line on stderr, exit 1, nothing else; npx when installed, the npm script in a checkout',
    () => {
      const version = execFileSync(old!, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
      const needs = `cdn-tui needs Node.js 22 or newer; this is ${version}. `;
      const installed = join(packageWith(false), 'dist', 'cdn-tui.cjs');
      const checkout = join(packageWith(true), 'dist', 'cdn-tui.cjs');
      const cases: Array<[string, readonly string[], string]> = [
        [installed, ['--version'], 'Run it with a newer Node: npx -p node@22 -p cdn-tui cdn-tui'],
        [installed, ['serve', '--port', '0'], 'Run it with a newer Node: npx -p node@22 -p cdn-tui cdn-tui'],
        [checkout, ['--demo'], 'In this checkout, run it on the Node the repo pins: npm run cdn-tui -- --demo'],
        [checkout, [], 'In this checkout, run it on the Node the repo pins: npm start'],
        [BIN, ['export', '1528252701'], 'In this checkout, run it on the Node the repo pins: npm run cdn-tui -- export 1528252701'],
        [BIN, ['serve', '--port', '0'], 'In this checkout, run it on the Node the repo pins: npm run cdn-tui -- serve --port 0'],
      ];
      for (const [bin, args, advice] of cases) {
        const r = spawnSync(old!, [bin, ...args], { encoding: 'utf8', timeout: 10_000, env: plainEnv() });
        expect(r.stderr, `${bin} ${args.join(' ')}`).toBe(`${needs}${advice}\n`);
        expect(r.stdout).toBe('');
        expect(r.status).toBe(1);
      }
    },
  );

  it('a bundle that cannot be loaded is one sentence and exit 1, not a stack', () => {
    const dir = packageWith(false); // a package with the launcher and no bundle
    const r = spawnSync(process.execPath, [join(dir, 'dist', 'cdn-tui.cjs'), '--version'], { encoding: 'utf8', timeout: 10_000 });
    expect(r.stderr).toMatch(/^cdn-tui: unexpected error: Cannot find module .*cdn-tui\.js.* \(set CDN_TUI_DEBUG=1 for details\)\.\n$/);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
  });
});
