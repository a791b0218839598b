// The command line's grammar (docs/ux.md §1): commands, flags, help, and one-sentence usage errors.
import { describe, expect, it } from 'vitest';
import { parseCommand, parseServeArgs } from '../../src/cli/args.js';
import type { Permission, ServeOptions } from '../../src/server/index.js';
import { UsageError } from '../../src/cli/errors.js';

/** The usage error's sentence for argv; fails the test when argv is accepted. */
function usage(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

/** parseArgs' own wording, which must never reach the user. */
const RAW = /Option '|Unknown option '|Unexpected argument '|ambiguous|positional/;

/** `--flag value` and `--flag=value`. */
const bothForms = (flag: string, value: string) => [[flag, value], [`${flag}=${value}`]];

describe('cdn-tui [flags]', () => {
  it('no arguments: the TUI with nothing set', () => {
    expect(parseCommand([])).toEqual({ kind: 'tui', flags: { readOnly: false, demo: false } });
  });

  it.each([
    ['--base-url', 'baseUrl', 'https://a.test/api?x=1'],
    ['--token', 'token', 't0k3n=='],
    ['--token-file', 'tokenFile', '/run/token'],
    ['--profile', 'profile', 'prod'],
  ])('%s VALUE and %s=VALUE', (flag, key, value) => {
    for (const argv of bothForms(flag, value)) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'tui', flags: { [key]: value, readOnly: false, demo: false } });
    }
  });

  it('the switches', () => {
    expect(parseCommand(['--read-only', '--demo'])).toEqual({ kind: 'tui', flags: { readOnly: true, demo: true } });
    expect(parseCommand(['--no-cache'])).toEqual({ kind: 'tui', flags: { readOnly: false, demo: false, noCache: true } });
  });

  it('a repeated flag keeps its last value; a value may start with "-" when written --flag=VALUE', () => {
    expect(parseCommand(['--profile', 'a', '--profile=b'])).toMatchObject({ flags: { profile: 'b' } });
    expect(parseCommand(['--token=-dash-token'])).toMatchObject({ flags: { token: '-dash-token' } });
  });
});

describe('cdn-tui answer bounds: --max-body, --headers-timeout, --body-timeout', () => {
  const MIB = 2 ** 20;

  it.each([
    ['33554432', 32 * MIB],
    ['32MiB', 32 * MIB],
    ['32 MiB', 32 * MIB],
    ['64MB', 64_000_000],
    ['512KiB', 512 * 1024],
    ['2000kB', 2_000_000],
    ['1024', 1024],
    ['256MiB', 256 * MIB],
  ])('--max-body %s', (value, bytes) => {
    for (const argv of bothForms('--max-body', value)) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'tui', flags: { maxBodyBytes: bytes, readOnly: false, demo: false } });
    }
  });

  it.each(['0', '1023', '257MiB', '32mib', '32 MiB ', '1.5MiB', '-5', '32MiBs', 'MiB', '32  MiB', 'lots', '0x100000', '1e9', '1GB'])(
    '--max-body=%s is bad usage, said in one sentence',
    (value) => {
      expect(usage([`--max-body=${value}`])).toBe(
        `--max-body takes a size from 1 KiB to 256 MiB, in bytes or with a unit (e.g. 32MiB, 64MB, 512KiB), not "${value}"`,
      );
    },
  );

  it('--headers-timeout and --body-timeout take seconds, whole or decimal, kept in ms', () => {
    expect(parseCommand(['--headers-timeout', '45', '--body-timeout=2.5'])).toEqual({
      kind: 'tui',
      flags: { headersTimeoutMs: 45_000, bodyTimeoutMs: 2500, readOnly: false, demo: false },
    });
    expect(parseCommand(['--body-timeout', '3600'])).toMatchObject({ flags: { bodyTimeoutMs: 3_600_000 } });
  });

  it.each(['0', '0.5', '3601', '1e3', '10s', '', ' 5', '.5', '5.'])('--headers-timeout=%s and --body-timeout=%s are bad usage', (value) => {
    for (const flag of ['--headers-timeout', '--body-timeout']) {
      const message = usage([`${flag}=${value}`]);
      expect(message).toBe(value === '' ? `${flag} needs a value` : `${flag} takes seconds from 1 to 3600, not "${value}"`);
    }
  });

  it('--max-body needs a value', () => {
    expect(usage(['--max-body'])).toBe('--max-body needs a value');
  });
});

