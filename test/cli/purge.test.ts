// `cdn-tui purge URL... [--wildcard | --cachekey]` (issue 24): the built command against a real
// emulator — what it prints, its exit codes (0 all accepted, 1 some refused, 2 bad usage, 4 not
// sent or not answered), the requests in the emulator's log, and the purge rate limit waited out.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/errors.js';
import { purgeBatches as batches } from '../../src/api/index.js';
import { groupText } from '../../src/cli/purge.js';
import { BIN, emulatorFixture, type EmulatorFixture } from '../helpers/emulator.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
// 2 purges a 2 s window: the command waits instead of being refused.
const paced = emulatorFixture(['--seed', 'demo', '--rate-limit', '1000/10/2', '--rate-window', '2'], { log: true });

const SHOP = 'shop.acme-outdoor.example';
const ACCEPTED = 'HTTP/1.1 201 CREATED: Purge request successfully created';
const REFUSED = 'HTTP/1.1 403 FORBIDDEN: Unauthorized domain for your account';

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built CLI, asynchronously (the emulator answers from this process), with `input` on stdin. */
function run(target: EmulatorFixture, args: readonly string[], options: { input?: string; token?: string } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'purge', ...args, '--base-url', target.url, '--token', options.token ?? target.token], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ status: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const purges = (target: EmulatorFixture) => target.log().filter((l) => l.path.startsWith('/purge/'));

