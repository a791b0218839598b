// The command line's grammar (UX.md §1): commands, flags, and one-sentence usage errors.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/errors.js';

function usage(argv: string[]): string {
  try {
    parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('parseArgs', () => {
  it('no arguments: the TUI with nothing set', () => {
    expect(parseArgs([])).toEqual({ kind: 'tui', flags: { readOnly: false, demo: false } });
  });

  it('every TUI flag, as --flag value and --flag=value', () => {
    expect(parseArgs(['--base-url', 'https://a.test', '--token=t0k3n', '--profile', 'prod', '--read-only', '--demo'])).toEqual({
      kind: 'tui',
      flags: { baseUrl: 'https://a.test', token: 't0k3n', profile: 'prod', readOnly: true, demo: true },
    });
    expect(parseArgs(['--token-file', '/run/token'])).toMatchObject({ flags: { tokenFile: '/run/token' } });
  });

  it('login with its flags; serve passes its arguments through', () => {
    expect(parseArgs(['login', '--base-url', 'http://x.test', '--profile', 'ci'])).toEqual({
      kind: 'login',
      flags: { baseUrl: 'http://x.test', profile: 'ci', passwordStdin: false },
    });
    expect(parseArgs(['login', '--user', 'alice', '--password-stdin'])).toMatchObject({ flags: { user: 'alice', passwordStdin: true } });
    expect(parseArgs(['serve', '--port', '0', '--bogus'])).toEqual({ kind: 'serve', argv: ['--port', '0', '--bogus'] });
  });

  it('help and version, wherever they are', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['--demo', '--help']]) expect(parseArgs(argv)).toEqual({ kind: 'help' });
    for (const argv of [['login', '--help'], ['help', 'login'], ['login', '--bogus', '-h']]) expect(parseArgs(argv)).toEqual({ kind: 'help', topic: 'login' });
    for (const argv of [['--version'], ['-v'], ['--demo', '--version']]) expect(parseArgs(argv)).toEqual({ kind: 'version' });
  });

  it('bad usage is one sentence', () => {
    expect(usage(['--bogus'])).toBe('unknown option "--bogus" (see cdn-tui --help)');
    expect(usage(['frobnicate'])).toBe('unexpected argument "frobnicate" (see cdn-tui --help)');
    expect(usage(['login', '--token', 'x'])).toBe('unknown option "--token" (see cdn-tui login --help)');
    expect(usage(['--base-url'])).toBe('--base-url needs a value');
    expect(usage(['--base-url', '--demo'])).toBe('--base-url needs a value');
    expect(usage(['--token='])).toBe('--token needs a value');
    expect(usage(['--demo=yes'])).toBe('--demo takes no value');
    expect(usage(['--token', 'a', '--token-file', 'b'])).toBe('use either --token or --token-file, not both');
  });

  it('never repeats a token in a usage error', () => {
    expect(usage(['--token', 'sekrit-value', 'stray'])).not.toContain('sekrit-value');
  });
});
