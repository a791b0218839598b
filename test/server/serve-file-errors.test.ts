// `cdn-tui serve` with a file it cannot read or write says the file and why in words, as the other
// commands do (`cannot read the CA file … : no such file`), never a bare errno: --tls-cert and
// --tls-key that cannot be read and a --log that cannot be opened (exit 1, nothing listens), a
// --log whose lines cannot be written (the answer is sent all the same). Runs the built command.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, spawnEmulator, tempDir } from '../helpers/emulator.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'tls');
const CERT = join(FIXTURES, 'self-signed.crt');
const KEY = join(FIXTURES, 'self-signed.key');

function serve(args: string[]) {
  return spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], { encoding: 'utf8', timeout: 10_000 });
}

describe.skipIf(!existsSync(BIN))('cdn-tui serve, a file it cannot use', () => {
  it('--tls-key missing: the file and "no such file", exit 1', () => {
    const r = serve(['--tls-cert', CERT, '--tls-key', '/nonexistent/key.pem']);
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: 'cdn-tui serve: cannot read the TLS key /nonexistent/key.pem: no such file\n',
    });
  });

  it('--tls-cert a folder, or below a file: said in words, exit 1', () => {
    const dir = tempDir();
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(serve(['--tls-cert', dir, '--tls-key', KEY])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `cdn-tui serve: cannot read the TLS certificate ${dir}: it is a folder\n`,
    });
    expect(serve(['--tls-cert', join(file, 'c.pem'), '--tls-key', KEY])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `cdn-tui serve: cannot read the TLS certificate ${join(file, 'c.pem')}: ${file} is a file, not a folder\n`,
    });
  });

  it('--log that cannot be opened: the file and why in words, exit 1', () => {
    const dir = tempDir();
    const file = join(dir, 'file');
    writeFileSync(file, '');
    expect(serve(['--log', '/nonexistent/x.log'])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'cdn-tui serve: cannot open the log /nonexistent/x.log: no such folder\n',
    });
    expect(serve(['--log', dir])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `cdn-tui serve: cannot open the log ${dir}: it is a folder\n`,
    });
    expect(serve(['--log', join(file, 'x.log')])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `cdn-tui serve: cannot open the log ${join(file, 'x.log')}: ${file} is a file, not a folder\n`,
    });
  });

  it.skipIf(!existsSync('/dev/full'))('--log whose lines cannot be written: the file and why, for each; the answers are sent', async () => {
    const emu = await spawnEmulator(['--log', '/dev/full']);
    try {
      expect((await emu.call('GET', '/content_delivery/configurations')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100)); // the line goes to stderr after the answer
      expect(emu.stderr()).toBe('cdn-tui serve: cannot write the log /dev/full: the disk is full\n');
    } finally {
      await emu.close();
    }
  });
});
