// A file the commands cannot write or read is said as the user can act on it: the command, the
// path and the reason in words (`cdn-tui export: cannot write /proc/nope.json: no such folder.`),
// the command's exit code, never "unexpected error" or a bare errno. As root, permissions stop
// nothing, so a file stands where a folder should be (ENOTDIR), or a folder is missing (ENOENT).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/errors.js';
import { saveLogin } from '../../src/cli/login.js';
import { slug } from '../../src/cli/transfer-all.js';
import { pathReason } from '../../src/store/disk-words.js';
import { makeFolder } from '../../src/util/make-folder.js';
import { codeOf } from '../../src/util/errors.js';
import { BIN, emulatorFixture, tempDir } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);
/** Linux's /proc takes no new file or folder: ENOENT though the folder above is there. */
const hasProc = existsSync('/proc/self');

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built `cdn-tui ARGS` against the emulator, with its token unless `token` is false (asynchronously: the emulator answers from this process). */
function run(args: readonly string[], env: Readonly<Record<string, string>> = {}, token = true): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--base-url', emu.url, ...(token ? ['--token', emu.token] : [])],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, CDN_TUI_DEBUG: '', ...env } },
      (error, stdout, stderr) => {
        done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** A temp folder holding `file`, a regular file: a path below it cannot be made or written. */
function scene(): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'file');
  writeFileSync(file, '');
  return { dir, file };
}

