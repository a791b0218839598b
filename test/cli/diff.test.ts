// Staging to prod (issue 23) through the built command, two emulators as two profiles of a 0600
// config file in a temp XDG folder: `cdn-tui diff` across them (exit 1, the differing rule, cache
// TTL and error TTL listed, no id noise), the same configuration by id and by name (exit 0), an
// unknown profile (exit 2, named), a missing side (exit 4); `export | apply - --to prod:NAME` then
// diff (only the prod-only rule and identity differ), again with --prune (only identity);
// `export --all` twice byte-identical, `apply DIR` of it writes nothing; under a rate limit an
// apply --to of 30 new rules finishes paced with no failure.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, exportCommand } from '../../src/cli/transfer.js';
import { BIN, emulatorFixture, tempDir, type TestEmulator } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const staging = emulatorFixture(['--seed', 'demo'], { log: true });
const prod = emulatorFixture(['--seed', 'demo'], { log: true });
// 10 writes a 2 s window: the real service's pace, faster.
const paced = emulatorFixture(['--seed', 'demo', '--rate-limit', '1000/10', '--rate-window', '2'], { log: true });
const CFG = '/content_delivery/configurations';
const API = demoId(3); // "acme public api v2" in both

/** A config file naming both emulators, in its own XDG folder (mode 0600). */
function configHome(): string {
  const home = tempDir();
  mkdirSync(join(home, 'cdn-tui'), { recursive: true });
  const path = join(home, 'cdn-tui', 'config.json');
  const profile = (emu: Pick<TestEmulator, 'url' | 'token'>) => ({ base_url: emu.url, token: emu.token });
  writeFileSync(path, JSON.stringify({ profiles: { staging: profile(staging), prod: profile(prod) }, default: 'staging' }));
  chmodSync(path, 0o600);
  return home;
}

let home: string | undefined;

