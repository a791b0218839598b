// Drafts survive a kill -9 of the process that held them; an unreadable journal is set aside, not deleted.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import { createFileJournal, journalFile, recordKey, stateDir } from '../../src/store/index.js';
import { storeFor } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo']);

describe('draft journal', () => {
  it('keeps the drafts of a store killed with -9 and restores them into a new store', async () => {
    const state = tempDir();
    const bundle = join(tempDir(), 'child.mjs');
    await build({ entryPoints: ['test/fixtures/journal-child.ts'], outfile: bundle, bundle: true, platform: 'node', format: 'esm', logLevel: 'error',
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const child = spawn(process.execPath, [bundle, emu.url, emu.token], { env: { ...process.env, XDG_STATE_HOME: state }, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((r) => child.on('exit', r));
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('drafted');
    child.kill('SIGKILL');
    await exited;

    const dir = stateDir({ XDG_STATE_HOME: state });
    const file = journalFile(dir, emu.url);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const store = storeFor(emu, createFileJournal(file, emu.url));
    const drafts = store.getState().drafts;
    expect(drafts[recordKey('configuration', undefined, 2)]?.values.name).toBe('unsaved edit');
    expect(Object.values(drafts).some((d) => d.target.op === 'create' && d.values.path === '/drafted/')).toBe(true);
    // the restored draft applies like any other
    await store.getState().loadConfigurations();
    expect((await store.getState().apply(recordKey('configuration', undefined, 2))).outcome).toBe('applied');
    expect(JSON.parse(readFileSync(file, 'utf8')).drafts[recordKey('configuration', undefined, 2)]).toBeUndefined();
  });

  it('sets an unreadable journal aside and starts empty, saying where it went', () => {
    const dir = join(tempDir(), 'cdn-tui');
    mkdirSync(dir);
    const file = join(dir, 'drafts-x.json');
    writeFileSync(file, '{"version":1,"drafts":{"configuration:1": ');
    const loaded = createFileJournal(file, emu.url).load();
    expect(loaded.drafts).toEqual({});
    expect(loaded.notice).toMatch(/could not be read/);
    expect(existsSync(file)).toBe(false);
    const aside = readdirSync(dir).filter((f) => f.startsWith('drafts-x.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"drafts":{"configuration:1": ');
  });
});