describe('a file export cannot write', () => {
  it('export --out FILE: the path and why, exit 1, nothing on stdout', async () => {
    const { dir, file } = scene();
    const id = String(demoId(2));
    expect(await run(['export', id, '--out', join(dir, 'missing', 'out.json')])).toEqual({
      status: 1,
      stdout: '',
      stderr: `cdn-tui export: cannot write ${join(dir, 'missing', 'out.json')}: no such folder.\n`,
    });
    expect(await run(['export', id, '--out', join(file, 'out.json')])).toEqual({
      status: 1,
      stdout: '',
      stderr: `cdn-tui export: cannot write ${join(file, 'out.json')}: ${file} is a file, not a folder.\n`,
    });
    expect(await run(['export', id, '--out', dir])).toEqual({
      status: 1,
      stdout: '',
      stderr: `cdn-tui export: cannot write ${dir}: it is a folder.\n`,
    });
  });

  it.skipIf(!hasProc)("export --out /proc/nope.json: the issue's own line", async () => {
    expect(await run(['export', String(demoId(2)), '--out', '/proc/nope.json'])).toEqual({
      status: 1,
      stdout: '',
      stderr: 'cdn-tui export: cannot write /proc/nope.json: no such folder.\n',
    });
  });

  it('export --all --out DIR: a folder that cannot be made is said before anything is read', async () => {
    const { file } = scene();
    expect(await run(['export', '--all', '--out', file])).toMatchObject({
      status: 1,
      stderr: `cdn-tui export: cannot make the folder ${file}: it is a file, not a folder.\n`,
    });
    expect(await run(['export', '--all', '--out', join(file, 'exports')])).toMatchObject({
      status: 1,
      stderr: `cdn-tui export: cannot make the folder ${join(file, 'exports')}: ${file} is a file, not a folder.\n`,
    });
  });

  it.skipIf(!hasProc)("export --all --out /proc/nope: said at once (Node's own recursive mkdir spins there for ever)", async () => {
    const started = Date.now();
    expect(await run(['export', '--all', '--out', '/proc/nope/exports'])).toMatchObject({
      status: 1,
      stderr: 'cdn-tui export: cannot make the folder /proc/nope/exports: no such folder.\n',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('export --all --out DIR: a file that cannot be written in it is named, with how many were', async () => {
    const dir = tempDir();
    // A folder where the first export's file would go.
    const list = (await emu.call('GET', '/content_delivery/configurations')).body as Array<{ id: number; name: string }>;
    const first = [...list].sort((a, b) => a.id - b.id)[0]!;
    const blocked = join(dir, `${first.id}-${slug(first.name)}.json`);
    mkdirSync(blocked);
    const r = await run(['export', '--all', '--out', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`cdn-tui export: cannot write ${blocked} (0 of ${list.length} written): it is a folder.\n`);
  });
});

describe('a file the commands cannot read', () => {
  it('apply FILE: the path and why, exit 2 (as a file apply cannot use always was)', async () => {
    const { dir, file } = scene();
    expect(await run(['apply', join(dir, 'gone.json'), '--dry-run'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `cdn-tui apply: cannot read ${join(dir, 'gone.json')}: no such file.\n`,
    });
    expect(await run(['apply', join(file, 'x.json'), '--dry-run'])).toMatchObject({
      status: 2,
      stderr: `cdn-tui apply: cannot read ${join(file, 'x.json')}: ${file} is a file, not a folder.\n`,
    });
  });

  it('apply DIR: an export in it that cannot be read is named, exit 2', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a.json'));
    expect(await run(['apply', dir, '--dry-run'])).toMatchObject({
      status: 2,
      stderr: `cdn-tui apply: cannot read ${join(dir, 'a.json')}: it is a folder.\n`,
    });
  });

  it('diff and lint: a side or target file that cannot be read, exit 4', async () => {
    const { dir, file } = scene();
    expect(await run(['diff', join(dir, 'gone.json'), String(demoId(2))])).toEqual({
      status: 4,
      stdout: '',
      stderr: `cdn-tui diff: cannot read ${join(dir, 'gone.json')}: no such file.\n`,
    });
    expect(await run(['lint', join(file, 'a.json')])).toEqual({
      status: 4,
      stdout: '',
      stderr: `cdn-tui lint: cannot read ${join(file, 'a.json')}: ${file} is a file, not a folder.\n`,
    });
    // A folder is not taken for an export: the message says what it is.
    expect(await run(['lint', dir])).toMatchObject({
      status: 4,
      stderr: `cdn-tui lint: there is no configuration named "${dir}" (${dir} is a folder, not an export file).\n`,
    });
  });

  it('--token-file, --ca-file and the config file: the path and why', async () => {
    const { dir, file } = scene();
    const id = String(demoId(2));
    expect((await run(['export', id, '--token-file', join(file, 'token')], {}, false)).stderr).toBe(
      `cdn-tui export: cannot read the token file ${join(file, 'token')}: ${file} is a file, not a folder.\n`,
    );
    expect(await run(['export', id, '--ca-file', join(dir, 'ca.pem')])).toMatchObject({
      status: 2,
      stderr: `cdn-tui export: cannot read the CA file ${join(dir, 'ca.pem')} (from --ca-file): no such file.\n`,
    });
    expect(await run(['export', id, '--profile', 'prod'], { CDN_TUI_CONFIG: join(file, 'config.json') })).toMatchObject({
      status: 1,
      stderr: `cdn-tui export: cannot read the config file ${join(file, 'config.json')}: ${file} is a file, not a folder.\n`,
    });
  });
});

describe('the config file a login saves', () => {
  it.skipIf(!hasProc)('a folder that cannot be made: the file and why (a login says it got the token)', () => {
    const failure = (() => {
      try {
        saveLogin('/proc/nope/cdn-tui/config.json', 'prod', { baseUrl: 'http://127.0.0.1:1', token: 'saved-token-7777' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(CliError);
    expect(failure instanceof CliError && failure.message).toBe(
      'cannot write the config file /proc/nope/cdn-tui/config.json: no such folder',
    );
  });

  it('a new folder is made private (0700) and the file 0600', () => {
    const path = join(tempDir(), 'a', 'b', 'config.json');
    saveLogin(path, 'prod', { baseUrl: 'http://127.0.0.1:1', token: 'saved-token-7777' });
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.prod.token).toBe('saved-token-7777');
    expect([statSync(join(path, '..', '..')).mode & 0o777, statSync(join(path, '..')).mode & 0o777, statSync(path).mode & 0o777]).toEqual([
      0o700, 0o700, 0o600,
    ]);
  });
});

describe('makeFolder and pathReason', () => {
  const thrown = (fn: () => void): unknown => {
    try {
      fn();
    } catch (e) {
      return e;
    }
    return undefined;
  };

  it('makes what is missing, keeps what is there, and names a file in the way', () => {
    const { dir, file } = scene();
    makeFolder(join(dir, 'x', 'y', 'z'));
    makeFolder(join(dir, 'x', 'y', 'z'));
    expect(statSync(join(dir, 'x', 'y', 'z')).isDirectory()).toBe(true);
    const below = thrown(() => makeFolder(join(file, 'y')));
    expect([codeOf(below), pathReason(below, join(file, 'y'), 'write')]).toEqual(['ENOTDIR', `${file} is a file, not a folder`]);
    const itself = thrown(() => makeFolder(file));
    expect([codeOf(itself), pathReason(itself, file, 'write')]).toEqual(['EEXIST', 'it is a file, not a folder']);
  });

  it("a missing file when reading, a missing folder when writing; a code it does not know: the error's message", () => {
    const missing = Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
    expect([pathReason(missing, '/x/y.json', 'read'), pathReason(missing, '/x/y.json', 'write')]).toEqual([
      'no such file',
      'no such folder',
    ]);
    expect(pathReason(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }), '/x', 'read')).toBe('no permission');
    expect(pathReason(Object.assign(new Error('odd failure'), { code: 'EODD' }), '/x', 'read')).toBe('odd failure');
  });
});
