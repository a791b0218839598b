// A cache folder that cannot be made where the file system answers ENOENT to a new name (under
// /proc) changes nothing: Node's own module.enableCompileCache would make it as
// `mkdirSync(dir, { recursive: true })` does and spin for ever at full CPU there; the app makes it
// first (src/util/make-folder.ts) and goes without a cache when it cannot.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/emulator.js';

/** The built CLI with `args` and `env` on top of this process's environment, ended after 10 s. */
function cli(args: string[], env: Record<string, string | undefined>) {
  const full: Record<string, string | undefined> = { ...process.env, ...env };
  // Node's own compile cache, as a user's shell has it: no folder of the test run's, not turned off.
  delete full.NODE_COMPILE_CACHE;
  delete full.NODE_DISABLE_COMPILE_CACHE;
  // No profile, token or API of the user's: the command says what it always says without one.
  for (const name of Object.keys(full)) if (name.startsWith('CDN_TUI_')) delete full[name];
  for (const [name, value] of Object.entries(full)) if (value === undefined) delete full[name];
  const started = Date.now();
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: full, timeout: 10_000, killSignal: 'SIGKILL' });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr, ms: Date.now() - started };
}

const LINT_NEEDS_API = 'cdn-tui lint: this command needs an API: --base-url and a token, or a profile (not --demo).\n';

describe('a cache folder under /proc', () => {
  it.each([
    ['XDG_CACHE_HOME=/proc/nope', { XDG_CACHE_HOME: '/proc/nope', XDG_CONFIG_HOME: tempDir() }],
    [
      'HOME=/proc/nope, no XDG folders',
      { HOME: '/proc/nope', XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, XDG_STATE_HOME: undefined },
    ],
  ])('%s: lint ends at once with its usual words and exit code', (_name, env) => {
    const run = cli(['lint', '/dev/null'], env);
    expect(run.signal).toBeNull();
    expect(run.ms).toBeLessThan(5000);
    expect(run.stderr).toBe(LINT_NEEDS_API);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
  });

  it('HOME=/proc/nope: completion prints its script and exits 0', () => {
    const run = cli(['completion', 'bash'], {
      HOME: '/proc/nope',
      XDG_CACHE_HOME: undefined,
      XDG_CONFIG_HOME: undefined,
      XDG_STATE_HOME: undefined,
    });
    expect(run.signal).toBeNull();
    expect(run.ms).toBeLessThan(5000);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('_cdn_tui()');
    expect(run.status).toBe(0);
  });
});
