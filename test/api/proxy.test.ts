// HTTPS_PROXY/HTTP_PROXY/NO_PROXY are honoured (issue 13): requests go through a CONNECT proxy when
// one is set, NO_PROXY goes around it, and a proxy that fails has a sentence of its own.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { explain } from '../../src/api/explain.js';
import { NetworkError } from '../../src/api/errors.js';
import { parseServeArgs } from '../../src/cli/args.js';
import { startEmulator, type Emulator } from '../../src/server/index.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { BIN } from '../helpers/emulator.js';

const TOKEN = 'proxy-test-token-4242';
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function emulator(): Promise<Emulator> {
  const emu = await startEmulator(parseServeArgs(['--host', '127.0.0.1', '--port', '0', '--token', TOKEN]));
  open.push(emu);
  return emu;
}

async function proxy(options: { refuse?: number } = {}): Promise<ConnectProxy> {
  const p = await startConnectProxy(options);
  open.push(p);
  return p;
}

/** Proxy variables as a shell would have them, every other form cleared. */
function proxyEnv(vars: { HTTP_PROXY?: string; HTTPS_PROXY?: string; NO_PROXY?: string }): void {
  for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
}

const client = (baseUrl: string) =>
  createApiClient({ baseUrl, token: TOKEN, maxAttempts: 1, timeouts: { connect: 2000, headers: 2000, body: 2000 } });

async function failure(baseUrl: string): Promise<NetworkError> {
  const e: unknown = await client(baseUrl)
    .list({ kind: 'configuration' })
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  if (!(e instanceof NetworkError)) throw new Error(`expected a NetworkError, got ${String(e)}`);
  expect(explain(e)).not.toContain(TOKEN);
  return e;
}

describe('a proxy from the environment', () => {
  it('carries the requests when HTTP_PROXY is set (a CONNECT tunnel to the API)', async () => {
    const emu = await emulator();
    const p = await proxy();
    proxyEnv({ HTTP_PROXY: p.url });
    const list = await client(emu.url).list({ kind: 'configuration' });
    expect(list.items).toEqual([]);
    expect(p.tunnels).toEqual([new URL(emu.url).host]);
    expect(p.forwarded).toEqual([]);
  });

  it('is the lower-case http_proxy as well', async () => {
    const emu = await emulator();
    const p = await proxy();
    proxyEnv({});
    vi.stubEnv('http_proxy', p.url);
    await client(emu.url).list({ kind: 'configuration' });
    expect(p.tunnels).toEqual([new URL(emu.url).host]);
  });

  it('is gone around for a host of NO_PROXY, and only for those', async () => {
    const emu = await emulator();
    const p = await proxy();
    proxyEnv({ HTTP_PROXY: p.url, NO_PROXY: 'localhost,example.com' });
    await client(emu.url).list({ kind: 'configuration' });
    expect(p.tunnels).toHaveLength(1);
    proxyEnv({ HTTP_PROXY: p.url, NO_PROXY: 'localhost,127.0.0.1' });
    await client(emu.url).list({ kind: 'configuration' });
    expect(p.tunnels).toHaveLength(1);
    expect(p.forwarded).toEqual([]);
  });
});

describe('a proxy that fails, in its own sentence', () => {
  it('refuses connections (nothing listens on its port)', async () => {
    const emu = await emulator();
    const p = await proxy();
    const url = p.url;
    await p.close();
    proxyEnv({ HTTP_PROXY: url });
    const e = await failure(emu.url);
    expect(e.proxy).toEqual({ host: new URL(url).host });
    expect(explain(e)).toBe(
      `cannot reach the proxy ${new URL(url).host}: connection refused (check HTTPS_PROXY/HTTP_PROXY, or list 127.0.0.1 in NO_PROXY)`,
    );
    expect(e.retryable).toBe(true);
    expect(e.mayHaveReached).toBe(false);
  });

  it('asks for credentials (407)', async () => {
    const emu = await emulator();
    const p = await proxy({ refuse: 407 });
    proxyEnv({ HTTP_PROXY: p.url });
    const e = await failure(emu.url);
    expect(explain(e)).toBe(
      `the proxy ${new URL(p.url).host} asks for a user name and password (407 Proxy Authentication Required): give them in the proxy URL, http://USER:PASSWORD@HOST:PORT`,
    );
    expect(p.tunnels).toHaveLength(1);
    expect(e.retryable).toBe(false);
  });

  it('does not let this machine through (403)', async () => {
    const emu = await emulator();
    const p = await proxy({ refuse: 403 });
    proxyEnv({ HTTP_PROXY: p.url });
    expect(explain(await failure(emu.url))).toBe(
      `the proxy ${new URL(p.url).host} does not let this machine through to ${new URL(emu.url).host} (403 Forbidden)`,
    );
  });

  it('cannot reach the API (502)', async () => {
    const emu = await emulator();
    const p = await proxy({ refuse: 502 });
    proxyEnv({ HTTP_PROXY: p.url });
    const e = await failure(emu.url);
    expect(explain(e)).toBe(`the proxy ${new URL(p.url).host} could not connect to ${new URL(emu.url).host} (502 Bad Gateway)`);
    expect(e.retryable).toBe(true);
  });
});

describe('the built CLI', () => {
  it("goes through the proxy of HTTP_PROXY (its undici comes from the bundle's third-party script)", async () => {
    const emu = await startEmulator(parseServeArgs(['--host', '127.0.0.1', '--port', '0', '--token', TOKEN, '--seed', '2']));
    open.push(emu);
    const [first] = (await client(emu.url).list({ kind: 'configuration' })).items as Array<{ id: number }>;
    const p = await proxy();
    const env: NodeJS.ProcessEnv = { ...process.env, HTTP_PROXY: p.url };
    for (const name of ['http_proxy', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) delete env[name];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, 'export', String(first!.id), '--base-url', emu.url, '--token', TOKEN],
      { env },
    );
    expect((JSON.parse(stdout) as { configuration: { id: number } }).configuration.id).toBe(first!.id);
    expect(p.tunnels.length).toBeGreaterThan(0);
    expect(new Set(p.tunnels)).toEqual(new Set([new URL(emu.url).host]));
  });
});
