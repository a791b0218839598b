// Logging in again inside the TUI (issue 21): POST /tokens on the running client, the token saved
// to the profile as `cdn-tui login` saves it (0600, the profile's other keys and other profiles
// kept), the client switched to it; where the rejected token came from, said in the message; and
// where resolve says a login saves (the profile in use, else the one named, else "default").
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import type { TuiFlags } from '../../src/cli/args.js';
import { loginKeeper, loginNote } from '../../src/cli/login-keeper.js';
import { createRelogin } from '../../src/shell/relogin.js';
import { resolveTui, type LoginTarget } from '../../src/cli/resolve.js';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';

const emu = emulatorFixture(['--user', 'alice:pass-word-9', '--token', 'first-token-1111', '--seed', 'demo']);

function target(extra: Partial<LoginTarget> = {}): LoginTarget {
  const dir = tempDir('cdn-tui-relogin-');
  return { tokenFrom: '--token', profile: 'default', path: join(dir, 'cdn-tui', 'config.json'), ...extra };
}

function readJson(path: string): { profiles: Record<string, Record<string, string>>; default?: string } {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('createRelogin', () => {
  it('a refused password: said, nothing saved, the client keeps its token', async () => {
    const api = createApiClient({ baseUrl: emu.url, token: 'revoked-token-0000', maxAttempts: 1 });
    const t = target();
    let after = 0;
    const login = createRelogin(api, loginKeeper(t), () => after++);
    expect(await login.logIn('alice', 'wrong')).toEqual({ ok: false, problem: 'the API refused the user name or password' });
    expect(await login.logIn('', 'x')).toEqual({ ok: false, problem: 'type the user name first' });
    expect(() => statSync(t.path)).toThrow();
    expect(after).toBe(0);
    await expect(api.list({ kind: 'configuration' })).rejects.toMatchObject({ status: 401 });
  });

  it('logged in: the token saved in the profile (0600, other keys and profiles kept), the client sends it, then `after` runs', async () => {
    const t = target({ profile: 'prod', caFile: '/etc/ssl/private-ca.pem' });
    mkdirSync(join(t.path, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(
      t.path,
      JSON.stringify({
        profiles: { prod: { base_url: 'http://old.example', token: 'x', note: 'kept' }, staging: { base_url: 'http://s.example' } },
        default: 'staging',
      }),
      { mode: 0o600 },
    );
    const api = createApiClient({ baseUrl: emu.url, token: 'revoked-token-0000', maxAttempts: 1 });
    let after = 0;
    const login = createRelogin(api, loginKeeper(t), () => after++);
    expect(login.title).toBe(`Log in again to ${emu.url}`);
    const outcome = await login.logIn('alice', 'pass-word-9');
    expect(outcome).toMatchObject({
      ok: true,
      said: expect.stringMatching(/^logged in as alice; token saved in profile "prod" \(expires \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/),
    });
    expect(after).toBe(1);
    const saved = readJson(t.path);
    expect(saved.default).toBe('staging');
    expect(saved.profiles.staging).toEqual({ base_url: 'http://s.example' });
    expect(saved.profiles.prod).toMatchObject({ base_url: emu.url, note: 'kept', ca_file: '/etc/ssl/private-ca.pem' });
    expect(saved.profiles.prod!.token).toMatch(/^\S{8,}$/);
    expect(statSync(t.path).mode & 0o777).toBe(0o600);
    // The client now sends the saved token: the API answers.
    const list = await api.list({ kind: 'configuration' });
    expect(list.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(outcome)).not.toContain(saved.profiles.prod!.token);
  });

  it('the profile file cannot be written: logged in for this run all the same, and said', async () => {
    const dir = tempDir('cdn-tui-relogin-');
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const api = createApiClient({ baseUrl: emu.url, token: 'revoked-token-0000', maxAttempts: 1 });
    const outcome = await createRelogin(api, loginKeeper(target({ path: join(blocker, 'config.json') })), () => undefined).logIn(
      'alice',
      'pass-word-9',
    );
    expect(outcome).toMatchObject({
      ok: true,
      said: expect.stringMatching(
        /^logged in as alice; this run uses the new token, but it was not saved: cannot (read|write) the config file .*config\.json: .*not-a-folder is a file, not a folder$/,
      ),
    });
    await expect(api.list({ kind: 'configuration' })).resolves.toBeDefined();
  });
});

describe('loginNote: where the rejected token came from', () => {
  it('a profile: its new token goes back there', () => {
    expect(loginNote(target({ tokenFrom: 'profile "prod"', profile: 'prod' }))).toBe(
      'The API rejected the token of profile "prod" (401: expired or revoked). Log in to get a new one: it is saved in profile "prod".',
    );
  });

  it.each(['--token', 'CDN_TUI_TOKEN', '--token-file /run/secrets/cdn'])(
    '%s: saved in a profile, used by this run, and the next start still takes the old one',
    (from) => {
      const t = target({ tokenFrom: from });
      expect(loginNote(t)).toBe(
        `The API rejected the token given by ${from} (401). Logging in here saves a new token in profile "default" (${t.path}) and this run switches to it; a new start with ${from} still sends the old one.`,
      );
    },
  );
});

describe('resolveTui: where a login inside the TUI saves', () => {
  const flags = (f: Partial<TuiFlags> = {}): TuiFlags => ({ readOnly: false, demo: false, ...f });
  const configWith = (content: unknown) => {
    const dir = tempDir('cdn-tui-cli-');
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify(content), { mode: 0o600 });
    return { path, env: { CDN_TUI_CONFIG: path }, home: dir };
  };
  const loginOf = (r: ReturnType<typeof resolveTui>) => (r.kind === 'api' ? r.login : undefined);

  it('the token of a profile: that profile', () => {
    const c = configWith({ profiles: { prod: { base_url: 'https://prod.example.test', token: 'prod-token-1111' } }, default: 'prod' });
    expect(loginOf(resolveTui(flags(), { env: c.env, home: c.home }))).toEqual({
      tokenFrom: 'profile "prod"',
      profile: 'prod',
      path: c.path,
    });
  });

  it('--token with --base-url: "default", as cdn-tui login; --profile or CDN_TUI_PROFILE names it; --ca-file saved as an absolute path', () => {
    const c = configWith({ profiles: { ops: { base_url: 'https://ops.example.test' } } });
    const given = { baseUrl: 'https://api.example.test', token: 'flag-token-2222' };
    expect(loginOf(resolveTui(flags(given), { env: c.env, home: c.home }))).toEqual({
      tokenFrom: '--token',
      profile: 'default',
      path: c.path,
    });
    expect(loginOf(resolveTui(flags({ ...given, profile: 'ops' }), { env: c.env, home: c.home }))).toMatchObject({
      tokenFrom: '--token',
      profile: 'ops',
    });
    const env = { ...c.env, CDN_TUI_TOKEN: 'env-token-3333', CDN_TUI_PROFILE: 'ops' };
    expect(loginOf(resolveTui(flags({ baseUrl: given.baseUrl }), { env, home: c.home }))).toMatchObject({
      tokenFrom: 'CDN_TUI_TOKEN',
      profile: 'ops',
    });
  });
});
