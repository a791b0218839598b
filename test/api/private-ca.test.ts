// A private CA end to end (issue 13): the emulator serves HTTPS with a certificate a private CA
// signed (a fixture: test/helpers/private-ca.ts); the client does not trust it by itself, trusts it with
// --ca-file (the profile's CA, through resolve) or NODE_EXTRA_CA_CERTS (read by Node at start: a
// child process), also through a proxy; a certificate for another name has its own sentence.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { explain } from '../../src/api/explain.js';
import { parseServeArgs } from '../../src/cli/args.js';
import { resolveTui } from '../../src/cli/resolve.js';
import { startEmulator, type Emulator } from '../../src/server/index.js';
import { BIN, tempDir } from '../helpers/emulator.js';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca.js';

const TOKEN = 'private-ca-token-4242';
let ca: PrivateCa;
let emu: Emulator;
beforeAll(async () => {
  ca = makePrivateCa();
  emu = await startEmulator(
    parseServeArgs([
      '--port',
      '0',
      '--token',
      TOKEN,
      '--user',
      'alice:pw-4242',
      '--tls-cert',
      ca.server.certFile,
      '--tls-key',
      ca.server.keyFile,
    ]),
  );
});
afterAll(() => emu.close());
afterEach(() => vi.unstubAllEnvs());

const options = { token: TOKEN, maxAttempts: 1, timeouts: { connect: 2000, headers: 2000, body: 2000 } } as const;

async function sentenceOf(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'no failure',
    (e: unknown) => explain(e),
  );
}

describe('an emulator serving HTTPS with a private CA', () => {
  it('says https:// and is not trusted without the CA', async () => {
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const sentence = await sentenceOf(createApiClient({ ...options, baseUrl: emu.url }).list({ kind: 'configuration' }));
    expect(sentence).toMatch(
      /^TLS failed: the certificate of 127\.0\.0\.1:\d+ is not trusted here \(UNABLE_TO_VERIFY_LEAF_SIGNATURE; a private CA: --ca-file FILE or NODE_EXTRA_CA_CERTS\)$/,
    );
  });

  it('is trusted with --ca-file, the system roots kept', async () => {
    const resolved = resolveTui({ baseUrl: emu.url, token: TOKEN, caFile: ca.caFile, readOnly: false, demo: false }, { env: {} });
    if (resolved.kind !== 'api') throw new Error('expected the API');
    expect(resolved.extraCa).toContain('-----BEGIN CERTIFICATE-----');
    const list = await createApiClient({
      ...options,
      baseUrl: resolved.baseUrl,
      ...(resolved.extraCa ? { extraCa: resolved.extraCa } : {}),
    }).list({ kind: 'configuration' });
    expect(list.items).toEqual([]);
  });

  it("is trusted with a profile's ca_file", async () => {
    const dir = tempDir();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: { lab: { base_url: emu.url, token: TOKEN, ca_file: ca.caFile } } }), { mode: 0o600 });
    const resolved = resolveTui({ profile: 'lab', readOnly: false, demo: false }, { env: { CDN_TUI_CONFIG: config } });
    expect(resolved.kind === 'api' ? resolved.extraCa : undefined).toBe(`${readFileSync(ca.caFile, 'utf8').trim()}\n`);
  });

  it('is trusted through an HTTPS_PROXY tunnel with --ca-file', async () => {
    const proxy = await startConnectProxy();
    try {
      for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined);
      vi.stubEnv('HTTPS_PROXY', proxy.url);
      await createApiClient({ ...options, baseUrl: emu.url, extraCa: ca.caPem }).list({ kind: 'configuration' });
      expect(proxy.tunnels).toEqual([new URL(emu.url).host]);
    } finally {
      await proxy.close();
    }
  });

  it('with a certificate for another name: "not for that name"', async () => {
    const other = await startEmulator(
      parseServeArgs(['--port', '0', '--token', TOKEN, '--tls-cert', ca.otherName.certFile, '--tls-key', ca.otherName.keyFile]),
    );
    try {
      const sentence = await sentenceOf(
        createApiClient({ ...options, baseUrl: other.url, extraCa: ca.caPem }).list({ kind: 'configuration' }),
      );
      expect(sentence).toMatch(/^TLS failed: the certificate of 127\.0\.0\.1:\d+ is not for that name \(it names other\.example\)$/);
    } finally {
      await other.close();
    }
  });
});

describe('cdn-tui login against it (the built bin, a process of its own)', () => {
  // Spawned, not spawnSync: the emulator answers from this process.
  const login = async (env: Record<string, string>, ...args: string[]) => {
    const config = join(tempDir(), 'config.json');
    const child = spawn(process.execPath, [BIN, 'login', '--base-url', emu.url, '--user', 'alice', '--password-stdin', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: tempDir(), CDN_TUI_CONFIG: config, ...env },
      timeout: 20_000,
    });
    child.stdin.end('pw-4242\n');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [status] = (await once(child, 'close')) as [number | null];
    return { status, stdout, stderr, config };
  };

  it('fails with the "not trusted" sentence without the CA', async () => {
    const r = await login({});
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^cdn-tui login: TLS failed: the certificate of 127\.0\.0\.1:\d+ is not trusted here \(UNABLE_TO_VERIFY_LEAF_SIGNATURE; /,
    );
  });

  it('succeeds with NODE_EXTRA_CA_CERTS', async () => {
    const r = await login({ NODE_EXTRA_CA_CERTS: ca.caFile });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Logged in to https:\/\/127\.0\.0\.1:\d+ as alice/);
  });

  it('succeeds with --ca-file and saves it in the profile', async () => {
    const r = await login({}, '--ca-file', ca.caFile, '--profile', 'lab');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const saved = JSON.parse(readFileSync(r.config, 'utf8')) as { profiles: Record<string, { ca_file?: string }> };
    expect(saved.profiles.lab?.ca_file).toBe(ca.caFile);
  });
});
