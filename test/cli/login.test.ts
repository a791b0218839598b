// `cdn-tui login` end to end: the built CLI in a pseudo-terminal against a child emulator; the
// password is typed without echo, the token lands in the profile (0600 file, 0700 folder).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, emulatorFixture, tempDir } from '../helpers/emulator.js';
import { runInPty } from './pty.js';

const CFG = '/content_delivery/configurations';
// A child process: the CLI runs here with spawnSync, which would stop an emulator in this process.
const emu = emulatorFixture(['--host', '127.0.0.1', '--user', 'alice:secret=view,edit'], { child: true });

function readProfiles(xdg: string): { profiles: Record<string, { base_url: string; token: string }>; default?: string } {
  return JSON.parse(readFileSync(join(xdg, 'cdn-tui', 'config.json'), 'utf8'));
}

describe('cdn-tui login in a terminal', () => {
  it('asks, saves a working token in the profile, 0600 in 0700, and never shows the password', async () => {
    const xdg = tempDir('cdn-tui-login-');
    const run = runInPty(['login', '--base-url', emu.url, '--profile', 'ci'], { XDG_CONFIG_HOME: xdg });
    try {
      await run.waitFor('User name: ');
      run.write('alice\r');
      await run.waitFor('Password: ');
      run.write('secret\r');
      const { exitCode } = await run.exited;
      expect(exitCode, run.output()).toBe(0);
    } finally {
      run.kill();
    }
    const out = run.output();
    expect(out).not.toContain('secret');
    expect(out).toContain('alice');
    expect(out).toMatch(
      new RegExp(
        `Logged in to ${emu.url.replace(/\./g, '\\.')} as alice; token saved to profile "ci" \\(expires \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)\\.`,
      ),
    );

    const file = join(xdg, 'cdn-tui', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(xdg, 'cdn-tui')).mode & 0o777).toBe(0o700);
    const config = readProfiles(xdg);
    expect(config.default).toBe('ci');
    expect(config.profiles.ci!.base_url).toBe(emu.url);
    const token = config.profiles.ci!.token;
    expect(token).toMatch(/^\S{16,}$/);
    expect(out).not.toContain(token);
    expect((await emu.call('GET', CFG, { token })).status).toBe(200);
  });

  it('a wrong password: one sentence, exit 1, nothing written', async () => {
    const xdg = tempDir('cdn-tui-login-');
    const run = runInPty(['login', '--base-url', emu.url, '--profile', 'ci'], { XDG_CONFIG_HOME: xdg });
    try {
      await run.waitFor('User name: ');
      run.write('alice\r');
      await run.waitFor('Password: ');
      run.write('wrong-guess\r');
      expect((await run.exited).exitCode).toBe(1);
    } finally {
      run.kill();
    }
    expect(run.output()).toContain('cdn-tui login: the API refused the user name or password.');
    expect(run.output()).not.toContain('wrong-guess');
    expect(run.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(join(xdg, 'cdn-tui', 'config.json'))).toBe(false);
  });

  it('Backspace edits the password; other profiles and the default are kept', async () => {
    const xdg = tempDir('cdn-tui-login-');
    mkdirSync(join(xdg, 'cdn-tui'), { mode: 0o700 });
    const before = {
      profiles: { prod: { base_url: 'https://prod.example.test', token: 'prod-token-1111' } },
      default: 'prod',
      theme: 'dark',
    };
    writeFileSync(join(xdg, 'cdn-tui', 'config.json'), JSON.stringify(before), { mode: 0o600 });
    const run = runInPty(['login', '--base-url', emu.url, '--profile', 'ci'], { XDG_CONFIG_HOME: xdg });
    try {
      await run.waitFor('User name: ');
      run.write('alice\r');
      await run.waitFor('Password: ');
      run.write('secrex\x7ft\r');
      expect((await run.exited).exitCode, run.output()).toBe(0);
    } finally {
      run.kill();
    }
    const config = readProfiles(xdg) as ReturnType<typeof readProfiles> & { theme?: string };
    expect(config.profiles.prod).toEqual(before.profiles.prod);
    expect(config.default).toBe('prod');
    expect(config.theme).toBe('dark');
    expect((await emu.call('GET', CFG, { token: config.profiles.ci!.token })).status).toBe(200);
  });

  it('Ctrl-C at the password prompt cancels: exit 130, nothing written', async () => {
    const xdg = tempDir('cdn-tui-login-');
    const run = runInPty(['login', '--base-url', emu.url], { XDG_CONFIG_HOME: xdg });
    try {
      await run.waitFor('User name: ');
      run.write('alice\r');
      await run.waitFor('Password: ');
      run.write('sec\x03');
      expect((await run.exited).exitCode).toBe(130);
    } finally {
      run.kill();
    }
    expect(run.output()).toContain('cdn-tui login: cancelled.');
    expect(existsSync(join(xdg, 'cdn-tui', 'config.json'))).toBe(false);
  });
});

describe('cdn-tui login without a terminal', () => {
  const login = (args: string[], input: string, env: Record<string, string>) =>
    spawnSync(process.execPath, [BIN, 'login', ...args], { input, encoding: 'utf8', timeout: 15_000, env: { ...process.env, ...env } });

  it('--user NAME --password-stdin: saves to the "default" profile', async () => {
    const xdg = tempDir('cdn-tui-login-');
    const r = login(['--base-url', emu.url, '--user', 'alice', '--password-stdin'], 'secret\n', { XDG_CONFIG_HOME: xdg });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Logged in to .* as alice; token saved to profile "default" \(expires .*\)\.\n$/);
    expect(r.stdout + r.stderr).not.toContain('secret');
    const config = readProfiles(xdg);
    expect(config.default).toBe('default');
    expect((await emu.call('GET', CFG, { token: config.profiles.default!.token })).status).toBe(200);
  });

  it('refuses to read a password from a pipe without --password-stdin (exit 2, one line)', () => {
    const xdg = tempDir('cdn-tui-login-');
    const r = login(['--base-url', emu.url], 'alice\nsecret\n', { XDG_CONFIG_HOME: xdg });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--password-stdin');
    expect(r.stdout).toBe('');
  });

  it('an unreachable API: one sentence, exit 1', () => {
    const xdg = tempDir('cdn-tui-login-');
    const r = login(['--base-url', 'http://127.0.0.1:1', '--user', 'alice', '--password-stdin'], 'secret', { XDG_CONFIG_HOME: xdg });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^cdn-tui login: cannot reach 127\.0\.0\.1:1\b.*\n$/);
    expect(r.stderr).not.toContain('secret');
  });

  it('a malformed config file is reported and left alone', () => {
    const xdg = tempDir('cdn-tui-login-');
    mkdirSync(join(xdg, 'cdn-tui'));
    writeFileSync(join(xdg, 'cdn-tui', 'config.json'), '{"profiles": ');
    const r = login(['--base-url', emu.url, '--user', 'alice', '--password-stdin'], 'secret', { XDG_CONFIG_HOME: xdg });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('is not valid JSON');
    expect(readFileSync(join(xdg, 'cdn-tui', 'config.json'), 'utf8')).toBe('{"profiles": ');
  });

  it('no base URL anywhere: exit 2', () => {
    const xdg = tempDir('cdn-tui-login-');
    const r = login(['--user', 'alice', '--password-stdin'], 'secret', { XDG_CONFIG_HOME: xdg, CDN_TUI_BASE_URL: '' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--base-url');
  });
});
