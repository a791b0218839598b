// export and apply for scripts (docs/ux.md §6): export then apply → "nothing to do", exit 0; an edited
// file → the diff and the exact requests, then sent with --yes; a change made on the server since
// the export → exit 3, nothing sent; a new rule in the file (no id) is created.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, exportCommand, EXIT_CONFLICT } from '../../src/cli/transfer.js';
import { BIN, emulatorFixture, tempDir } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
// 10 writes a 2 s window: the real service's 20 a minute, faster.
const paced = emulatorFixture(['--seed', 'demo', '--rate-limit', '1000/10', '--rate-window', '2'], { log: true });
const CFG = '/content_delivery/configurations';

function io(interactive = false) {
  let text = '';
  let errors = '';
  return {
    out: (t: string) => void (text += t),
    err: (t: string) => void (errors += t),
    ask: async () => 'n',
    interactive,
    text: () => text,
    errors: () => errors,
  };
}

const flags = () => ({ baseUrl: emu.url, token: emu.token, readOnly: false, demo: false });
const writes = () => emu.log().filter((l) => l.method !== 'GET').length;

async function exported(id: number): Promise<{
  path: string;
  json: Record<string, unknown> & { rules: Array<Record<string, unknown>>; configuration: Record<string, unknown> };
}> {
  const path = join(tempDir(), `cfg-${id}.json`);
  expect(await exportCommand(flags(), id, path, io())).toBe(0);
  return { path, json: JSON.parse(readFileSync(path, 'utf8')) };
}

