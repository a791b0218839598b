// apply lands whole or refuses before anything is sent (docs/export-format.md, docs/preflight.md):
// two rules whose paths are swapped in the file go as three requests that all succeed; a rule moved
// to a new path plus a new rule at the old path is one PATCH and one POST; a file that does not say
// exactly what it means — an id twice, an unknown field, an id of another configuration, two files
// for one configuration — exits 2 with each problem at its JSON path, and nothing is sent.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand, exportCommand } from '../../src/cli/transfer.js';
import { emulatorFixture, refusedSince, tempDir } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
const CFG = '/content_delivery/configurations';

function io() {
  let text = '';
  return { out: (t: string) => void (text += t), err: () => undefined, ask: async () => 'n', interactive: false, text: () => text };
}

const flags = () => ({ baseUrl: emu.url, token: emu.token, readOnly: false, demo: false });
const mark = () => emu.log().length;
const writesSince = (from: number) =>
  emu
    .log()
    .slice(from)
    .filter((l) => l.method !== 'GET');

type Json = Record<string, unknown> & { rules: Array<Record<string, unknown>>; cache_settings: Array<Record<string, unknown>> };

async function exported(id: number, dir = tempDir()): Promise<{ path: string; json: Json }> {
  const path = join(dir, `${id}.json`);
  expect(await exportCommand(flags(), id, path, io())).toBe(0);
  return { path, json: JSON.parse(readFileSync(path, 'utf8')) };
}

/** Runs apply, returning its exit code (a refusal's CliError as its code) and the message. */
async function apply(path: string, yes = true): Promise<{ code: number; text: string }> {
  const out = io();
  try {
    return { code: await applyCommand(flags(), path, { dryRun: !yes, yes }, out), text: out.text() };
  } catch (e) {
    return { code: (e as { exitCode: number }).exitCode, text: (e as Error).message };
  }
}

const plainRules = (json: Json) => json.rules.filter((r) => r.regex === false);