describe('cdn-tui purge', () => {
  it("every host the account's: the accepted group, exit 0, the request in the emulator's log", async () => {
    const before = purges(emu).length;
    const r = await run(emu, [`${SHOP}/index.html`, `https://www.acme-outdoor.example/c/tents`]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(`${ACCEPTED} (2 URLs)\n  ${SHOP}/index.html\n  https://www.acme-outdoor.example/c/tents\n`);
    expect(purges(emu).slice(before)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/purge/url',
        status: 201,
        body: { urls: [`${SHOP}/index.html`, 'https://www.acme-outdoor.example/c/tents'], method: 'delete' },
      }),
    ]);
  });

  it("some hosts not the account's: both groups, exit 1", async () => {
    const r = await run(emu, [`${SHOP}/a.css`, 'www.other.com/x.jpg', '--cachekey']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${ACCEPTED} (1 URL)\n  ${SHOP}/a.css\n${REFUSED} (1 URL)\n  www.other.com/x.jpg\n`);
    expect(purges(emu).at(-1)).toMatchObject({ path: '/purge/cachekey', status: 207 });
  });

  it('--wildcard: one request per URL; URLs from standard input with -', async () => {
    const before = purges(emu).length;
    const r = await run(emu, ['--wildcard', '-'], { input: `${SHOP}/static/*\n\n  www.acme-outdoor.example/c/*  \n` });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${ACCEPTED} (1 URL)\n  ${SHOP}/static/*\n${ACCEPTED} (1 URL)\n  www.acme-outdoor.example/c/*\n`);
    expect(
      purges(emu)
        .slice(before)
        .map((l) => [l.path, l.body]),
    ).toEqual([
      ['/purge/wildcard', { urls: [`${SHOP}/static/*`], method: 'delete' }],
      ['/purge/wildcard', { urls: ['www.acme-outdoor.example/c/*'], method: 'delete' }],
    ]);
  });

  it("bad usage exits 2: no URL, both kinds, a wildcard without * (the API's 400)", async () => {
    const none = await run(emu, []);
    expect([none.status, none.stderr]).toEqual([
      2,
      'cdn-tui purge: cdn-tui purge needs at least one URL, e.g. www.example.com/images/logo.png (or - to read them from standard input).\n',
    ]);
    expect((await run(emu, ['a.example/x', '--wildcard', '--cachekey'])).stderr).toBe(
      'cdn-tui purge: use either --wildcard or --cachekey, not both.\n',
    );
    // A URL the API would refuse as malformed: said in the API's words, nothing sent.
    const before = purges(emu).length;
    const bad = await run(emu, ['--wildcard', `${SHOP}/static/*`, `${SHOP}/static/`]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'cdn-tui purge: not sent: the API would refuse a URL: Item 1: a wildcard purge needs a * in its URL (e.g. www.example.com/images/*).\n',
    );
    expect(purges(emu).slice(before)).toEqual([]);
  });

  it('--dry-run: the requests and what the API would refuse under them, hosts checked against the account; nothing sent', async () => {
    const before = purges(emu).length;
    const foreign = await run(emu, ['--dry-run', `${SHOP}/a.css`, 'www.other.com/x.jpg']);
    expect(foreign.status).toBe(1);
    expect(foreign.stdout).toBe(
      `POST /purge/url {"urls": ["${SHOP}/a.css", "www.other.com/x.jpg"], "method": "delete"}\n` +
        "  refused: www.other.com/x.jpg: www.other.com is not a domain name or cname of the account's configurations: the API refuses this URL (403 Unauthorized domain for your account).\n" +
        '2 URLs, 1 request · 1 would be refused (nothing sent: --dry-run)\n',
    );
    const fine = await run(emu, ['--dry-run', `${SHOP}/a.css`]);
    expect([fine.status, fine.stdout.split('\n').at(-2)]).toEqual([0, '1 URL, 1 request (nothing sent: --dry-run)']);
    const malformed = await run(emu, ['--dry-run', '--wildcard', `${SHOP}/static/`]);
    expect(malformed.status).toBe(2);
    expect(malformed.stdout).toContain('  refused: shop.acme-outdoor.example/static/: Item 1: a wildcard purge needs a * in its URL');
    expect(purges(emu).slice(before)).toEqual([]);
  });

  it('a token the API refuses: exit 4, one line, the token never shown', async () => {
    const r = await run(emu, [`${SHOP}/x`], { token: 'wrong-token-123456' });
    expect(r.status).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cdn-tui purge: cannot purge: .*\n$/);
    expect(r.stderr).not.toContain('wrong-token-123456');
  });

  it('waits for the purge rate limit rather than be refused, and says so', async () => {
    const before = purges(paced).length;
    const urls = ['static', 'c', 'img', 'js'].map((p) => `${SHOP}/${p}/*`);
    const r = await run(paced, ['--wildcard', ...urls]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('HTTP/1.1 201'))).toHaveLength(4);
    // One wait: the window's length is not known from one window's answers.
    expect(r.stderr).toMatch(/^waiting: rate limit reached · next in \d+ s$/m);
    expect(
      purges(paced)
        .slice(before)
        .map((l) => l.status),
    ).toEqual([201, 201, 201, 201]);
  }, 20_000);
});

describe('its parts', () => {
  it('parses URLs among the connection flags', () => {
    expect(parseCommand(['purge', 'a.example/x', '--profile', 'prod', 'b.example/y', '--cachekey'])).toEqual({
      kind: 'purge',
      args: { flags: expect.objectContaining({ profile: 'prod' }), kind: 'cachekey', urls: ['a.example/x', 'b.example/y'], dryRun: false },
    });
    expect(parseCommand(['purge', '--help'])).toEqual({ kind: 'help', topic: 'purge' });
    expect(() => parseCommand(['purge', '-', '-'])).toThrow(UsageError);
  });

  it('batches url purges by 500, wildcards one each; prints a group with its count', () => {
    const urls = Array.from({ length: 1001 }, (_, i) => `a.example/${i}`);
    expect(batches('url', urls).map((b) => b.length)).toEqual([500, 500, 1]);
    expect(batches('wildcard', ['a/*', 'b/*'])).toEqual([['a/*'], ['b/*']]);
    expect(groupText({ status: 403, statusLine: 'HTTP/1.1 403 FORBIDDEN', urls: ['x/y'], details: '' })).toBe(
      'HTTP/1.1 403 FORBIDDEN: (no details) (1 URL)\n  x/y\n',
    );
  });
});