describe('cdn-tui login [flags]', () => {
  it.each([
    ['--base-url', 'baseUrl', 'http://x.test'],
    ['--profile', 'profile', 'ci'],
    ['--user', 'user', 'alice'],
  ])('%s VALUE and %s=VALUE', (flag, key, value) => {
    for (const argv of bothForms(flag, value)) {
      expect(parseCommand(['login', ...argv]), argv.join(' ')).toEqual({ kind: 'login', flags: { [key]: value, passwordStdin: false } });
    }
  });

  it('--password-stdin', () => {
    expect(parseCommand(['login', '--user', 'alice', '--password-stdin'])).toEqual({
      kind: 'login',
      flags: { user: 'alice', passwordStdin: true },
    });
  });
});

describe('help and version', () => {
  it('--help wins wherever it stands, even beside a bad flag, and names its command', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['help', 'nonsense'], ['--demo', '--help'], ['--bogus', '-h']]) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'help', topic: 'main' });
    }
    for (const argv of [
      ['login', '--help'],
      ['help', 'login'],
      ['login', '--bogus', '-h'],
    ]) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'help', topic: 'login' });
    }
    for (const argv of [
      ['serve', '--help'],
      ['serve', '-h'],
      ['help', 'serve'],
      ['serve', '--port', 'x', '--help'],
    ]) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'help', topic: 'serve' });
    }
  });

  it('--version and -v', () => {
    for (const argv of [['--version'], ['-v'], ['--demo', '--version']]) expect(parseCommand(argv)).toEqual({ kind: 'version' });
  });

  it('after "--" nothing is a flag', () => {
    expect(usage(['--', '--help'])).toBe('unexpected argument "--help" (see cdn-tui --help)');
  });
});

describe('bad usage is one sentence in our words', () => {
  it.each([
    [['--bogus'], 'unknown option "--bogus" (see cdn-tui --help)'],
    [['--bogus=1'], 'unknown option "--bogus" (see cdn-tui --help)'],
    [['-x'], 'unknown option "-x" (see cdn-tui --help)'],
    [['frobnicate'], 'unexpected argument "frobnicate" (see cdn-tui --help)'],
    [['login', '--token', 'x'], 'unknown option "--token" (see cdn-tui login --help)'],
    [['login', 'alice'], 'unexpected argument "alice" (see cdn-tui login --help)'],
    [['serve', '--bogus'], 'unknown option "--bogus" (see cdn-tui serve --help)'],
    [['serve', '4010'], 'unexpected argument "4010" (see cdn-tui serve --help)'],
    [['--base-url'], '--base-url needs a value'],
    [['--base-url='], '--base-url needs a value'],
    [['login', '--user'], '--user needs a value'],
    [['serve', '--port'], '--port needs a value'],
    [['serve', '--port='], '--port needs a value'],
    [['--base-url', '--demo'], '--base-url needs a value (write --base-url=VALUE for one that starts with "-")'],
    [['serve', '--port', '-1'], '--port needs a value (write --port=VALUE for one that starts with "-")'],
    [['--demo=yes'], '--demo takes no value'],
    [['login', '--password-stdin=1'], '--password-stdin takes no value'],
    [['--token', 'a', '--token-file', 'b'], 'use either --token or --token-file, not both'],
  ])('%j', (argv, message) => {
    const said = usage(argv);
    expect(said).toBe(message);
    expect(said).not.toMatch(RAW);
  });

  it('never repeats a token', () => {
    const secret = 'sekrit-value';
    for (const argv of [
      ['--token', `-${secret}`],
      ['--token=', secret],
      ['--tokne', secret],
      [`--tokne=${secret}`],
      ['serve', '--token', `-${secret}`],
      ['serve', `--token=${secret}=viwe`],
      ['serve', `--token=${secret} x`],
      ['serve', `--tokn=${secret}`],
    ]) {
      expect(usage(argv), argv.join(' ')).not.toContain(secret);
    }
  });
});