describe('apply lands whole', () => {
  it('two rules with their paths swapped in the file: the dry run numbers three requests, --yes sends them, none refused', async () => {
    const { path, json } = await exported(demoId(1));
    const [a, b] = plainRules(json);
    [a!.path, b!.path] = [b!.path, a!.path];
    writeFileSync(path, JSON.stringify(json));
    const dry = await apply(path, false);
    expect(dry.code).toBe(0);
    expect(dry.text).toMatch(/^1\. .*\(parked until its own request below\)$/m);
    expect(dry.text).toContain('2 changes, 3 requests');
    const from = mark();
    const sent = await apply(path);
    expect(sent.code).toBe(0);
    expect(sent.text).toContain('2 applied');
    expect(refusedSince(emu, from)).toEqual([]);
    expect(writesSince(from)).toHaveLength(3);
    const rules = (await emu.call('GET', `${CFG}/${demoId(1)}/rules_engine`)).body as Array<Record<string, unknown>>;
    expect(rules.find((r) => r.id === a!.id)!.path).toBe(a!.path);
    expect(rules.find((r) => r.id === b!.id)!.path).toBe(b!.path);
  });

  it('a rule moved to a new path and a new rule at its old path: one PATCH, then one POST', async () => {
    const { path, json } = await exported(demoId(2));
    const [moved] = plainRules(json);
    const old = moved!.path;
    moved!.path = '/moved-away/';
    const { id: _id, ...copy } = moved!;
    json.rules.push({ ...copy, path: old, gzip: !moved!.gzip });
    writeFileSync(path, JSON.stringify(json));
    const from = mark();
    const sent = await apply(path);
    expect(sent.code).toBe(0);
    expect(writesSince(from).map((l) => `${l.method} ${String(l.body?.path)}`)).toEqual(['PATCH /moved-away/', `POST ${String(old)}`]);
    expect(refusedSince(emu, from)).toEqual([]);
  });

  it('a new rule naming a new cache setting of the file by name: the cache setting is made first, its id in the rule', async () => {
    const { path, json } = await exported(demoId(3));
    json.cache_settings.push({
      name: 'made by name',
      browser_cache_settings: false,
      cdn_cache_settings: 'honor',
      cache_by_query_string: 'ignore',
      cache_by_cookies: 'ignore',
    });
    const [first] = plainRules(json);
    const { id: _id, ...copy } = first!;
    json.rules.push({ ...copy, path: '/named-cache/', cache_settings_id: 'made by name' });
    writeFileSync(path, JSON.stringify(json));
    const dry = await apply(path, false);
    expect(dry.text).toContain('{the id of new cache setting made by name}');
    const from = mark();
    expect((await apply(path)).code).toBe(0);
    const [cache, rule] = writesSince(from);
    expect(cache!.method).toBe('POST');
    const made = (await emu.call('GET', `${CFG}/${demoId(3)}/cache_settings`)).body as Array<Record<string, unknown>>;
    const id = made.find((c) => c.name === 'made by name')!.id;
    expect(rule!.body).toMatchObject({ path: '/named-cache/', cache_settings_id: id });
  });

  it('refuses, exit 2 and nothing sent: an id twice, an unknown field with the nearest name, an id of no rule here', async () => {
    const { path, json } = await exported(demoId(4));
    const [a, b] = json.rules;
    json.rules.push({ ...a!, path: '/again/' });
    b!.gzipp = true;
    json.rules.push({ ...b!, gzipp: undefined, id: 999_999, path: '/foreign/' });
    writeFileSync(path, JSON.stringify(json));
    const from = mark();
    const refused = await apply(path);
    expect(refused.code).toBe(2);
    const n = json.rules.length;
    expect(refused.text).toContain(`${path}: rules[${n - 2}].id: ${String(a!.id)} is rules[0]'s id too`);
    expect(refused.text).toContain(`${path}: rules[1].gzipp: not a field of a rule (gzip?)`);
    expect(refused.text).toContain(`${path}: rules[${n - 1}].id: no configuration of the account has rule 999999`);
    expect(writesSince(from)).toEqual([]);
  });

  it('one file: a rule id of another configuration is named (its lists read to find it), nothing sent', async () => {
    const { path, json } = await exported(demoId(7));
    const other = (await emu.call('GET', `${CFG}/${demoId(8)}/rules_engine`)).body as Array<Record<string, unknown>>;
    json.rules.push({ ...other[0]!, path: '/from-eight/' });
    writeFileSync(path, JSON.stringify(json));
    const from = mark();
    const refused = await apply(path);
    expect(refused.code).toBe(2);
    expect(refused.text).toMatch(
      new RegExp(
        `rules\\[${json.rules.length - 1}\\]\\.id: rule ${String(other[0]!.id)} is configuration .* \\(${demoId(8)}\\)'s, not ${demoId(7)}'s`,
      ),
    );
    expect(writesSince(from)).toEqual([]);
  });

  it('apply DIR: a rule id of another configuration is named; two files for one configuration are refused', async () => {
    const dir = tempDir();
    const one = await exported(demoId(5), dir);
    const two = await exported(demoId(6), dir);
    const { path: _p, ...foreign } = { ...two.json.rules[0]!, path: '/from-six/' };
    one.json.rules.push(foreign);
    writeFileSync(one.path, JSON.stringify(one.json));
    const from = mark();
    const refused = await apply(dir);
    expect(refused.code).toBe(2);
    expect(refused.text).toMatch(new RegExp(`is configuration .* \\(${demoId(6)}\\)'s, not ${demoId(5)}'s`));
    const again = join(dir, 'again');
    mkdirSync(again);
    writeFileSync(join(again, 'a.json'), JSON.stringify(two.json));
    writeFileSync(join(again, 'b.json'), JSON.stringify(two.json));
    const twice = await apply(again);
    expect(twice.code).toBe(2);
    expect(twice.text).toContain(`configuration ${demoId(6)} is ${join(again, 'a.json')}'s too: one file a configuration`);
    expect(writesSince(from)).toEqual([]);
  });
});
