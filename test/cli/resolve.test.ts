// Resolution of the API to talk to (docs/ux.md §1): flags > environment > profile, the config file's
// checks, --token-file, and the demo. Pure unit tests: env and paths are passed, the home is a temp dir.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TuiFlags } from '../../src/cli/args.js';
import { configPath } from '../../src/cli/config.js';
import { CliError } from '../../src/cli/errors.js';
import { resolveTui, type Resolution } from '../../src/cli/resolve.js';
import { tempDir } from '../helpers/emulator.js';

const PROD = { base_url: 'https://prod.example.test/', token: 'prod-token-1111' };
const STAGING = { base_url: 'https://staging.example.test', token: 'staging-token-2222' };

function flags(f: Partial<TuiFlags> = {}): TuiFlags {
  return { readOnly: false, demo: false, ...f };
}

/** A config file in a fresh temp dir (mode 0600 unless told), and an env that points to it. */
function config(content: unknown, mode = 0o600): { path: string; env: Record<string, string>; home: string } {
  const dir = tempDir('cdn-tui-cli-');
  const path = join(dir, 'config.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content), { mode });
  chmodSync(path, mode);
  return { path, env: { CDN_TUI_CONFIG: path }, home: dir };
}

const standard = () => config({ profiles: { prod: PROD, staging: STAGING }, default: 'prod' });

function api(r: Resolution) {
  if (r.kind !== 'api') throw new Error(`expected an API, got ${r.kind}`);
  return r;
}

function failure(fn: () => unknown): CliError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CliError) return e;
    throw e;
  }
  throw new Error('expected a CliError');
}

describe('precedence: flags > environment > profile', () => {
  it('takes the default profile when nothing else is given; the label is the profile name', () => {
    const c = standard();
    const r = api(resolveTui(flags(), { env: c.env, home: c.home }));
    expect(r).toMatchObject({ baseUrl: 'https://prod.example.test', token: PROD.token, label: 'prod', readOnly: false });
    expect(r.notice).toBeUndefined();
  });

  it('environment beats the profile, field by field', () => {
    const c = standard();
    const r = api(resolveTui(flags(), { env: { ...c.env, CDN_TUI_TOKEN: 'env-token-3333' }, home: c.home }));
    expect(r).toMatchObject({ baseUrl: 'https://prod.example.test', token: 'env-token-3333', label: 'prod' });
    const r2 = api(resolveTui(flags(), { env: { ...c.env, CDN_TUI_BASE_URL: 'http://env.example.test:8080' }, home: c.home }));
    expect(r2).toMatchObject({ baseUrl: 'http://env.example.test:8080', token: PROD.token, label: 'prod' });
    // the profile's token now goes to another API: said in the status line
    expect(r2.notice).toContain('http://env.example.test:8080');
    expect(r2.notice).not.toContain(PROD.token);
  });

  it('flags beat the environment and the profile', () => {
    const c = standard();
    const env = { ...c.env, CDN_TUI_BASE_URL: 'http://env.example.test', CDN_TUI_TOKEN: 'env-token-3333' };
    const r = api(resolveTui(flags({ baseUrl: 'https://flag.example.test:8443/api/', token: 'flag-token-4444' }), { env, home: c.home }));
    expect(r).toMatchObject({ baseUrl: 'https://flag.example.test:8443/api', token: 'flag-token-4444', label: 'flag.example.test:8443' });
    expect(r.profile).toBeUndefined();
    const r2 = api(resolveTui(flags({ token: 'flag-token-4444' }), { env, home: c.home }));
    expect(r2).toMatchObject({ baseUrl: 'http://env.example.test', token: 'flag-token-4444', label: 'env.example.test' });
  });

  it("--profile beats CDN_TUI_PROFILE, which beats the file's default", () => {
    const c = standard();
    expect(api(resolveTui(flags(), { env: { ...c.env, CDN_TUI_PROFILE: 'staging' }, home: c.home })).token).toBe(STAGING.token);
    const r = api(resolveTui(flags({ profile: 'prod' }), { env: { ...c.env, CDN_TUI_PROFILE: 'staging' }, home: c.home }));
    expect(r).toMatchObject({ token: PROD.token, label: 'prod' });
  });

  it('a named profile still yields to flags and environment for its fields', () => {
    const c = standard();
    const r = api(resolveTui(flags({ profile: 'staging', token: 'flag-token-4444' }), { env: c.env, home: c.home }));
    expect(r).toMatchObject({ baseUrl: STAGING.base_url, token: 'flag-token-4444', label: 'staging' });
  });

  it('does not read the config file when flags and environment say everything', () => {
    const c = config('{ not json');
    const r = api(
      resolveTui(flags({ baseUrl: 'http://127.0.0.1:4010' }), { env: { ...c.env, CDN_TUI_TOKEN: 'env-token-3333' }, home: c.home }),
    );
    expect(r).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', token: 'env-token-3333', label: '127.0.0.1:4010' });
  });

  it('uses a profile named "default" when the file names no default', () => {
    const c = config({ profiles: { default: PROD } });
    expect(api(resolveTui(flags(), { env: c.env, home: c.home })).label).toBe('default');
  });

  it('carries --read-only', () => {
    const c = standard();
    expect(resolveTui(flags({ readOnly: true }), { env: c.env, home: c.home }).readOnly).toBe(true);
  });
});

