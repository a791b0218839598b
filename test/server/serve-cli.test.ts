// The `cdn-tui serve` command line and its flags of docs/api.md §5, driven as a user would.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, readLog, spawnEmulator, startTestEmulator, tempDir } from '../helpers/emulator.js';

const CFG = '/content_delivery/configurations';
const conf = (i: number) => ({ name: `flags-${i}`, origin_address: '203.0.113.7', origin_host_header: 'flags.example.test' });

function serve(args: string[]) {
  return spawnSync(process.execPath, [BIN, 'serve', ...args], { encoding: 'utf8', timeout: 10_000 });
}

describe('cdn-tui serve', () => {
  it('prints the listening line first and the token it made second', async () => {
    const emu = await spawnEmulator(['--host', '127.0.0.1']);
    try {
      expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emu.token).toMatch(/^\S{20,}$/);
      expect((await emu.call('GET', CFG)).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('takes --flag=VALUE as well as --flag VALUE, --token and --user repeated, passwords with ":" and "="', async () => {
    const emu = await spawnEmulator([
      '--host=127.0.0.1',
      '--token=view-tok=view',
      '--token',
      'edit-tok',
      '--user=alice:pa:ss=w=view',
      '--user',
      'bob:x=y',
    ]);
    try {
      expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await emu.call('GET', CFG, { token: 'view-tok' })).status).toBe(200);
      expect((await emu.call('POST', CFG, { token: 'view-tok', body: conf(0) })).status).toBe(403);
      expect((await emu.call('POST', CFG, { token: 'edit-tok', body: conf(0) })).status).toBe(201);
      const login = (userpass: string) =>
        emu.call('POST', '/tokens', { token: null, headers: { authorization: `Basic ${Buffer.from(userpass).toString('base64')}` } });
      const issued = await login('alice:pa:ss=w');
      expect(issued.status).toBe(201);
      expect((await emu.call('GET', CFG, { token: issued.body.token })).status).toBe(200);
      expect((await emu.call('POST', CFG, { token: issued.body.token, body: conf(9) })).status).toBe(403);
      expect((await login('bob:x=y')).status).toBe(201);
    } finally {
      await emu.close();
    }
  });

  it('says what is wrong with a bad flag in one sentence and exits 2', () => {
    const cases: Array<[string[], string]> = [
      [['--bogus'], 'unknown option "--bogus" (see cdn-tui serve --help)'],
      [['--port', 'abc'], '--port takes a whole number from 0 to 65535, not "abc"'],
      [['--port=abc'], '--port takes a whole number from 0 to 65535, not "abc"'],
      [['--port'], '--port needs a value'],
      [['--seed', 'many'], '--seed takes demo, none or a whole number up to 1000000, not "many"'],
      [['--products=coffee'], '--products: unknown product "coffee" (application_acceleration, raw_logs)'],
      [['--rate-limit', 'fast'], '--rate-limit takes READS/WRITES per minute, e.g. 80/20 (or READS/WRITES/PURGES, e.g. 80/20/10)'],
      [['--fail-rate', '2'], '--fail-rate takes a share between 0 and 1, not "2"'],
      [['--user=alice'], '--user takes NAME:PASSWORD[=view,edit]'],
      [['extra'], 'unexpected argument "extra" (see cdn-tui serve --help)'],
    ];
    for (const [args, sentence] of cases) {
      const r = serve(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`cdn-tui serve: ${sentence}.\n`);
      expect(r.stdout).toBe('');
    }
  });

  it('never repeats a token it refuses', () => {
    for (const args of [['--token', '-sekrit-token-1'], ['--token=sekrit-token-1=admin'], ['--tokne=sekrit-token-1']]) {
      const r = serve(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^cdn-tui serve: [^\n]+\n$/);
      expect(r.stderr).not.toContain('sekrit-token-1');
    }
  });

  it('--help and help serve show the flags', () => {
    for (const args of [
      ['serve', '--help'],
      ['serve', '-h'],
      ['help', 'serve'],
    ]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 10_000 });
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: cdn-tui serve /);
      for (const flag of ['--data', '--seed', '--token', '--user', '--rate-limit', '--reset-rate', '--log'])
        expect(r.stdout).toContain(flag);
    }
  });

  it('--log writes one JSON line per request, bodies of writes, never the token or a password', async () => {
    const log = join(tempDir(), 'requests.log');
    const emu = await startTestEmulator(['--token', 'sekret-token-123', '--user', 'alice:pa55word', '--log', log]);
    try {
      await emu.call('GET', CFG);
      await emu.call('POST', CFG, { body: conf(1) });
      await emu.call('GET', CFG, { token: 'wrong-token-456' });
      const basic = Buffer.from('alice:pa55word').toString('base64');
      expect((await emu.call('POST', '/tokens', { token: null, headers: { authorization: `Basic ${basic}` } })).status).toBe(201);
    } finally {
      await emu.close();
    }
    const text = readFileSync(log, 'utf8');
    for (const secret of ['sekret-token-123', 'wrong-token-456', 'pa55word', Buffer.from('alice:pa55word').toString('base64')]) {
      expect(text).not.toContain(secret);
    }
    const lines = readLog(log);
    expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', CFG, 200],
      ['POST', CFG, 201],
      ['GET', CFG, 401],
      ['POST', '/tokens', 201],
    ]);
    expect(lines[1]!.body).toEqual(conf(1));
    expect(lines[0]!.body).toBeUndefined();
    for (const l of lines) expect(typeof l.ms).toBe('number');
  });

  it('--rate-limit counts reads and writes per token and answers 429 with Retry-After past the limit', async () => {
    const emu = await startTestEmulator(['--token', 'a', '--token', 'b', '--rate-limit', '3/1']);
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await emu.call('GET', CFG, { token: 'a' });
        expect(r.status).toBe(200);
        remaining.push(r.headers.get('x-ratelimit-remaining')!);
        expect(r.headers.get('x-ratelimit-limit')).toBe('3');
        expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const throttled = await emu.call('GET', CFG, { token: 'a' });
      expect(throttled.status).toBe(429);
      expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // writes have their own budget, and so does another token
      expect((await emu.call('POST', CFG, { token: 'a', body: conf(2) })).status).toBe(201);
      expect((await emu.call('POST', CFG, { token: 'a', body: conf(3) })).status).toBe(429);
      expect((await emu.call('GET', CFG, { token: 'b' })).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('--fail-rate 1 answers 503 before doing anything', async () => {
    const emu = await startTestEmulator(['--fail-rate', '1']);
    try {
      const r = await emu.call('POST', CFG, { body: conf(4) });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ detail: 'Service temporarily unavailable.' });
    } finally {
      await emu.close();
    }
  });

  it('--reset-rate 1 drops the connection after doing the write: the change stands', async () => {
    const file = join(tempDir(), 'reset.jsonl');
    const emu = await startTestEmulator(['--reset-rate', '1', '--data', file, '--token', 't']);
    await expect(emu.call('POST', CFG, { body: conf(5) })).rejects.toThrow();
    await emu.close();
    const again = await startTestEmulator(['--data', file, '--token', 't']);
    try {
      const list = (await again.call('GET', CFG)).body;
      expect(list.map((c: { name: string }) => c.name)).toEqual(['flags-5']);
    } finally {
      await again.close();
    }
  });

  it('--latency delays every answer', async () => {
    const emu = await startTestEmulator(['--latency', '150']);
    try {
      const t0 = performance.now();
      await emu.call('GET', CFG);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    } finally {
      await emu.close();
    }
  });

  it('--seed N makes N configurations with rules, and applies only to an empty store', async () => {
    const file = join(tempDir(), 'seeded.jsonl');
    const emu = await startTestEmulator(['--seed', '25', '--data', file]);
    try {
      const list = await emu.call('GET', CFG);
      expect(list.body).toHaveLength(25);
      expect((await emu.call('GET', `${CFG}/${list.body[0].id}/rules_engine`)).body.length).toBeGreaterThan(0);
      await emu.call('DELETE', `${CFG}/${list.body[0].id}`);
    } finally {
      await emu.close();
    }
    const again = await startTestEmulator(['--seed', 'demo', '--data', file]);
    try {
      expect((await again.call('GET', CFG)).body).toHaveLength(24);
    } finally {
      await again.close();
    }
  });
});
