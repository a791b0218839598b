// --ca-file (cdn-tui, cdn-tui login, a profile's ca_file) and the emulator's --tls-cert/--tls-key:
// a file that is missing, unreadable or not PEM is a usage error of one sentence (issue 13).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand, parseServeArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/errors.js';
import { resolveTui } from '../../src/cli/resolve.js';
import { TlsFilesError, startEmulator } from '../../src/server/index.js';
import { tempDir } from '../helpers/emulator.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/tls');
const CERT = join(FIXTURES, 'self-signed.crt');
const KEY = join(FIXTURES, 'self-signed.key');
const base = { baseUrl: 'https://api.example', token: 'ca-file-token-1', readOnly: false, demo: false } as const;

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('no usage error');
}

describe('--ca-file', () => {
  it('is a flag of cdn-tui and of cdn-tui login', () => {
    expect(parseCommand(['--ca-file', 'ca.pem'])).toMatchObject({ kind: 'tui', flags: { caFile: 'ca.pem' } });
    expect(parseCommand(['login', '--ca-file=ca.pem'])).toMatchObject({ kind: 'login', flags: { caFile: 'ca.pem' } });
  });

  it('gives the certificates to the client', () => {
    const resolved = resolveTui({ ...base, caFile: CERT }, { env: {} });
    expect(resolved).toMatchObject({
      kind: 'api',
      extraCa: expect.stringMatching(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/),
    });
  });

  it('that does not exist: a usage error naming it', () => {
    const missing = join(tempDir(), 'nope.pem');
    expect(usageError(() => resolveTui({ ...base, caFile: missing }, { env: {} }))).toBe(
      `cannot read the CA file ${missing} (from --ca-file): no such file`,
    );
  });

  it('that is not PEM: a usage error', () => {
    const file = join(tempDir(), 'ca.der');
    writeFileSync(file, 'not a certificate at all\n');
    expect(usageError(() => resolveTui({ ...base, caFile: file }, { env: {} }))).toMatch(
      /^the CA file .*ca\.der \(from --ca-file\) holds no PEM certificate/,
    );
  });

  it('with a PEM block that is not a certificate: a usage error', () => {
    const file = join(tempDir(), 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    expect(usageError(() => resolveTui({ ...base, caFile: file }, { env: {} }))).toMatch(
      /^the CA file .*ca\.pem \(from --ca-file\) holds a certificate that cannot be read \(certificate 1 of 1\)$/,
    );
  });

  it('of a profile that is gone: the sentence names the profile', () => {
    const dir = tempDir();
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({ profiles: { lab: { base_url: 'https://api.example', token: 'ca-file-token-1', ca_file: join(dir, 'gone.pem') } } }),
      { mode: 0o600 },
    );
    expect(usageError(() => resolveTui({ profile: 'lab', readOnly: false, demo: false }, { env: { CDN_TUI_CONFIG: config } }))).toMatch(
      /^cannot read the CA file .*gone\.pem \(from profile "lab"\): no such file$/,
    );
  });

  it('is ignored by --demo, which says so', () => {
    expect(resolveTui({ demo: true, readOnly: false, caFile: CERT }, { env: {} })).toMatchObject({
      kind: 'demo',
      notice: '--demo: ignored --ca-file.',
    });
  });
});

describe('cdn-tui serve --tls-cert FILE --tls-key FILE', () => {
  it('takes the pair', () => {
    expect(parseServeArgs(['--tls-cert', CERT, '--tls-key', KEY]).tls).toEqual({ certFile: CERT, keyFile: KEY });
  });

  it('needs both', () => {
    expect(usageError(() => parseServeArgs(['--tls-cert', CERT]))).toBe(
      '--tls-cert FILE and --tls-key FILE go together (the certificate and its private key, PEM)',
    );
  });

  it('does not start with a file that cannot be read, or a pair that is not PEM', async () => {
    const start = (...args: string[]) =>
      startEmulator(parseServeArgs(['--port', '0', '--token', 'tls-token-1', ...args])).then(
        async (emu) => {
          await emu.close();
          return 'started';
        },
        (e: unknown) => (e instanceof TlsFilesError ? e.message : String(e)),
      );
    expect(await start('--tls-cert', CERT, '--tls-key', '/nonexistent/key.pem')).toBe(
      'cannot read the TLS key /nonexistent/key.pem: no such file',
    );
    const junk = join(tempDir(), 'junk.pem');
    writeFileSync(junk, 'junk\n');
    expect(await start('--tls-cert', junk, '--tls-key', KEY)).toMatch(
      /^--tls-cert .*junk\.pem and --tls-key .*self-signed\.key are not a PEM certificate and its private key \(/,
    );
    expect(await start('--tls-cert', CERT, '--tls-key', KEY)).toBe('started');
  });
});
