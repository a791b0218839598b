// scripts/build.mjs's command line beyond --if-stale: --plain (npm run build:plain) and
// --without NAMES --out DIR (scripts/measure-patches.mjs, docs/dependency-patches.md). What it
// refuses is refused before anything is built or removed, with exit 2 and one line.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** What the test reads of scripts/build.mjs (a JavaScript module: typed here). */
interface BuildModule {
  readonly PATCHES: Readonly<Record<string, string>>;
  readonly ALL_PATCHES: readonly string[];
  bundleOptionsFor(on: readonly string[]): { plugins: Array<{ name: string }>; define: Record<string, string> };
}
const BUILD_MODULE: string = '../../scripts/build.mjs';
const { ALL_PATCHES, PATCHES, bundleOptionsFor } = (await import(BUILD_MODULE)) as BuildModule;

const ROOT = resolve(import.meta.dirname, '../..');

function build(args: readonly string[]) {
  return spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
}

describe('scripts/build.mjs arguments', () => {
  it.each([
    [['--without', 'undici-no-h2'], '--without needs --out, so that dist/ stays the bin'],
    [['--without', 'no-such-patch', '--out', '.tmp/x'], 'no patch named "no-such-patch"'],
    [['--plain', '--without', 'undici-no-h2', '--out', '.tmp/x'], '--plain already leaves out every patch'],
    [['--if-stale', '--plain'], '--if-stale is for the bin in dist/ only'],
    [['--out'], '--out needs a value'],
    [['--out', 'src'], 'is not empty and holds no earlier build'],
  ])('refuses %j', (args, message) => {
    const r = build(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('names every trick once, and turns each one off by its name', () => {
    expect(ALL_PATCHES).toEqual(Object.keys(PATCHES));
    const names = (on: readonly string[]) => bundleOptionsFor(on).plugins.map((p) => p.name);
    expect(names([])).toEqual([]);
    expect(bundleOptionsFor([]).define).not.toHaveProperty('esbuildDetection');
    expect(bundleOptionsFor([])).not.toHaveProperty('supported');
    for (const name of ['undici-agent-only', 'undici-lazy-http', 'undici-no-h2', 'string-width-fast', 'ink-sanitize', 'react-once']) {
      expect(names(ALL_PATCHES)).toContain(name);
      expect(names(ALL_PATCHES.filter((n) => n !== name))).not.toContain(name);
    }
    expect(() => bundleOptionsFor(['no-such-patch'])).toThrow(/no patch named "no-such-patch"/);
  });
});
