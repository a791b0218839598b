// `cdn-tui find QUERY [--json]` and `cdn-tui bulk QUERY --set FIELD=VALUE... [--dry-run | --yes]`
// against the emulator (seeded with 12 configurations): find's lines and JSON, exit 0 with matches,
// 1 with none, 2 for a query that does not parse (the parser's words), 4 when the API cannot be
// reached; bulk's review grouped by configuration, --dry-run sends nothing (no write in the log),
// --yes sends exactly one PATCH per changed match, once, as one send of the profile's history (whose
// undo, the TUI's z, puts every record back); without a terminal to ask, bad usage before any read; a
// field the records lack, a bad value, a cache setting a configuration does not have; and bulk
// under a tight write window (5 a 5 s): every PATCH once, at most one answer 429. Then the built
// command as a user runs it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/args.js';
import { CliError } from '../../src/cli/errors.js';
import { bulkCommand, findCommand } from '../../src/cli/find.js';
import { parseBulkArgs } from '../../src/cli/find-args.js';
import { FIND_USAGE } from '../../src/cli/usage.js';
import { createApiClient } from '../../src/api/index.js';
import {
  createAppStore,
  createFileHistory,
  createMemoryHistory,
  createMemoryJournal,
  historyFile,
  listKey,
  stateDir,
} from '../../src/store/index.js';
import { BIN, emulatorFixture, type EmulatorFixture } from '../helpers/emulator.js';

const CFG = '/content_delivery/configurations';

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `cdn-tui find|bulk ARGS` in this process against `target`: stdout, stderr (a failure's sentence) and the exit code. */
async function run(args: readonly string[], target: EmulatorFixture, baseUrl = target.url): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io = {
    out: (t: string) => void (stdout += t),
    err: (t: string) => void (stderr += t),
    ask: () => Promise.reject(new Error('no question expected')),
    interactive: false,
  };
  try {
    const command = parseCommand([...args, '--base-url', baseUrl, '--token', target.token]);
    if (command.kind === 'find') return { status: await findCommand(command.args, io), stdout, stderr };
    if (command.kind === 'bulk') return { status: await bulkCommand(command.args, io), stdout, stderr };
    throw new Error(`not find or bulk: ${command.kind}`);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return { status: e.exitCode, stdout, stderr: stderr + e.message };
  }
}

interface Rule {
  readonly id: number;
  readonly path: string;
  readonly gzip: boolean;
  readonly cache_settings_id: number | null;
  readonly conf: number;
}

/** Every rule of the emulator, read through its API. */
async function rules(target: EmulatorFixture): Promise<Rule[]> {
  const confs: Array<{ id: number }> = (await target.call('GET', CFG)).body;
  const out: Rule[] = [];
  for (const c of confs) {
    const list: Array<Omit<Rule, 'conf'>> = (await target.call('GET', `${CFG}/${c.id}/rules_engine`)).body;
    out.push(...list.map((r) => ({ ...r, conf: c.id })));
  }
  return out;
}

const writes = (target: EmulatorFixture) => target.log().filter((l) => l.method !== 'GET' && l.method !== 'HEAD' && l.method !== 'OPTIONS');