describe('cdn-tui serve [flags]', () => {
  const both = new Set<Permission>(['view', 'edit']);
  const serve = (argv: string[]): ServeOptions => {
    const command = parseCommand(['serve', ...argv]);
    if (command.kind !== 'serve') throw new Error(`not serve: ${command.kind}`);
    return command.options;
  };

  it('defaults', () => {
    expect(serve([])).toEqual({
      host: '127.0.0.1',
      port: 4010,
      seed: 'none',
      tokens: [],
      users: new Map(),
      products: new Set(),
      deliveryDomain: 'edge.example',
      latencyMs: 0,
      failRate: 0,
      resetRate: 0,
    });
  });

  it.each<[string, string, Partial<ServeOptions>]>([
    ['--host', '::1', { host: '::1' }],
    ['--port', '0', { port: 0 }],
    ['--port', '65535', { port: 65535 }],
    ['--data', '/tmp/x.jsonl', { data: '/tmp/x.jsonl' }],
    ['--seed', 'demo', { seed: 'demo', products: new Set(['application_acceleration', 'raw_logs']) }],
    ['--seed', 'none', { seed: 'none' }],
    ['--seed', '25', { seed: 25 }],
    ['--token', 'abc', { tokens: [{ secret: 'abc', permissions: both }] }],
    ['--token', 'abc=view', { tokens: [{ secret: 'abc', permissions: new Set<Permission>(['view']) }] }],
    ['--user', 'alice:pw', { users: new Map([['alice', { secret: 'pw', permissions: both }]]) }],
    ['--products', 'raw_logs,application_acceleration', { products: new Set(['raw_logs', 'application_acceleration']) }],
    ['--products', 'none', { products: new Set() }],
    ['--delivery-domain', 'CDN.Example.net', { deliveryDomain: 'cdn.example.net' }],
    ['--rate-limit', '80/20', { rateLimit: { reads: 80, writes: 20, purges: 20, windowSeconds: 60, resetFormat: 'unix' } }],
    ['--rate-limit', '80/20/5', { rateLimit: { reads: 80, writes: 20, purges: 5, windowSeconds: 60, resetFormat: 'unix' } }],
    ['--latency', '150', { latencyMs: 150 }],
    ['--fail-rate', '0.25', { failRate: 0.25 }],
    ['--reset-rate', '1', { resetRate: 1 }],
    ['--log', '-', { log: '-' }],
    ['--log', '/tmp/requests.log', { log: '/tmp/requests.log' }],
  ])('%s %s (and with "=")', (flag, value, expected) => {
    for (const argv of bothForms(flag, value)) expect(serve(argv), argv.join(' ')).toMatchObject(expected);
  });

  it("--seed demo brings the demo account's products; --products given is taken as it is", () => {
    expect(serve(['--seed', 'demo', '--products', 'raw_logs']).products).toEqual(new Set(['raw_logs']));
    expect(serve(['--products=none', '--seed=demo']).products).toEqual(new Set());
    expect(serve(['--seed', '25']).products).toEqual(new Set());
  });

  it('--rate-window and --reset-format shape the --rate-limit they go with', () => {
    expect(serve(['--rate-limit', '10/2', '--rate-window', '5', '--reset-format=iso']).rateLimit).toEqual({
      reads: 10,
      writes: 2,
      purges: 2,
      windowSeconds: 5,
      resetFormat: 'iso',
    });
    expect(serve(['--rate-limit=10/2', '--rate-window=3600', '--reset-format', 'unix']).rateLimit).toEqual({
      reads: 10,
      writes: 2,
      purges: 2,
      windowSeconds: 3600,
      resetFormat: 'unix',
    });
    expect(serve(['--rate-window', '1', '--rate-limit', '1/1']).rateLimit?.windowSeconds).toBe(1);
  });

  it('--token and --user repeat; a repeated single-value flag keeps its last value', () => {
    const o = serve([
      '--token',
      'a=view',
      '--token=b=edit',
      '--token',
      'c',
      '--user=ann:1',
      '--user',
      'bob:2=view',
      '--port',
      '1',
      '--port=2',
    ]);
    expect(o.tokens).toEqual([
      { secret: 'a', permissions: new Set(['view']) },
      { secret: 'b', permissions: new Set(['edit']) },
      { secret: 'c', permissions: both },
    ]);
    expect([...o.users.keys()]).toEqual(['ann', 'bob']);
    expect(o.users.get('bob')).toEqual({ secret: '2', permissions: new Set(['view']) });
    expect(o.port).toBe(2);
  });

  it('a password may hold ":" and "="; only a trailing permission list is split off', () => {
    const password = (value: string) => [...serve(bothForms('--user', value)[1]!).users.values()][0];
    expect(password('alice:pa:ss')).toEqual({ secret: 'pa:ss', permissions: both });
    expect(password('alice:a=b=c')).toEqual({ secret: 'a=b=c', permissions: both });
    expect(password('alice:a=b:c=view,edit')).toEqual({ secret: 'a=b:c', permissions: both });
    expect(password('alice:x==view')).toEqual({ secret: 'x=', permissions: new Set(['view']) });
    expect(password('alice:pw=viewer')).toEqual({ secret: 'pw=viewer', permissions: both });
  });

  it('parseServeArgs is the same parser without the command word', () => {
    expect(parseServeArgs(['--port=0', '--token=abc=view'])).toEqual(serve(['--port', '0', '--token', 'abc=view']));
  });

  it.each([
    [['--port', 'abc'], '--port takes a whole number from 0 to 65535, not "abc"'],
    [['--port=65536'], '--port takes a whole number from 0 to 65535, not "65536"'],
    [['--seed', 'many'], '--seed takes demo, none or a whole number up to 1000000, not "many"'],
    [['--seed=-3'], '--seed takes demo, none or a whole number up to 1000000, not "-3"'],
    [['--token', '=view'], '--token needs a token without spaces'],
    [['--token=a b'], '--token needs a token without spaces'],
    [['--token', 'abc=admin'], '--token TOKEN=PERMISSIONS takes view, edit or view,edit after the "="'],
    [['--user', 'alice'], '--user takes NAME:PASSWORD[=view,edit]'],
    [['--user=alice:'], '--user takes NAME:PASSWORD[=view,edit]'],
    [['--user', ':pw'], '--user takes NAME:PASSWORD[=view,edit]'],
    [['--products', 'coffee'], '--products: unknown product "coffee" (application_acceleration, raw_logs)'],
    [['--delivery-domain=localhost'], '--delivery-domain: "localhost" is not a domain'],
    [['--rate-limit', 'fast'], '--rate-limit takes READS/WRITES per minute, e.g. 80/20 (or READS/WRITES/PURGES, e.g. 80/20/10)'],
    [['--rate-window', '5'], '--rate-window and --reset-format go with --rate-limit READS/WRITES'],
    [['--reset-format=iso'], '--rate-window and --reset-format go with --rate-limit READS/WRITES'],
    [['--rate-limit', '1/1', '--rate-window', '0'], '--rate-window takes a whole number from 1 to 3600, not "0"'],
    [['--rate-limit', '1/1', '--rate-window=3601'], '--rate-window takes a whole number from 1 to 3600, not "3601"'],
    [['--rate-limit', '1/1', '--rate-window', '1.5'], '--rate-window takes a whole number from 1 to 3600, not "1.5"'],
    [['--rate-limit', '1/1', '--reset-format', 'local'], '--reset-format takes unix or iso, not "local"'],
    [['--latency=1.5'], '--latency takes a whole number from 0 to 600000, not "1.5"'],
    [['--fail-rate', '2'], '--fail-rate takes a share between 0 and 1, not "2"'],
    [['--reset-rate=x'], '--reset-rate takes a share between 0 and 1, not "x"'],
    [['--help=yes'], '--help takes no value'],
  ])('%j', (argv, message) => {
    expect(usage(['serve', ...argv])).toBe(message);
  });
});
