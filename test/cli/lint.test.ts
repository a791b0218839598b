// `cdn-tui lint [PROFILE:]ID|NAME|FILE|--all` against the emulator: configurations made broken
// through its HTTP API (https cnames on the shared certificate, a private origin address, an
// override of 0 s no rule uses, a catastrophic regex, a redirect to https over http) print one line
// each, exit 1; a clean one prints nothing, exit 0; --json, --ignore, an export file (holding what the
// API refuses), standard input, --all (paced, its waits said on stderr); bad usage exits 2, a
// configuration or file that cannot be read exits 4. Then the built command as a user runs it.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/args.js';
import { CliError } from '../../src/cli/errors.js';
import { parseLintArgs } from '../../src/cli/lint-args.js';
import { lintCommand } from '../../src/cli/lint.js';
import { exportCommand } from '../../src/cli/transfer.js';
import { LINT_USAGE } from '../../src/cli/usage.js';
import { LINT_CODES } from '../../src/lint/index.js';
import { BIN, emulatorFixture, tempDir, type EmulatorFixture } from '../helpers/emulator.js';

// application_acceleration: the API takes an override of 0 s (without it, at least 60).
const emu = emulatorFixture(['--products', 'application_acceleration']);
// 10 reads a 2 s window: --all waits, and says so.
const paced = emulatorFixture(['--products', 'application_acceleration', '--rate-limit', '10/1000', '--rate-window', '2']);
const CFG = '/content_delivery/configurations';

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `cdn-tui lint ARGS` in this process against `target`, as the user meets it: stdout, stderr (a failure's sentence) and the exit code. */
async function lint(args: readonly string[], target: EmulatorFixture = emu, stdin?: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io = { out: (t: string) => void (stdout += t), err: (t: string) => void (stderr += t) };
  const read =
    stdin === undefined ? undefined : (path: string) => (path === '-' ? stdin : Promise.reject(new Error(`unexpected read of ${path}`)));
  try {
    const command = parseCommand(['lint', ...args, '--base-url', target.url, '--token', target.token]);
    if (command.kind !== 'lint') throw new Error(`not the lint command: ${command.kind}`);
    return { status: await lintCommand(command.args, io, read), stdout, stderr };
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return { status: e.exitCode, stdout, stderr: stderr + e.message };
  }
}

/** Makes a configuration through the API, then `build` adds to it; its id and its Default Origin's. */
async function made(target: EmulatorFixture, body: Record<string, unknown>): Promise<{ id: number; origin: number }> {
  const reply = await target.call('POST', CFG, { body: { origin_host_header: 'origin.example.com', ...body } });
  expect(reply.status, reply.text).toBe(201);
  const id: number = reply.body.id;
  const origins = await target.call('GET', `${CFG}/${id}/origins`);
  return { id, origin: origins.body[0].id };
}

async function post(target: EmulatorFixture, path: string, body: Record<string, unknown>): Promise<number> {
  const reply = await target.call('POST', path, { body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id;
}

const cacheSetting = (name: string, ttl: number) => ({
  name,
  browser_cache_settings: false,
  cdn_cache_settings: 'override',
  cdn_cache_settings_maximum_ttl: ttl,
  cache_by_query_string: 'ignore',
  cache_by_cookies: 'ignore',
});
const rule = (origin: number, changes: Record<string, unknown>) => ({
  path: '/static/',
  regex: false,
  protocol_policy: 'http',
  behavior: 'delivery',
  path_origin_id: origin,
  ...changes,
});

let clean: { id: number; origin: number };
let broken: { id: number; origin: number; cache: number; rule: number };
let plain: { id: number; rule: number };

beforeAll(async () => {
  clean = await made(emu, { name: 'clean site', origin_address: 'origin.clean.example' });
  const week = await post(emu, `${CFG}/${clean.id}/cache_settings`, cacheSetting('static 7d', 604800));
  await post(emu, `${CFG}/${clean.id}/rules_engine`, rule(clean.origin, { cache_settings_id: week }));

  const b = await made(emu, { name: 'broken site', origin_address: '10.0.0.5' });
  expect(
    (await emu.call('PATCH', `${CFG}/${b.id}`, { body: { delivery_protocol: 'http,https', cname: ['www.broken.example'] } })).status,
  ).toBe(200);
  const cache = await post(emu, `${CFG}/${b.id}/cache_settings`, cacheSetting('no cache', 0));
  const ruleId = await post(emu, `${CFG}/${b.id}/rules_engine`, rule(b.origin, { path: '^/(a+)+$', regex: true }));
  broken = { ...b, cache, rule: ruleId };

  const p = await made(emu, { name: 'plain http site', origin_address: 'origin.plain.example' });
  plain = { id: p.id, rule: await post(emu, `${CFG}/${p.id}/rules_engine`, rule(p.origin, { protocol_policy: 'redirect_to_https' })) };
});

/** The lines of the broken site, in lint order: the configuration, its origins, cache settings, rules. */
const brokenLines = () => [
  `broken site (${broken.id}) · configuration broken site (${broken.id}) · shared_certificate_cnames: "www.broken.example" is served over https with the platform's shared certificate (digital_certificate is null), which does not cover it: browsers refuse https on it. [digital_certificate]`,
  `broken site (${broken.id}) · origin Default Origin (${broken.origin}) · origin_unreachable_address: "10.0.0.5" is a private-range address: the edge cannot reach it. [addresses]`,
  `broken site (${broken.id}) · cache_setting no cache (${broken.cache}) · override_zero_ttl: cdn_cache_settings "override" with cdn_cache_settings_maximum_ttl 0 caches nothing: every request goes to the origin. [cdn_cache_settings_maximum_ttl]`,
  `broken site (${broken.id}) · cache_setting no cache (${broken.cache}) · unused_cache_setting: cache setting "no cache" (${broken.cache}) is used by no rule (cache_settings_id): it has no effect. [id]`,
  `broken site (${broken.id}) · rule ^/(a+)+$ (${broken.rule}) · regex_catastrophic: "^/(a+)+$" repeats the group "(a+)+", which repeats something inside it too: a path that nearly matches makes the edge try exponentially many ways (catastrophic backtracking). [path]`,
];
const PLAIN_LINE = () =>
  `plain http site (${plain.id}) · rule /static/ (${plain.rule}) · https_redirect_on_http_site: protocol_policy "redirect_to_https" sends its requests to https, which the configuration does not serve (delivery_protocol "http"): they fail after the redirect. [protocol_policy]`;

describe('cdn-tui lint ID|NAME', () => {
  it('a configuration with no finding: nothing printed, exit 0, by id and by name', async () => {
    expect(await lint([String(clean.id)])).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(await lint(['clean site'])).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('findings: one line each in lint order, nothing else, exit 1', async () => {
    const out = await lint(['broken site']);
    expect(out).toEqual({
      status: 1,
      stdout: brokenLines()
        .map((l) => `${l}\n`)
        .join(''),
      stderr: '',
    });
    expect((await lint([String(plain.id)])).stdout).toBe(`${PLAIN_LINE()}\n`);
  });

  it('--json: one array, each finding with its configuration, kind, id, path or name, field, code and message', async () => {
    const out = await lint([String(broken.id), '--json']);
    expect(out.status).toBe(1);
    const items = JSON.parse(out.stdout);
    expect(items).toHaveLength(5);
    expect(items[1]).toEqual({
      configuration: { id: broken.id, name: 'broken site' },
      kind: 'origin',
      id: broken.origin,
      name: 'Default Origin',
      field: 'addresses',
      code: 'origin_unreachable_address',
      message: '"10.0.0.5" is a private-range address: the edge cannot reach it.',
    });
    expect(items[4]).toMatchObject({ kind: 'rule', id: broken.rule, path: '^/(a+)+$', field: 'path', code: 'regex_catastrophic' });
    expect(items[4]).not.toHaveProperty('name');
    expect(Object.keys(items[0])).toEqual(['configuration', 'kind', 'id', 'name', 'field', 'code', 'message']);
    expect(await lint([String(clean.id), '--json'])).toEqual({ status: 0, stdout: '[]\n', stderr: '' });
  });

  it('--ignore, repeatable and with commas, leaves those codes out; everything ignored is exit 0', async () => {
    const some = await lint(['broken site', '--ignore', 'unused_cache_setting,override_zero_ttl', '--ignore=regex_catastrophic']);
    expect(some.status).toBe(1);
    expect(some.stdout).toBe(`${brokenLines()[0]}\n${brokenLines()[1]}\n`);
    const all = await lint([
      'broken site',
      '--ignore',
      'shared_certificate_cnames,origin_unreachable_address',
      '--ignore',
      'unused_cache_setting',
      '--ignore',
      'override_zero_ttl',
      '--ignore',
      'regex_catastrophic',
    ]);
    expect(all).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});

describe('cdn-tui lint FILE', () => {
  /** An export file holding what the API refuses to write (as a hand-edited file, or data from before a check). */
  const file = {
    format: 'cdn-tui.configuration',
    version: 1,
    configuration: {
      id: 9,
      name: 'from a file',
      domain_name: 'f1.edge.example',
      delivery_protocol: 'http',
      digital_certificate: null,
      cname_access_only: true,
      cname: [],
    },
    cache_settings: [
      {
        id: 21,
        name: 'by page',
        cdn_cache_settings: 'honor',
        cache_by_query_string: 'whitelist',
        query_string_fields: [],
        cache_by_cookies: 'ignore',
        cookie_names: null,
      },
    ],
    rules: [
      { id: 31, path: '^/old/(', regex: true, protocol_policy: 'http', behavior: 'delivery', cache_settings_id: 21 },
      { id: 32, path: '/moved/', regex: false, protocol_policy: 'http', behavior: 'redirect', redirect_to: '' },
    ],
    error_responses: {},
    fingerprints: {},
  };
  const FILE_LINES = [
    'from a file (9) · configuration from a file (9) · cname_access_only_without_cname: cname_access_only is true but the configuration has no cname: it answers on no domain, not even its own "f1.edge.example". [cname_access_only]',
    'from a file (9) · cache_setting by page (21) · empty_vary_list: cache_by_query_string is "whitelist" but query_string_fields names no query string field: the cache ignores every query string field, so answers that differ by one are served from one cached copy. [query_string_fields]',
    'from a file (9) · rule ^/old/( (31) · regex_invalid: "^/old/(" is not a valid regular expression (Unterminated group): the rule matches no request. [path]',
    'from a file (9) · rule /moved/ (32) · redirect_without_target: behavior is "redirect" but redirect_to is "": the rule redirects its requests to nowhere. [redirect_to]',
  ].map((l) => `${l}\n`);

  it('an export file, what the API refuses included (a file without origins: no origin checked); standard input', async () => {
    const path = join(tempDir(), 'hand-edited.json');
    writeFileSync(path, JSON.stringify(file));
    expect(await lint([path])).toEqual({ status: 1, stdout: FILE_LINES.join(''), stderr: '' });
    expect(await lint(['-'], emu, JSON.stringify(file))).toEqual({ status: 1, stdout: FILE_LINES.join(''), stderr: '' });
  });

  it('a name or path with control characters is shown, never obeyed: still one line each; a record without an id has none', async () => {
    const hostile = {
      ...file,
      configuration: { ...file.configuration, name: 'evil\u001b]0;owned\u0007' },
      cache_settings: [],
      rules: [{ path: '^/a\n(', regex: true }],
    };
    const out = await lint(['-'], emu, JSON.stringify(hostile));
    expect(out.status).toBe(1);
    expect(out.stdout.split('\n')).toEqual([
      expect.stringMatching(
        /^evil\\u001b\]0;owned\\u0007 \(9\) · configuration evil\\u001b\]0;owned\\u0007 \(9\) · cname_access_only_without_cname: /,
      ),
      'evil\\u001b]0;owned\\u0007 (9) · rule ^/a\\u000a( · regex_invalid: "^/a\\n(" is not a valid regular expression (Unterminated group): the rule matches no request. [path]',
      '',
    ]);
  });

  it('cdn-tui export of a configuration reads as the configuration does', async () => {
    const path = join(tempDir(), 'broken.json');
    const quiet = { out: () => {}, err: () => {}, ask: async () => 'n', interactive: false };
    expect(await exportCommand({ baseUrl: emu.url, token: emu.token, readOnly: false, demo: false }, broken.id, path, quiet)).toBe(0);
    expect(await lint([path])).toEqual({
      status: 1,
      stdout: brokenLines()
        .map((l) => `${l}\n`)
        .join(''),
      stderr: '',
    });
  });
});

describe('cdn-tui lint --all', () => {
  it('every configuration in id order, lines as each is read; the count on stderr', async () => {
    const out = await lint(['--all']);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe([...brokenLines(), PLAIN_LINE()].map((l) => `${l}\n`).join(''));
    expect(out.stderr).toBe('checked 3 configurations: 6 findings\n');
    expect(await lint(['--all', '--ignore', LINT_CODES.join(',')])).toEqual({
      status: 0,
      stdout: '',
      stderr: 'checked 3 configurations: no finding\n',
    });
  });

  it('paced by the rate limit: each wait said on stderr with how far and the time left, every configuration checked', async () => {
    for (let i = 0; i < 3; i++) {
      const c = await made(paced, { name: `paced ${i}`, origin_address: '192.168.0.9' });
      expect(c.id).toBeGreaterThan(0);
    }
    const out = await lint(['--all', '--json'], paced);
    expect(out.status).toBe(1);
    expect(
      JSON.parse(out.stdout).map((f: { configuration: { name: string }; code: string }) => `${f.configuration.name}: ${f.code}`),
    ).toEqual(['paced 0: origin_unreachable_address', 'paced 1: origin_unreachable_address', 'paced 2: origin_unreachable_address']);
    // The first wait: the window's length is not known yet (a later one may say `10 reads/2 s`).
    expect(out.stderr).toMatch(/^checked [0-2] of 3 · rate limit reached · next in \d+ s · about \d+ s left$/m);
    for (const line of out.stderr.trimEnd().split('\n').slice(0, -1))
      expect(line).toMatch(/^checked [0-2] of 3 · rate limit (reached|10 reads\/[23] s) · next in \d+ s · about \d+ s left$/);
    expect(out.stderr.trimEnd().split('\n').at(-1)).toBe('checked 3 configurations: 3 findings');
    // export --all says its waits through the same helper (on the token's budget the lint left: it may know the window).
    let said = '';
    const flags = { baseUrl: paced.url, token: paced.token, readOnly: false, demo: false };
    expect(
      await exportCommand(flags, undefined, join(tempDir(), 'all'), {
        out: () => {},
        err: (t: string) => void (said += t),
        ask: async () => 'n',
        interactive: false,
      }),
    ).toBe(0);
    expect(said).toMatch(/^exported [0-2] of 3 · rate limit (reached|10 reads\/[23] s) · next in \d+ s · about \d+ s left$/m);
  }, 40_000);
});

describe('bad usage (exit 2) and what cannot be read (exit 4)', () => {
  it('an unknown code names the known ones; a missing or extra target, --all with a target, an unknown profile', async () => {
    const unknown = await lint(['broken site', '--ignore', 'regex_invalid,nope']);
    expect(unknown).toEqual({ status: 2, stdout: '', stderr: `"nope" is no lint code: the codes are ${LINT_CODES.join(', ')}` });
    expect((await lint(['broken site', '--ignore'])).status).toBe(2);
    expect(await lint([])).toMatchObject({
      status: 2,
      stderr: 'cdn-tui lint needs one configuration, [PROFILE:]ID|NAME or a file, or --all, not 0 (see cdn-tui lint --help)',
    });
    expect((await lint(['a', 'b'])).status).toBe(2);
    expect(await lint(['--all', 'broken site'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--all checks every configuration'),
    });
    const env = { ...process.env };
    process.env.CDN_TUI_CONFIG = join(tempDir(), 'none.json');
    try {
      expect(await lint(['nope:shop'])).toMatchObject({ status: 2, stdout: '', stderr: expect.stringMatching(/no profile "nope"/) });
    } finally {
      process.env.CDN_TUI_CONFIG = env.CDN_TUI_CONFIG;
      if (env.CDN_TUI_CONFIG === undefined) delete process.env.CDN_TUI_CONFIG;
    }
  });

  it('no such configuration, a missing file, a file that is no export, no answer: exit 4, nothing on stdout', async () => {
    expect(await lint(['no such site'])).toEqual({ status: 4, stdout: '', stderr: 'there is no configuration named "no such site"' });
    expect(await lint(['999999'])).toMatchObject({
      status: 4,
      stdout: '',
      stderr: expect.stringMatching(/^cannot read configuration 999999: /),
    });
    const dir = tempDir();
    expect(await lint([join(dir, 'gone.json')])).toMatchObject({
      status: 4,
      stdout: '',
      stderr: expect.stringMatching(/^cannot read .*gone\.json: /),
    });
    writeFileSync(join(dir, 'notes.json'), '{"mine": true}');
    expect(await lint([join(dir, 'notes.json')])).toMatchObject({
      status: 4,
      stdout: '',
      stderr: expect.stringContaining('not a cdn-tui export'),
    });
    const nobody = { url: 'http://127.0.0.1:9', token: 'nobody-token', call: emu.call, log: emu.log };
    expect(await lint(['--all'], nobody)).toMatchObject({
      status: 4,
      stdout: '',
      stderr: expect.stringMatching(/^cannot list the configurations: /),
    });
  });

  it('the arguments: --help wins, help lint; the help names every code', () => {
    expect(parseCommand(['lint', 'shop', '--help'])).toEqual({ kind: 'help', topic: 'lint' });
    expect(parseCommand(['help', 'lint'])).toEqual({ kind: 'help', topic: 'lint' });
    expect(parseLintArgs(['prod:shop', '--json', '--ignore', 'regex_invalid'])).toMatchObject({
      target: 'prod:shop',
      json: true,
      ignore: ['regex_invalid'],
    });
    expect(parseLintArgs(['--all', '--profile', 'prod'])).toEqual({
      flags: expect.objectContaining({ profile: 'prod' }),
      json: false,
      ignore: [],
    });
    for (const code of LINT_CODES) expect(LINT_USAGE).toContain(code);
  });
});

describe.skipIf(!existsSync(BIN))('the built cdn-tui lint', () => {
  /** The built command, asynchronously (the emulator answers from this process). */
  const run = (args: readonly string[]): Promise<Run> =>
    new Promise((done, fail) => {
      const child = spawn(process.execPath, [BIN, 'lint', ...args, '--base-url', emu.url, '--token', emu.token], {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 30_000,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', fail);
      child.on('close', (code) => done({ status: code ?? -1, stdout, stderr }));
    });

  it('prints the lines and exits 1; exits 0, 2 and 4 with one sentence on stderr', async () => {
    expect(await run([String(broken.id)])).toEqual({
      status: 1,
      stdout: brokenLines()
        .map((l) => `${l}\n`)
        .join(''),
      stderr: '',
    });
    expect(await run(['clean site'])).toEqual({ status: 0, stdout: '', stderr: '' });
    const bad = await run(['clean site', '--ignore', 'nope']);
    expect([bad.status, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toMatch(
      /^cdn-tui lint: "nope" is no lint code: the codes are cname_access_only_without_cname, .*, unused_cache_setting\.\n$/,
    );
    expect(await run(['no such site'])).toEqual({
      status: 4,
      stdout: '',
      stderr: 'cdn-tui lint: there is no configuration named "no such site".\n',
    });
    const help = await run(['--help']);
    expect([help.status, help.stdout]).toEqual([0, LINT_USAGE]);
  });
});