describe('where the config file is', () => {
  it('CDN_TUI_CONFIG, else $XDG_CONFIG_HOME/cdn-tui/config.json, else ~/.config/cdn-tui/config.json', () => {
    expect(configPath({ CDN_TUI_CONFIG: '/etc/x.json', XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/etc/x.json');
    expect(configPath({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/xdg/cdn-tui/config.json');
    expect(configPath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/cdn-tui/config.json');
    expect(configPath({}, '/home/u')).toBe('/home/u/.config/cdn-tui/config.json');
  });

  it('finds the profile through XDG_CONFIG_HOME', () => {
    const xdg = tempDir('cdn-tui-xdg-');
    mkdirSync(join(xdg, 'cdn-tui'), { mode: 0o700 });
    writeFileSync(join(xdg, 'cdn-tui', 'config.json'), JSON.stringify({ profiles: { prod: PROD }, default: 'prod' }), { mode: 0o600 });
    expect(api(resolveTui(flags(), { env: { XDG_CONFIG_HOME: xdg }, home: tempDir() })).label).toBe('prod');
  });
});

describe('the demo', () => {
  it('runs when no base URL and no token come from anywhere (no file at all)', () => {
    const home = tempDir();
    const r = resolveTui(flags(), { env: { CDN_TUI_CONFIG: join(home, 'missing.json') }, home });
    expect(r.kind).toBe('demo');
    expect(r.notice).toMatch(/demo/);
  });

  it('runs when the file has profiles but no default', () => {
    const c = config({ profiles: { prod: PROD } });
    expect(resolveTui(flags(), { env: c.env, home: c.home }).kind).toBe('demo');
  });

  it('--demo wins over everything configured, without reading the file', () => {
    const c = config('{ not json');
    const r = resolveTui(flags({ demo: true, readOnly: true, baseUrl: 'https://x.test', token: 'flag-token-4444' }), {
      env: c.env,
      home: c.home,
    });
    expect(r).toMatchObject({ kind: 'demo', readOnly: true });
    expect(r.notice).toContain('--base-url');
    expect(r.notice).not.toContain('flag-token-4444');
  });
});

describe('the config file is checked', () => {
  it('refuses a file with a token that group or others can read, naming the chmod that fixes it', () => {
    for (const mode of [0o644, 0o640, 0o604]) {
      const c = config({ profiles: { prod: PROD }, default: 'prod' }, mode);
      const e = failure(() => resolveTui(flags(), { env: c.env, home: c.home }));
      expect(e.exitCode).toBe(1);
      expect(e.message).toContain(`chmod 600 ${c.path}`);
      expect(e.message).toContain(`mode 0${mode.toString(8)}`);
      expect(e.message).not.toContain(PROD.token);
      expect(e.message.split('\n')).toHaveLength(1);
    }
  });

  it('quotes a path with spaces in the chmod command', () => {
    const dir = join(tempDir(), 'my config');
    mkdirSync(dir);
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { prod: PROD }, default: 'prod' }), { mode: 0o644 });
    chmodSync(path, 0o644);
    const e = failure(() => resolveTui(flags(), { env: { CDN_TUI_CONFIG: path }, home: dir }));
    expect(e.message).toContain(`chmod 600 '${path}'`);
  });

  it('accepts a readable file that holds no token', () => {
    const c = config({ profiles: { prod: { base_url: 'https://prod.example.test' } }, default: 'prod' }, 0o644);
    const r = api(resolveTui(flags({ token: 'flag-token-4444' }), { env: c.env, home: c.home }));
    expect(r).toMatchObject({ baseUrl: 'https://prod.example.test', label: 'prod' });
  });

  it('an unknown profile: one sentence listing the known ones, exit 2', () => {
    const c = standard();
    const e = failure(() => resolveTui(flags({ profile: 'qa' }), { env: c.env, home: c.home }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toContain('"qa"');
    expect(e.message).toContain('"prod", "staging"');
    const fromEnv = failure(() => resolveTui(flags(), { env: { ...c.env, CDN_TUI_PROFILE: 'qa' }, home: c.home }));
    expect(fromEnv.exitCode).toBe(2);
    expect(fromEnv.message).toContain('CDN_TUI_PROFILE');
    const none = failure(() => resolveTui(flags({ profile: 'qa' }), { env: { CDN_TUI_CONFIG: join(c.home, 'nope.json') }, home: c.home }));
    expect(none.exitCode).toBe(2);
    expect(none.message).toContain('cdn-tui login --profile qa');
  });

  it('a default naming a missing profile is an error of the file (exit 1)', () => {
    const c = config({ profiles: { prod: PROD }, default: 'qa' });
    const e = failure(() => resolveTui(flags(), { env: c.env, home: c.home }));
    expect(e.exitCode).toBe(1);
    expect(e.message).toContain(c.path);
  });

  it('a malformed file: the path and the JSON problem with its place, exit 1, no token shown', () => {
    const text = `{"profiles": {"prod": {"base_url": "https://x.test", "token": prod-token-1111}}}`;
    const c = config(text);
    const e = failure(() => resolveTui(flags(), { env: c.env, home: c.home }));
    expect(e.exitCode).toBe(1);
    expect(e.message).toContain(c.path);
    expect(e.message).toMatch(new RegExp(`not valid JSON: unexpected character at line 1 column ${text.indexOf('prod-token') + 1}$`));
    expect(e.message).not.toContain('prod-token');
    const trailing = config('{"profiles": {},\n}');
    expect(failure(() => resolveTui(flags(), { env: trailing.env, home: trailing.home })).message).toMatch(/line 2 column 1/);
    const empty = config('');
    expect(failure(() => resolveTui(flags(), { env: empty.env, home: empty.home })).message).toMatch(/not valid JSON: unexpected end/);
  });

  it('a file of the wrong shape: which part is wrong', () => {
    for (const [content, problem] of [
      ['[]', 'JSON object'],
      ['{"profiles": []}', '"profiles" must be an object'],
      ['{"profiles": {"prod": "x"}}', 'profile "prod" must be an object'],
      ['{"profiles": {"prod": {"token": 5}}}', '"token" of profile "prod" must be a string'],
      ['{"profiles": {}, "default": 1}', '"default" must be'],
    ] as const) {
      const c = config(content);
      const e = failure(() => resolveTui(flags(), { env: c.env, home: c.home }));
      expect(e.exitCode, content).toBe(1);
      expect(e.message, content).toContain(problem);
      expect(e.message, content).toContain(c.path);
    }
  });
});

/** A token file with this mode (chmod'ed, so the umask does not decide). */
function tokenFile(dir: string, text: string, mode = 0o600): string {
  const file = join(dir, 'token');
  writeFileSync(file, text, { mode });
  chmodSync(file, mode);
  return file;
}

describe('--token-file', () => {
  it('reads the token, trimmed, and beats CDN_TUI_TOKEN', () => {
    const dir = tempDir();
    const file = tokenFile(dir, '  file-token-5555\n\n');
    const r = api(
      resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', tokenFile: file }), {
        env: { CDN_TUI_TOKEN: 'env-token-3333', CDN_TUI_CONFIG: join(dir, 'no.json') },
        home: dir,
      }),
    );
    expect(r.token).toBe('file-token-5555');
  });

  it('a missing or empty token file: one sentence naming it, exit 1', () => {
    const dir = tempDir();
    const missing = failure(() =>
      resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', tokenFile: join(dir, 'absent') }), { env: {}, home: dir }),
    );
    expect(missing.exitCode).toBe(1);
    expect(missing.message).toBe(`cannot read the token file ${join(dir, 'absent')}: no such file`);
    writeFileSync(join(dir, 'blank'), ' \n');
    const blank = failure(() =>
      resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', tokenFile: join(dir, 'blank') }), { env: {}, home: dir }),
    );
    expect(blank.message).toContain('is empty');
  });

  it('refuses a token file that group or others can read, as the config file, naming the chmod that fixes it', () => {
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      const dir = tempDir();
      const file = tokenFile(dir, 'file-token-6666\n', mode);
      // Refused, not skipped: CDN_TUI_TOKEN does not stand in for a token file that was given.
      const e = failure(() =>
        resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', tokenFile: file }), {
          env: { CDN_TUI_TOKEN: 'env-token-3333', CDN_TUI_CONFIG: join(dir, 'no.json') },
          home: dir,
        }),
      );
      expect(e.exitCode).toBe(1);
      expect(e.message).toBe(
        `the token file ${file} holds a token but other users can read it (mode 0${mode.toString(8)}), so it was not used; "chmod 600 ${file}" fixes that`,
      );
      expect(e.message).not.toContain('file-token-6666');
    }
  });

  it('reads a pipe whatever its mode (--token-file <(pass show cdn) keeps working)', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'token-pipe');
    expect(spawnSync('mkfifo', ['-m', '644', fifo]).status).toBe(0);
    // The writer runs in its own process: reading the pipe blocks this one until it writes.
    const writer = spawn('sh', ['-c', 'printf "pipe-token-8888\\n" > "$1"', 'sh', fifo], { stdio: 'ignore' });
    try {
      const r = api(
        resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', tokenFile: fifo }), { env: { CDN_TUI_CONFIG: join(dir, 'no.json') }, home: dir }),
      );
      expect(r.token).toBe('pipe-token-8888');
    } finally {
      if (writer.exitCode === null) await once(writer, 'exit');
    }
  });
});