describe('cdn-tui find', () => {
  const emu = emulatorFixture(['--seed', '12']);

  it('prints one match a line, configuration id · name · kind · id · path, exit 0', async () => {
    const off = (await rules(emu)).filter((r) => !r.gzip);
    expect(off.length).toBeGreaterThan(0);
    const r = await run(['find', 'gzip:false'], emu);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(off.length);
    for (const rule of off)
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${rule.conf} · \\S+ · rule · ${rule.id} · ${rule.path}$`)));
  });

  it('--json prints an array of {configuration: {id, name}, kind, id, path | name}', async () => {
    const r = await run(['find', 'kind:cache', '--json'], emu);
    expect(r.status, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(['configuration', 'kind', 'id', 'name']);
      expect(item.kind).toBe('cache_setting');
      expect(typeof item.configuration.id).toBe('number');
      expect(typeof item.configuration.name).toBe('string');
    }
    const rulesJson = JSON.parse((await run(['find', 'gzip:false', '--json'], emu)).stdout);
    expect(Object.keys(rulesJson[0])).toEqual(['configuration', 'kind', 'id', 'path']);
  });

  it('a query of several words is one query; in: keeps configurations by name', async () => {
    const confs: Array<{ id: number; name: string }> = (await emu.call('GET', CFG)).body;
    const first = confs[0]!;
    const r = await run(['find', 'kind:configuration', `in:${first.name}`], emu);
    expect(r.stdout).toBe(`${first.id} · ${first.name} · configuration · ${first.id} · ${first.name}\n`);
  });

  it('exit 1 with no match, and nothing printed (--json: an empty array)', async () => {
    expect(await run(['find', 'path:/no-such-path-anywhere'], emu)).toMatchObject({ status: 1, stdout: '' });
    expect(await run(['find', 'path:/no-such-path-anywhere', '--json'], emu)).toMatchObject({ status: 1, stdout: '[]\n' });
  });

  it('exit 2 for a query that does not parse: the parser names the fields', async () => {
    const r = await run(['find', 'gzp:false'], emu);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown field gzp \(gzip\?\).*path.*behavior/);
    expect((await run(['find', 'gzip:perhaps'], emu)).status).toBe(2);
  });

  it('exit 4 when the API cannot be reached', async () => {
    const r = await run(['find', 'gzip:false'], emu, 'http://127.0.0.1:9');
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/^cannot list the configurations: /);
  });
});

describe('cdn-tui bulk', () => {
  const emu = emulatorFixture(['--seed', '12'], { log: true });

  it('--dry-run prints the review grouped by configuration and sends nothing', async () => {
    const off = (await rules(emu)).filter((r) => !r.gzip);
    const r = await run(['bulk', 'gzip:false', '--set', 'gzip=yes', '--dry-run'], emu);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const confs = new Set(off.map((x) => x.conf));
    expect(r.stdout.match(/^configuration .* \(\d+\)$/gm)).toHaveLength(confs.size);
    expect(r.stdout.match(/^ {4}PATCH .*\/rules_engine\/\d+ \{"gzip": true\}$/gm)).toHaveLength(off.length);
    expect(r.stdout).toContain(`${off.length} change${off.length === 1 ? '' : 's'}, ${off.length} request`);
    expect(writes(emu)).toEqual([]);
  });

  it('bad usage: a field the records do not have, a value the field cannot take, no --set, both --dry-run and --yes', async () => {
    const field = await run(['bulk', 'gzip:false', '--set', 'gzp=true', '--dry-run'], emu);
    expect(field.status).toBe(2);
    expect(field.stderr).toMatch(/--set gzp: is no field of a rule \(a rule has path, .*gzip/);
    const value = await run(['bulk', 'gzip:false', '--set', 'behavior=teleport', '--dry-run'], emu);
    expect(value.status).toBe(2);
    expect(value.stderr).toMatch(/behavior takes delivery, redirect, access_denied/);
    expect(() => parseBulkArgs(['gzip:false'])).toThrow(/needs at least one --set FIELD=VALUE/);
    expect(() => parseBulkArgs(['gzip:false', '--set', 'gzip'])).toThrow(/--set needs FIELD=VALUE/);
    expect(() => parseBulkArgs(['gzip:false', '--set', 'gzip=true', '--dry-run', '--yes'])).toThrow(/either --dry-run/);
    expect(writes(emu)).toEqual([]);
  });

  it('a cache setting by name is the id of the one of that name in the configuration of each rule', async () => {
    const conf: { id: number; name: string } = (await emu.call('GET', CFG)).body[1];
    const settings: Array<{ id: number; name: string }> = (await emu.call('GET', `${CFG}/${conf.id}/cache_settings`)).body;
    const onRules = (await rules(emu)).filter((x) => x.conf === conf.id).map((x) => x.cache_settings_id);
    const target = settings.find((c) => onRules.some((id) => id !== c.id))!;
    const r = await run(['bulk', 'kind:rule', `in:${conf.name}`, '--set', `cache=${target.name.toUpperCase()}`, '--dry-run'], emu);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain(`\nconfiguration ${conf.name} (${conf.id})\n`);
    expect(r.stdout).toMatch(new RegExp(`PATCH .*/rules_engine/\\d+ \\{"cache_settings_id": ${target.id}\\}`));
    expect(writes(emu)).toEqual([]);
  });

  it('a cache setting by name is the one of each configuration; one a configuration lacks is refused in the review, nothing sent', async () => {
    const missing = await run(['bulk', 'kind:rule', '--set', 'cache_setting=no such setting', '--dry-run'], emu);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toMatch(
      /refused: cache_settings_id: rule .*: no cache setting is named "no such setting" in this configuration/,
    );
    expect(missing.stdout).toMatch(/not sent: \d+ requests? would be refused/);
    expect(writes(emu)).toEqual([]);
  });

  it('--yes sends one PATCH per changed match, each once, as one send of the history', async () => {
    const off = (await rules(emu)).filter((r) => !r.gzip);
    const r = await run(['bulk', 'gzip:false', '--set', 'gzip=true', '--yes'], emu);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const sent = writes(emu);
    expect(sent).toHaveLength(off.length);
    expect(sent.every((l) => l.method === 'PATCH' && l.status === 200)).toBe(true);
    expect(new Set(sent.map((l) => l.path)).size).toBe(off.length);
    expect((await rules(emu)).filter((x) => !x.gzip)).toEqual([]);
    const entries = createFileHistory(historyFile(stateDir(process.env), emu.url)).load();
    expect(entries).toHaveLength(off.length);
    expect(new Set(entries.map((e) => e.send)).size).toBe(1);
    // What the TUI's z does with that send (H, the send, z): one review that puts every rule back.
    const store = createAppStore({
      api: createApiClient({ baseUrl: emu.url, token: emu.token }),
      journal: createMemoryJournal(),
      history: createMemoryHistory(),
    });
    await store.getState().ensureLoaded('configurations');
    // The records as the TUI has them (read, or kept from an earlier start).
    await store.getState().loadLists([...new Set(off.map((x) => listKey('rule', x.conf)))], { concurrency: 4 });
    const undo = store.getState().startUndo(entries);
    if ('problem' in undo) throw new Error(undo.problem);
    expect(undo.keys).toHaveLength(off.length);
    expect((await store.getState().applyMany(undo.keys)).every((x) => x.outcome === 'applied')).toBe(true);
    expect((await rules(emu)).filter((x) => !x.gzip).map((x) => x.id)).toEqual(off.map((x) => x.id));
    const back = writes(emu).length;
    expect(back).toBe(2 * off.length);
    // Redone, then again: every match has it already, nothing to send.
    expect((await run(['bulk', 'gzip:false', '--set', 'gzip=true', '--yes'], emu)).status).toBe(0);
    const again = await run(['bulk', 'path:/', 'kind:rule', '--set', 'gzip=true', '--yes'], emu);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/already have gzip=true: left alone\nnothing to do\n$/);
    expect(writes(emu)).toHaveLength(3 * off.length);
  });

  it('without --yes or --dry-run and no terminal to ask: bad usage before anything is read', async () => {
    const before = emu.log().length;
    const r = await run(['bulk', 'gzip:false', '--set', 'gzip=true'], emu);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no terminal to ask before sending: add --yes/);
    expect(emu.log()).toHaveLength(before);
  });
});

describe('cdn-tui bulk under a tight rate limit', () => {
  // 5 writes a 5 s window: the PATCHes wait for the windows, and say so on stderr.
  const tight = emulatorFixture(['--seed', '12', '--rate-limit', '80/5', '--rate-window', '5'], { log: true });

  it('sends every PATCH once, at most one answer 429', async () => {
    const off = (await rules(tight)).filter((r) => !r.gzip);
    expect(off.length).toBeGreaterThan(5);
    const r = await run(['bulk', 'gzip:false', '--set', 'gzip=true', '--yes'], tight);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const patches = tight.log().filter((l) => l.method === 'PATCH');
    const ok = patches.filter((l) => l.status === 200);
    expect(ok).toHaveLength(off.length);
    expect(new Set(ok.map((l) => l.path)).size).toBe(off.length);
    expect(tight.log().filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
    expect(r.stderr).toMatch(/rate limit/);
  }, 60_000);
});

describe('the built command', () => {
  const emu = emulatorFixture(['--seed', '12'], { child: true });

  it('exits 0, 1, 2 and 4 as its help says; --help names both commands', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], {
        encoding: 'utf8',
        env: { ...process.env, CDN_TUI_BASE_URL: emu.url, CDN_TUI_TOKEN: emu.token },
      });
    const found = cli('find', 'gzip:false');
    expect(found.status, found.stderr).toBe(0);
    expect(found.stdout).toMatch(/^\d+ · .* · rule · \d+ · \//);
    expect(cli('find', 'path:/no-such-path').status).toBe(1);
    const bad = cli('find', 'gzp:false');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^cdn-tui find: unknown field gzp/);
    expect(cli('find', 'gzip:false', '--base-url', 'http://127.0.0.1:9').status).toBe(4);
    const help = cli('bulk', '--help');
    expect(help.stdout).toBe(FIND_USAGE);
    expect(cli('--help').stdout).toMatch(/cdn-tui find QUERY[\s\S]*cdn-tui bulk QUERY --set/);
  }, 30_000);
});
