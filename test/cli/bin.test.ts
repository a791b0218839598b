// The built bin as a user meets it: fast --help/--version, one line and exit 2 without a terminal,
// one sentence (never a stack) for bad usage and bad settings.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/emulator.js';
import { runInPty } from './pty.js';

const NO_TTY = 'cdn-tui: needs an interactive terminal (stdin and stdout must be a TTY); try ssh -t\n';

function run(args: string[], env: Record<string, string> = {}) {
  const start = Date.now();
  const r = spawnSync(process.execPath, [BIN, ...args], {
    stdio: 'pipe',
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, ...env },
  });
  return { ...r, ms: Date.now() - start };
}

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('the built cdn-tui', () => {
  it('--help and --version are fast and print no stack', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    for (const word of ['--base-url', '--token-file', '--profile', '--read-only', '--demo', 'login', 'serve', 'CDN_TUI_CONFIG', 'chmod']) {
      expect(help.stdout).toContain(word === 'chmod' ? '0600' : word);
    }
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^cdn-tui \d+\.\d+\.\d+/);
    expect(version.stderr).toBe('');
    for (const r of [help, version]) expect(r.ms).toBeLessThan(2000);
    const loginHelp = run(['login', '--help']);
    expect(loginHelp.stdout).toContain('--password-stdin');
  });

  it('without a terminal (pipes, no args): one line on stderr, exit 2, nothing else, fast', () => {
    for (const args of [[], ['--demo'], ['--base-url', 'http://127.0.0.1:1', '--token', 'pipe-token-9999']]) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(NO_TTY);
      expect(r.stdout).toBe('');
      expect(r.ms).toBeLessThan(2000);
    }
  });

  it('bad usage: one sentence, exit 2', () => {
    for (const args of [['--bogus'], ['--base-url'], ['--token', 'a', '--token-file', 'b'], ['extra']]) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^cdn-tui: /);
      expect(r.stdout).toBe('');
    }
  });
});

describe('settings errors in a terminal: one sentence, never a stack, the token never shown', () => {
  async function inPty(args: string[], env: Record<string, string>) {
    const term = runInPty(args, env);
    try {
      const { exitCode } = await term.exited;
      return { exitCode, output: term.output() };
    } finally {
      term.kill();
    }
  }

  it('a config file others can read: exit 1 with the chmod', async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { p: { base_url: 'http://127.0.0.1:1', token: 'file-token-7777' } }, default: 'p' }), {
      mode: 0o644,
    });
    const r = await inPty([], { CDN_TUI_CONFIG: path });
    expect(r.exitCode).toBe(1);
    expect(r.output).toContain(`chmod 600 ${path}`);
    expect(r.output).not.toContain('file-token-7777');
    expect(r.output.trim().split('\n')).toHaveLength(1);
  });

  it('a token file others can read: exit 1 with the chmod, the token never shown', async () => {
    const dir = tempDir();
    const file = join(dir, 'token');
    writeFileSync(file, 'file-token-9999\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    const r = await inPty(['--base-url', 'http://127.0.0.1:1', '--token-file', file], { CDN_TUI_CONFIG: join(dir, 'none.json') });
    expect(r.exitCode).toBe(1);
    expect(r.output.trim()).toBe(
      `cdn-tui: the token file ${file} holds a token but other users can read it (mode 0644), so it was not used; "chmod 600 ${file}" fixes that.`,
    );
    expect(r.output).not.toContain('file-token-9999');
  });

  it('an unknown profile: exit 2', async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { prod: {}, staging: {} } }), { mode: 0o600 });
    const r = await inPty(['--profile', 'qa'], { CDN_TUI_CONFIG: path });
    expect(r.exitCode).toBe(2);
    expect(r.output).toContain('known profiles: "prod", "staging"');
  });

  it('a missing token file and a bad base URL', async () => {
    const dir = tempDir();
    const env = { CDN_TUI_CONFIG: join(dir, 'none.json') };
    const missing = await inPty(['--base-url', 'http://127.0.0.1:1', '--token-file', join(dir, 'nope')], env);
    expect(missing.exitCode).toBe(1);
    expect(missing.output.trim()).toBe(`cdn-tui: cannot read the token file ${join(dir, 'nope')}: no such file.`);
    const bad = await inPty(['--base-url', 'ftp://x.test', '--token', 'flag-token-4444'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.output).not.toContain('flag-token-4444');
    noStack(missing.output + bad.output);
  });
});

describe('the demo in a terminal', () => {
  it('starts the embedded emulator, shows DEMO, and exits 0 soon after q', async () => {
    const term = runInPty(['--demo'], { XDG_CONFIG_HOME: tempDir(), XDG_STATE_HOME: tempDir(), CDN_TUI_CONFIG: '' });
    try {
      await term.waitFor('DEMO', 15_000);
      await term.waitFor('configurations', 15_000);
      const start = Date.now();
      term.write('q');
      expect((await term.exited).exitCode).toBe(0);
      expect(Date.now() - start).toBeLessThan(3000);
      noStack(term.output());
    } finally {
      term.kill();
    }
  });
});

describe('output to a reader that stops early', () => {
  it('`cdn-tui diff … | head -n 1`: the first line, and no error when the pipe closes (EPIPE)', () => {
    const dir = tempDir();
    const side = (name: string, n: number) => {
      const rules = Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        path: `/${name}/${String(i)}/`,
        regex: false,
        behavior: 'delivery',
      }));
      const file = {
        format: 'cdn-tui.configuration',
        version: 1,
        configuration: { id: 1, name },
        cache_settings: [],
        rules,
        error_responses: {},
        fingerprints: {},
      };
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(file));
      return join(dir, `${name}.json`);
    };
    // Some 2 MB of difference: far more than a pipe holds, so the writer meets the closed pipe.
    const [a, b] = [side('left', 6000), side('right', 6000)];
    const r = spawnSync('sh', ['-c', '"$0" "$1" diff "$2" "$3" | head -n 1', process.execPath, BIN, a, b], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout).toMatch(/^--- /);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toBe('');
  });
});