/** The built command, asynchronously (the emulators answer from this process), `input` on stdin. */
function run(args: readonly string[], input = ''): Promise<{ status: number; stdout: string; stderr: string }> {
  home ??= configHome();
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: home };
  for (const name of ['CDN_TUI_BASE_URL', 'CDN_TUI_TOKEN', 'CDN_TUI_PROFILE', 'CDN_TUI_CONFIG']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ status: code ?? 1, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

const writes = (emu: { log(): Array<{ method: string }> }) => emu.log().filter((l) => l.method !== 'GET').length;
const ruleOf = async (emu: Pick<TestEmulator, 'call'>, conf: number, path: string) =>
  (
    (await emu.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{
      id: number;
      path: string;
      gzip: boolean;
      path_origin_id: number;
    }>
  ).find((r) => r.path === path)!;
/** The diff's lines after its `---`/`+++` header. */
const body = (out: string) => out.split('\n').slice(2).join('\n');

describe('cdn-tui diff across two profiles', () => {
  it('lists the differing rule, cache TTL and error TTL, without ids (exit 1); the same configuration by id and by name is equal (exit 0)', async () => {
    const same = await run(['diff', `staging:${API}`, `prod:${API}`]);
    expect([same.status, same.stdout, same.stderr]).toEqual([0, '', '']);
    const rule = (await staging.call('GET', `${CFG}/${API}/rules_engine`)).body[0];
    const cache = (await staging.call('GET', `${CFG}/${API}/cache_settings`)).body[0];
    expect((await prod.call('PATCH', `${CFG}/${API}/rules_engine/${rule.id}`, { body: { gzip: !rule.gzip } })).status).toBe(200);
    expect(
      (
        await prod.call('PATCH', `${CFG}/${API}/cache_settings/${cache.id}`, {
          body: { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 7777 },
        })
      ).status,
    ).toBe(200);
    expect((await prod.call('PATCH', `${CFG}/${API}/error_responses`, { body: { cache_error_404: 4321 } })).status).toBe(200);

    const out = await run(['diff', `staging:${API}`, 'prod:acme public api v2']);
    expect(out.status, out.stderr).toBe(1);
    expect(out.stderr).toBe('');
    expect(out.stdout.split('\n').slice(0, 2)).toEqual([`--- staging:acme public api v2 (${API})`, `+++ prod:acme public api v2 (${API})`]);
    expect(out.stdout).toContain(
      `     "path": ${JSON.stringify(rule.path)}\n     "regex": ${String(rule.regex)}\n-    "gzip": ${String(rule.gzip)}\n+    "gzip": ${String(!rule.gzip)}`,
    );
    expect(out.stdout).toContain(`     "name": ${JSON.stringify(cache.name)}`);
    expect(out.stdout).toContain('+    "cdn_cache_settings_maximum_ttl": 7777');
    expect(out.stdout).toContain(' "error_responses": {\n-  "cache_error_404": ');
    expect(out.stdout).toContain('+  "cache_error_404": 4321');
    expect(body(out.stdout)).not.toMatch(/"id"|domain_name|\b1[0-9]{9}\b/); // no id noise
    for (const line of body(out.stdout).trimEnd().split('\n')) expect(line).toMatch(/^[-+ ]/);

    const byIdAndName = await run(['diff', `prod:${API}`, 'prod:acme public api v2']);
    expect([byIdAndName.status, byIdAndName.stdout]).toEqual([0, '']);
    // Without a profile: the default one (staging); a file against a live side.
    const file = join(tempDir(), 'api.json');
    writeFileSync(file, (await run(['export', String(API), '--profile', 'prod'])).stdout);
    expect((await run(['diff', file, `prod:${API}`])).status).toBe(0);
    expect((await run(['diff', String(API), file])).status).toBe(1);
    expect((await run(['diff', '-', `prod:${API}`], readFileSync(file, 'utf8'))).status).toBe(0);
  });

  it('bad usage exits 2 naming what is wrong; a side that cannot be read exits 4', async () => {
    const unknown = await run(['diff', 'nope:1', `prod:${API}`]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no profile "nope".*known profiles: "staging", "prod"/);
    expect(unknown.stdout).toBe('');
    expect((await run(['diff', `prod:${API}`])).status).toBe(2);
    const missing = await run(['diff', 'prod:no such configuration', `prod:${API}`]);
    expect([missing.status, missing.stdout]).toEqual([4, '']);
    expect(missing.stderr).toMatch(/no configuration named "no such configuration" in profile "prod"/);
    const noFile = await run(['diff', join(tempDir(), 'gone.json'), `prod:${API}`]);
    expect(noFile.status).toBe(4);
    // apply --to: a target that is not there exits 4, a file as the target is bad usage.
    const file = join(tempDir(), 'api.json');
    writeFileSync(file, (await run(['export', String(API), '--profile', 'prod'])).stdout);
    const noTarget = await run(['apply', file, '--to', 'prod:no such configuration', '--dry-run']);
    expect([noTarget.status, noTarget.stdout]).toEqual([4, '']);
    expect(noTarget.stderr).toMatch(/cdn-tui apply: there is no configuration named "no such configuration" in profile "prod"/);
    expect((await run(['apply', file, '--to', file, '--dry-run'])).stderr).toMatch(/--to names a configuration/);
    expect(`${unknown.stderr}${missing.stderr}`).not.toContain(prod.token);
  });
});

describe('cdn-tui apply FILE --to, export --all, apply DIR', () => {
  const SHOP = demoId(5); // "acme brand site"
  it('export | apply - --to prod:NAME: then only the prod-only rule and identity differ; with --prune only identity', async () => {
    const name = 'brand site (prod)';
    expect((await prod.call('PATCH', `${CFG}/${SHOP}`, { body: { name, cname: ['brand-prod.example.com'] } })).status).toBe(200);
    const origin = (await prod.call('GET', `${CFG}/${SHOP}/origins`)).body[0].id;
    expect(
      (
        await prod.call('POST', `${CFG}/${SHOP}/rules_engine`, {
          body: { path: '/prod-only/', regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin },
        })
      ).status,
    ).toBe(201);
    // Staging moves on: a rule changed and one added, with a new cache setting.
    const first = (await staging.call('GET', `${CFG}/${SHOP}/rules_engine`)).body[0];
    await staging.call('PATCH', `${CFG}/${SHOP}/rules_engine/${first.id}`, { body: { gzip: !first.gzip } });
    const made = await staging.call('POST', `${CFG}/${SHOP}/cache_settings`, {
      body: {
        name: 'promo 1m',
        browser_cache_settings: false,
        cdn_cache_settings: 'override',
        cdn_cache_settings_maximum_ttl: 60,
        cache_by_query_string: 'ignore',
        cache_by_cookies: 'ignore',
      },
    });
    expect(made.status).toBe(201);
    const stagingOrigin = (await staging.call('GET', `${CFG}/${SHOP}/origins`)).body[0].id;
    await staging.call('POST', `${CFG}/${SHOP}/rules_engine`, {
      body: {
        path: '/promo/',
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: stagingOrigin,
        cache_settings_id: made.body.id,
      },
    });

    const exported = await run(['export', String(SHOP), '--profile', 'staging']);
    expect(exported.status, exported.stderr).toBe(0);
    const asking = await run(['apply', '-', '--to', `prod:${name}`], exported.stdout);
    expect(asking.status).toBe(2);
    expect(asking.stderr).toMatch(/add --yes to send, or --dry-run/);
    const before = writes(prod);
    const dry = await run(['apply', '-', '--to', `prod:${name}`, '--dry-run'], exported.stdout);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('note: rule /prod-only/ (regex off): only in configuration');
    expect(dry.stdout).toContain('{the id of new cache setting promo 1m}');
    expect(writes(prod)).toBe(before);

    const applied = await run(['apply', '-', '--to', `prod:${name}`, '--yes'], exported.stdout);
    expect(applied.status, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/\b3 applied/); // the rule changed, the cache setting and rule made
    const after = await run(['diff', `staging:${SHOP}`, `prod:${name}`]);
    expect(after.status).toBe(1);
    const changed = body(after.stdout)
      .split('\n')
      .filter((l) => /^[-+]/.test(l));
    expect(changed.filter((l) => !/"path": "\/prod-only\/"|^\+ {4}"/.test(l) && !/^\+ {2}[{}]/.test(l))).toEqual([
      '-  "name": "acme brand site"',
      `+  "name": ${JSON.stringify(name)}`,
      expect.stringMatching(/^- {2}"cname": /),
      '+  "cname": ["brand-prod.example.com"]',
    ]);
    expect(after.stdout).toContain('+    "path": "/prod-only/"');
    expect((await ruleOf(prod, SHOP, '/promo/')).path_origin_id).toBe(origin);

    const pruned = await run(['apply', '-', '--to', `prod:${name}`, '--prune', '--yes'], exported.stdout);
    expect(pruned.status, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toMatch(/DELETE \/content_delivery\/configurations\/\d+\/rules_engine\/\d+/);
    const identity = await run(['diff', `staging:${SHOP}`, `prod:${name}`]);
    expect(identity.status).toBe(1);
    expect(
      body(identity.stdout)
        .split('\n')
        .filter((l) => /^[-+]/.test(l))
        .map((l) => l.match(/"(\w+)"/)?.[1]),
    ).toEqual(['name', 'name', 'cname', 'cname']);
  });

  it('export --all twice gives the same bytes, one <id>-<name>.json each; apply DIR of it writes nothing (exit 0)', async () => {
    const dir = join(tempDir(), 'exports');
    const first = await run(['export', '--all', '--out', dir, '--profile', 'prod']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(/^exported 12 configurations to /m);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(12);
    expect(files).toContain(`${demoId(3)}-acme-public-api-v2.json`);
    const bytes = files.map((f) => readFileSync(join(dir, f), 'utf8'));
    expect((await run(['export', '--all', '--out', dir, '--profile', 'prod'])).status).toBe(0);
    expect(
      readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8')),
    ).toEqual(bytes);
    const before = writes(prod);
    const applied = await run(['apply', dir, '--profile', 'prod', '--yes']);
    expect([applied.status, applied.stdout]).toEqual([0, 'nothing to do\n']);
    expect(writes(prod)).toBe(before);

    // A configuration renamed: its old file goes, the new one comes; a file of mine stays. Its
    // file missing, a configuration is left alone by apply DIR, which plans the rest in one review.
    writeFileSync(join(dir, '1-notes.json'), '{"mine": true}\n');
    expect((await prod.call('PATCH', `${CFG}/${demoId(7)}`, { body: { name: 'Docs (renamed)' } })).status).toBe(200);
    const again = await run(['export', '--all', '--out', dir, '--profile', 'prod']);
    expect(again.stderr).toMatch(/removed 1 export of configurations gone or renamed \(\d+-acme-developer-docs\.json\)/);
    expect(readdirSync(dir)).toContain(`${demoId(7)}-docs-renamed.json`);
    expect(readdirSync(dir)).toContain('1-notes.json');
    rmSync(join(dir, '1-notes.json'));
    rmSync(join(dir, `${demoId(7)}-docs-renamed.json`));
    const edited = join(dir, `${demoId(3)}-acme-public-api-v2.json`);
    const json = JSON.parse(readFileSync(edited, 'utf8'));
    json.configuration.active = !json.configuration.active;
    writeFileSync(edited, JSON.stringify(json));
    const deletes = () => prod.log().filter((l) => l.method === 'DELETE').length;
    const deletesBefore = deletes();
    const one = await run(['apply', dir, '--profile', 'prod', '--yes']);
    expect(one.status, one.stdout + one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^1 change, 1 request$/m);
    expect(deletes()).toBe(deletesBefore);
    expect((await prod.call('GET', `${CFG}/${demoId(7)}`)).status).toBe(200);
  });

  it('under a rate limit: apply --to of 30 new rules finishes paced, no failure', async () => {
    const flags = { baseUrl: paced.url, token: paced.token, readOnly: false, demo: false };
    const path = join(tempDir(), 'thirty.json');
    let text = '';
    const io = { out: (t: string) => void (text += t), err: () => {}, ask: async () => 'n', interactive: false };
    expect(await exportCommand(flags, demoId(2), path, io)).toBe(0);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    const origin = json.rules[0].path_origin_id;
    for (let i = 0; i < 30; i++)
      json.rules.push({
        id: 1,
        path: `/thirty-${i}/`,
        regex: false,
        behavior: 'delivery',
        protocol_policy: 'http',
        path_origin_id: origin,
      });
    writeFileSync(path, JSON.stringify(json));
    let errors = '';
    const out = { ...io, out: (t: string) => void (text += t), err: (t: string) => void (errors += t) };
    text = '';
    expect(await applyCommand(flags, path, { dryRun: false, yes: true, to: String(demoId(4)) }, out)).toBe(0);
    expect(text).toMatch(/\b3\d applied/);
    const posts = paced.log().filter((l) => l.method === 'POST' && l.path.includes(`/${demoId(4)}/rules_engine`));
    expect(posts.filter((l) => l.status === 201 && String(l.body?.path).startsWith('/thirty-'))).toHaveLength(30);
    expect(paced.log().filter((l) => l.status >= 400 && l.status !== 429)).toEqual([]);
    expect(paced.log().filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
    expect(errors).toMatch(/rate limit 10 writes\/[23] s/);
  }, 60_000);
});

describe('the command lines', () => {
  it('sides, --to, --prune, export --all: what each means, and bad usage named', async () => {
    const { parseSide } = await import('../../src/cli/transfer-side.js');
    const { parseApplyArgs, parseExportArgs } = await import('../../src/cli/transfer-args.js');
    const { parseDiffArgs } = await import('../../src/cli/diff-args.js');
    expect(parseSide('prod:shop: eu', 'A')).toEqual({ kind: 'configuration', profile: 'prod', ref: 'shop: eu' });
    expect(parseSide(':a:b', 'A')).toEqual({ kind: 'configuration', ref: 'a:b' });
    expect(parseSide('1528252703', 'A')).toEqual({ kind: 'configuration', ref: '1528252703' });
    expect(parseSide('-', 'A')).toEqual({ kind: 'file', path: '-' });
    expect(parseSide('x/shop.json', 'A')).toEqual({ kind: 'file', path: 'x/shop.json' });
    expect(() => parseSide('prod:', 'A')).toThrow(/names no configuration after the colon/);
    expect(parseDiffArgs(['--profile', 'prod', 'a', 'b'])).toMatchObject({ left: 'a', right: 'b', flags: { profile: 'prod' } });
    expect(() => parseDiffArgs(['-', '-'])).toThrow(/only one side/);
    expect(() => parseDiffArgs(['a'])).toThrow(/needs two sides/);
    expect(parseApplyArgs(['-', '--to', 'prod:shop', '--prune', '--yes'])).toMatchObject({
      file: '-',
      to: 'prod:shop',
      prune: true,
      yes: true,
    });
    expect(() => parseApplyArgs(['-', '--to', 'prod:shop'])).toThrow(/add --yes to send, or --dry-run/);
    expect(() => parseApplyArgs(['f.json', '--prune'])).toThrow(/--prune goes with --to/);
    expect(parseExportArgs(['--all', '--out', 'dir'])).toMatchObject({ out: 'dir' });
    expect(parseExportArgs(['--all', '--out', 'dir']).id).toBeUndefined();
    expect(() => parseExportArgs(['--all'])).toThrow(/needs --out DIR/);
  });
});

describe('a name two configurations share', () => {
  it('is bad usage naming both ids (an API that allows it: the emulator refuses a taken name)', async () => {
    const { createServer } = await import('node:http');
    const { closeServer } = await import('../helpers/local-server.js');
    const { diffCommand } = await import('../../src/cli/diff.js');
    const twins = [
      {
        id: 11,
        name: 'twin',
        domain_name: 'a.edge.example',
        active: true,
        delivery_protocol: 'http',
        digital_certificate: null,
        cname_access_only: false,
        rawlogs: false,
        cname: [],
      },
      {
        id: 12,
        name: 'twin',
        domain_name: 'b.edge.example',
        active: true,
        delivery_protocol: 'http',
        digital_certificate: null,
        cname_access_only: false,
        rawlogs: false,
        cname: [],
      },
    ];
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(twins));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const address = server.address() as { port: number };
      const flags = { baseUrl: `http://127.0.0.1:${address.port}`, token: 'twin-token', readOnly: false, demo: false };
      await expect(diffCommand({ flags, left: 'twin', right: '11' }, { out: () => {} })).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/"twin" names 2 configurations \(ids 11, 12\): give the id/),
      });
    } finally {
      await closeServer(server);
    }
  });
});