describe('bad settings are usage errors (exit 2) that never show the token', () => {
  const home = tempDir();
  const env = { CDN_TUI_CONFIG: join(home, 'none.json') };
  it.each([
    ['ftp://files.example.test', /must start with http:\/\/ or https:\/\//],
    ['not a url', /is not a URL/],
    ['https://user:pw@x.example.test', /must not carry a user name or password/],
    ['https://x.example.test/?a=1', /query/],
  ])('base URL %s', (baseUrl, pattern) => {
    const e = failure(() => resolveTui(flags({ baseUrl, token: 'flag-token-4444' }), { env, home }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(pattern);
    expect(e.message).not.toContain('flag-token-4444');
    expect(e.message).not.toContain(':pw@');
  });

  it('a token without a base URL, a base URL without a token, a token with spaces', () => {
    const t = failure(() => resolveTui(flags(), { env: { ...env, CDN_TUI_TOKEN: 'env-token-3333' }, home }));
    expect(t.exitCode).toBe(2);
    expect(t.message).toContain('CDN_TUI_TOKEN');
    expect(t.message).not.toContain('env-token-3333');
    const b = failure(() => resolveTui(flags({ baseUrl: 'http://127.0.0.1:1' }), { env, home }));
    expect(b.exitCode).toBe(2);
    expect(b.message).toMatch(/no token/);
    const s = failure(() => resolveTui(flags({ baseUrl: 'http://127.0.0.1:1', token: 'two words' }), { env, home }));
    expect(s.exitCode).toBe(2);
    expect(s.message).not.toContain('two words');
  });

  it('a profile without a token says how to get one', () => {
    const c = config({ profiles: { prod: { base_url: 'https://prod.example.test' } }, default: 'prod' });
    const e = failure(() => resolveTui(flags(), { env: c.env, home: c.home }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toContain('cdn-tui login --profile prod');
  });
});
