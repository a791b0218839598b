// The TUI keeps Node's compiled code in $XDG_CACHE_HOME/cdn-tui/compile, also when it is ended by
// a signal (the cache is written once the first frame is up); the next start reads it; a cache
// that cannot be made changes nothing for the user. --help and --version leave it alone. The code
// of its two third-party scripts (src/util/dep-scripts.ts) is kept in cdn-tui/code: one file each,
// taken by the next start, made again when damaged, none under NODE_DISABLE_COMPILE_CACHE=1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/emulator.js';
import { runInPty, type PtyRun } from './pty.js';

/** Every cache file under `dir`. */
function cached(dir: string): string[] {
  const root = join(dir, 'cdn-tui', 'compile');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The files of the third-party scripts' caches under `dir`, by name. */
function depScriptCaches(dir: string): string[] {
  const root = join(dir, 'cdn-tui', 'code');
  return existsSync(root)
    ? readdirSync(root)
        .sort()
        .map((name) => join(root, name))
    : [];
}

/** The demo in a pseudo-terminal as a user's shell starts it, with its cache in `cache`. */
function demo(cache: string, state: string, env: Record<string, string> = {}): PtyRun {
  // runInPty starts from this process's environment: without the NODE_COMPILE_CACHE the test run
  // sets (Node would use that folder instead) or a NODE_DISABLE_COMPILE_CACHE.
  const saved = { off: process.env.NODE_DISABLE_COMPILE_CACHE, dir: process.env.NODE_COMPILE_CACHE };
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
  delete process.env.NODE_COMPILE_CACHE;
  try {
    return runInPty(['--demo'], { XDG_CACHE_HOME: cache, XDG_STATE_HOME: state, ...env });
  } finally {
    if (saved.off !== undefined) process.env.NODE_DISABLE_COMPILE_CACHE = saved.off;
    if (saved.dir !== undefined) process.env.NODE_COMPILE_CACHE = saved.dir;
  }
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe('the compile cache', () => {
  it('is written once the first frame is up, even when the TUI is killed, and read by the next start', async () => {
    const cache = tempDir();
    const state = tempDir();
    const first = demo(cache, state);
    try {
      await first.waitFor('acme-outdoor', 20_000);
      await until(() => cached(cache).length > 0, 5000);
    } finally {
      first.kill(); // as a dropped link ends it: no clean exit
      await first.exited;
    }
    const files = cached(cache);
    expect(files.length).toBeGreaterThan(0);

    const second = demo(cache, state);
    try {
      await second.waitFor('acme-outdoor', 20_000);
      second.write('q');
      expect((await second.exited).exitCode).toBe(0);
    } finally {
      second.kill();
    }
    expect(cached(cache).sort()).toEqual(files.sort());

    const untouched = tempDir();
    const env: Record<string, string | undefined> = { ...process.env, XDG_CACHE_HOME: untouched };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    delete env.NODE_COMPILE_CACHE;
    for (const flag of ['--version', '--help']) expect(spawnSync(process.execPath, [BIN, flag], { encoding: 'utf8', env }).status).toBe(0);
    expect(cached(untouched)).toEqual([]);
  }, 60_000);

  it('that cannot be made changes nothing', async () => {
    const dir = tempDir();
    const notAFolder = join(dir, 'file');
    writeFileSync(notAFolder, 'x');
    const tui = demo(notAFolder, dir);
    try {
      await tui.waitFor('acme-outdoor', 20_000);
      tui.write('q');
      expect((await tui.exited).exitCode).toBe(0);
    } finally {
      tui.kill();
    }
    expect(tui.output()).not.toMatch(/cache|EEXIST|ENOTDIR/i);
  }, 40_000);

  it('of the third-party scripts: written once, taken by the next start, made again when damaged, none when turned off', async () => {
    const cache = tempDir();
    const state = tempDir();
    const start = async (dir = cache, env: Record<string, string> = {}) => {
      const tui = demo(dir, state, env);
      try {
        await tui.waitFor('acme-outdoor', 20_000);
        await new Promise((r) => setTimeout(r, 500)); // the cache is written once the first frame is up
        tui.write('q');
        expect((await tui.exited).exitCode).toBe(0);
      } finally {
        tui.kill();
      }
    };
    await start();
    const files = depScriptCaches(cache);
    expect(files).toHaveLength(2);
    const [net, ui] = files;
    expect(net).toMatch(/net-deps-[0-9a-f]{12}\.js\.v[\d.]+-\w+\.v8$/);
    expect(ui).toMatch(/ui-deps-[0-9a-f]{12}\.js\.v[\d.]+-\w+\.v8$/);
    const made = files.map((f) => statSync(f).mtimeMs);
    await start();
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(made); // taken as they were: V8 accepted them

    for (const file of files) writeFileSync(file, 'not a code cache');
    await start();
    expect(depScriptCaches(cache)).toEqual(files);
    for (const file of files) expect(readFileSync(file).length).toBeGreaterThan(50_000);

    const off = tempDir();
    await start(off, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(depScriptCaches(off)).toEqual([]);
  }, 90_000);
});