describe('export and apply', () => {
  it('export then apply --dry-run of the same file: "nothing to do", exit 0, nothing sent', async () => {
    const { path, json } = await exported(demoId(2));
    expect(json.format).toBe('cdn-tui.configuration');
    expect(Object.keys(json.configuration).slice(0, 2)).toEqual(['id', 'name']); // schema order
    const before = writes();
    const out = io();
    expect(await applyCommand(flags(), path, { dryRun: true, yes: false }, out)).toBe(0);
    expect(out.text()).toBe('nothing to do\n');
    expect(writes()).toBe(before);
  });

  it('two exports of the same state are the same bytes; apply --yes of a fresh export writes nothing, exit 0', async () => {
    const first = await exported(demoId(6));
    const second = await exported(demoId(6));
    expect(readFileSync(second.path, 'utf8')).toBe(readFileSync(first.path, 'utf8'));
    expect(readFileSync(first.path, 'utf8').endsWith('}\n')).toBe(true);
    expect(first.json).not.toHaveProperty('exported_at');
    const ids = (list: Array<Record<string, unknown>>) => list.map((r) => Number(r.id));
    expect(ids(first.json.rules)).toEqual([...ids(first.json.rules)].sort((a, b) => a - b));
    const before = writes();
    const out = io();
    expect(await applyCommand(flags(), first.path, { dryRun: false, yes: true }, out)).toBe(0);
    expect(out.text()).toBe('nothing to do\n');
    expect(writes()).toBe(before);
  });

  it('an edited file: the diff and the exact requests, then applied with --yes', async () => {
    const { path, json } = await exported(demoId(3));
    json.configuration.name = 'edited by apply';
    const rule = json.rules[0]!;
    rule.gzip = !rule.gzip;
    json.rules.push({ path: '/added-by-apply/', behavior: 'delivery', path_origin_id: rule.path_origin_id });
    writeFileSync(path, JSON.stringify(json));
    // A field the API requires is missing: nothing is sent, the field is named.
    const incomplete = io();
    const before = writes();
    expect(await applyCommand(flags(), path, { dryRun: false, yes: true }, incomplete)).toBe(1);
    // Under its request, in the API's words; the summary counts it; nothing sent.
    expect(incomplete.text()).toMatch(
      new RegExp(
        `new rule /added-by-apply/ in configuration ${demoId(3)}\\n(  .*\\n)*  POST .*\\n  refused: protocol_policy: This field is required\\.\\n`,
      ),
    );
    expect(incomplete.text()).toContain(
      '3 changes, 3 requests · 1 would be refused\nnot sent: 1 request would be refused (above): fix the file\n',
    );
    expect(writes()).toBe(before);
    json.rules[json.rules.length - 1]!.protocol_policy = 'http';
    writeFileSync(path, JSON.stringify(json));
    const dry = io();
    expect(await applyCommand(flags(), path, { dryRun: true, yes: false }, dry)).toBe(0);
    expect(dry.text()).toContain('  name: -');
    expect(dry.text()).toContain('+"edited by apply"');
    expect(dry.text()).toContain(`PATCH ${CFG}/${demoId(3)} {"name": "edited by apply"}`);
    expect(dry.text()).toMatch(new RegExp(`POST ${CFG}/${demoId(3)}/rules_engine \\{.*"path": "/added-by-apply/"`));
    expect(dry.text()).toMatch(/3 changes, 3 requests/);

    const refused = io(false);
    await expect(applyCommand(flags(), path, { dryRun: false, yes: false }, refused)).rejects.toThrow(/add --yes/);
    const sent = io();
    const code = await applyCommand(flags(), path, { dryRun: false, yes: true }, sent);
    expect(code, sent.text()).toBe(0);
    expect((await emu.call('GET', `${CFG}/${demoId(3)}`)).body.name).toBe('edited by apply');
    const rules = (await emu.call('GET', `${CFG}/${demoId(3)}/rules_engine`)).body as Array<{ path: string; gzip: boolean; id: number }>;
    expect(rules.find((r) => r.id === rule.id)?.gzip).toBe(rule.gzip);
    expect(rules.filter((r) => r.path === '/added-by-apply/')).toHaveLength(1);
    // Applied again: nothing left to do (the new rule is matched by its path).
    const again = io();
    expect(await applyCommand(flags(), path, { dryRun: true, yes: false }, again)).toBe(0);
    expect(again.text()).toBe('nothing to do\n');
  });

  it('a change made on the server since the export: exit 3, nothing sent', async () => {
    const { path, json } = await exported(demoId(4));
    json.configuration.name = 'mine';
    writeFileSync(path, JSON.stringify(json));
    await emu.call('PATCH', `${CFG}/${demoId(4)}`, { body: { name: 'theirs' } });
    const before = writes();
    const out = io();
    expect(await applyCommand(flags(), path, { dryRun: false, yes: true }, out)).toBe(EXIT_CONFLICT);
    expect(out.text()).toMatch(
      new RegExp(`^conflict: nothing sent\n {2}configuration ${demoId(4)}: changed on the server since the export`),
    );
    expect(writes()).toBe(before);
    expect((await emu.call('GET', `${CFG}/${demoId(4)}`)).body.name).toBe('theirs');
  });

  it('the built command: export to stdout, apply --dry-run of it says "nothing to do" (exit 0), bad usage exits 2', async () => {
    // Asynchronously: the emulator answers from this process.
    const run = (...args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
        execFile(
          process.execPath,
          [BIN, ...args, '--base-url', emu.url, '--token', emu.token],
          { encoding: 'utf8', timeout: 20_000 },
          (error, stdout, stderr) => {
            done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
          },
        );
      });
    const out = await run('export', String(demoId(5)));
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout).configuration.id).toBe(demoId(5));
    const path = join(tempDir(), 'five.json');
    writeFileSync(path, out.stdout);
    const dry = await run('apply', path, '--dry-run');
    expect([dry.status, dry.stdout]).toEqual([0, 'nothing to do\n']);
    const bad = await run('export', 'five');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cdn-tui export needs a configuration id/);
    expect(`${out.stderr}${dry.stderr}${bad.stderr}`).not.toContain(emu.token);
  });

  it('under a rate limit: 25 new rules at 10 writes a window all made, paced (a line on stderr per wait), at most one 429, exit 0', async () => {
    const pacedFlags = { baseUrl: paced.url, token: paced.token, readOnly: false, demo: false };
    const path = join(tempDir(), 'paced.json');
    expect(await exportCommand(pacedFlags, demoId(2), path, io())).toBe(0);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    const origin = json.rules[0].path_origin_id;
    for (let i = 0; i < 25; i++)
      json.rules.push({ path: `/paced-${i}/`, regex: false, behavior: 'delivery', protocol_policy: 'http', path_origin_id: origin });
    writeFileSync(path, JSON.stringify(json));
    const out = io();
    expect(await applyCommand(pacedFlags, path, { dryRun: false, yes: true }, out)).toBe(0);
    expect(out.text()).toMatch(/25 applied/);
    const posts = paced.log().filter((l) => l.method === 'POST');
    expect(posts.filter((l) => l.status === 201)).toHaveLength(25);
    expect(posts.filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
    const [first, ...later] = out.errors().trimEnd().split('\n');
    // The first wait knows the time left in the window, not its length (two windows' resets show that).
    expect(first).toMatch(/^sent \d+ of 25 · rate limit reached · next in \d+ s · about \d+ s left$/);
    expect(later.length).toBeGreaterThanOrEqual(1);
    for (const line of later) expect(line).toMatch(/^sent \d+ of 25 · rate limit 10 writes\/[23] s · next in \d+ s · about \d+ s left$/);
    const rules = await paced.call('GET', `${CFG}/${demoId(2)}/rules_engine`);
    expect(rules.body.filter((r: { path: string }) => r.path.startsWith('/paced-'))).toHaveLength(25);
  });
});
