// The compare engine (docs/ux.md §8): two configurations' difference without id noise (ids, domain
// names, origin ids, references compared by what they point at), rules matched by path + regex,
// cache settings by name, error TTLs, identity fields flagged; `differenceText` for `cdn-tui diff`;
// `planCopy` onto a configuration of a real emulator: references remapped, a missing cache setting
// brought along, identity kept, prune.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { compareSnapshots, differenceText, planCopy, snapshotOf, type Snapshot } from '../../src/transfer/compare.js';
import { exportConfiguration } from '../../src/transfer/export.js';
import { parseExport, exportText } from '../../src/transfer/format.js';
import type { Rec } from '../../src/schema/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';
import { CFG, storeFor } from '../store/helpers.js';

/** A configuration as the API shows it, its records' ids offset by `base` (another account's ids). */
function site(
  base: number,
  change: (parts: { configuration: Rec; cache_settings: Rec[]; rules: Rec[]; error_responses: Rec }) => void = () => {},
): Snapshot {
  const configuration: Rec = {
    id: base,
    name: 'shop',
    domain_name: `d${base}.cdn.example`,
    active: true,
    delivery_protocol: 'http,https',
    digital_certificate: null,
    cname_access_only: false,
    rawlogs: false,
    cname: ['shop.example.com'],
  };
  const origins: Rec[] = [{ id: base + 1, name: 'Default Origin', origin_type: 'single_origin', host_header: 'shop.example.com' }];
  const cache_settings: Rec[] = [
    {
      id: base + 10,
      name: 'images',
      browser_cache_settings: false,
      cdn_cache_settings: 'override',
      cdn_cache_settings_maximum_ttl: 3600,
      cache_by_query_string: 'ignore',
      cache_by_cookies: 'ignore',
    },
    {
      id: base + 11,
      name: 'api',
      browser_cache_settings: false,
      cdn_cache_settings: 'honor',
      cache_by_query_string: 'all',
      cache_by_cookies: 'ignore',
    },
  ];
  const rule = (id: number, path: string, regex: boolean, cache: number | null): Rec => ({
    id,
    path,
    regex,
    protocol_policy: 'http,https',
    behavior: 'delivery',
    path_origin_id: base + 1,
    gzip: true,
    redirect_to: '',
    forward_cookies: 'all',
    waf_rule_set_id: null,
    edge_firewall_id: null,
    cache_settings_id: cache,
  });
  const rules = [
    rule(base + 20, '/img/', false, base + 10),
    rule(base + 21, '^/api/v[0-9]+/', true, base + 11),
    rule(base + 22, '/static/', false, null),
  ];
  const error_responses: Rec = {
    cache_error_400: 0,
    cache_error_403: 10,
    cache_error_404: 60,
    cache_error_405: 0,
    cache_error_414: 0,
    cache_error_416: 0,
    cache_error_501: 0,
  };
  const parts = { configuration, cache_settings, rules, error_responses };
  change(parts);
  return snapshotOf({ ...parts, origins });
}

describe('compareSnapshots', () => {
  it('the same site under other ids, domain name and origin id: no difference', () => {
    const [a, b] = [site(1000), site(5000)];
    expect(compareSnapshots(a, b)).toEqual([]);
    expect(differenceText(a, b)).toBe('');
    // A file of an earlier cdn-tui (no origins) against a live read: the origin is not compared.
    const { origins: _gone, ...old } = site(7000, (p) => (p.rules[0]!.path_origin_id = 99));
    expect(compareSnapshots(parseExport(exportText(old as Snapshot)), a)).toEqual([]);
  });

  it('rules by path + regex, cache settings by name, references by name, error TTLs, identity flagged', () => {
    const a = site(1000);
    const b = site(5000, (p) => {
      p.configuration.name = 'shop (prod)';
      p.configuration.cname = ['www.shop.example'];
      p.configuration.active = false;
      p.cache_settings[0]!.cdn_cache_settings_maximum_ttl = 86_400;
      p.rules[0]!.cache_settings_id = 5011; // images → api
      p.rules[1]!.regex = false; // another rule: no longer the same one
      p.rules[1]!.path = '/api/';
      p.error_responses.cache_error_404 = 300;
    });
    const diffs = compareSnapshots(a, b);
    const rows = diffs.map((d) => [d.group, d.record, d.field, d.left, d.right, d.identity]);
    expect(rows).toEqual([
      ['settings', 'configuration', 'name', 'shop', 'shop (prod)', true],
      ['settings', 'configuration', 'active', true, false, false],
      ['settings', 'configuration', 'cname', ['shop.example.com'], ['www.shop.example'], true],
      [
        'rules',
        'rule /api/ (regex off)',
        undefined,
        undefined,
        expect.objectContaining({ path: '/api/', cache_settings_id: 'api', path_origin_id: 'Default Origin' }),
        false,
      ],
      ['rules', 'rule /img/ (regex off)', 'cache_settings_id', 'images', 'api', false],
      ['rules', 'rule ^/api/v[0-9]+/ (regex on)', undefined, expect.objectContaining({ regex: true }), undefined, false],
      ['cache settings', 'cache setting images', 'cdn_cache_settings_maximum_ttl', 3600, 86_400, false],
      ['error TTLs', 'error responses', 'cache_error_404', 60, 300, false],
    ]);
    expect(diffs.map((d) => d.id)).toEqual([
      'configuration:name',
      'configuration:active',
      'configuration:cname',
      'rule:/api/:*',
      'rule:/img/:cache_settings_id',
      'rule:^/api/v[0-9]+/ (regex):*',
      'cache_setting:images:cdn_cache_settings_maximum_ttl',
      'error_responses:cache_error_404',
    ]);
    // Stable and side-independent: the other way round, the same ids, values swapped.
    expect(
      compareSnapshots(b, a)
        .map((d) => d.id)
        .sort(),
    ).toEqual(diffs.map((d) => d.id).sort());
    const text = differenceText(a, b);
    expect(text).not.toMatch(/"id"|1000|5000|domain_name/);
    expect(text).toContain('-  "name": "shop"\n+  "name": "shop (prod)"');
    expect(text).toContain(
      '   {\n     "name": "images"\n-    "cdn_cache_settings_maximum_ttl": 3600\n+    "cdn_cache_settings_maximum_ttl": 86400\n   }',
    );
    expect(text).toContain(
      '     "path": "/img/"\n     "regex": false\n-    "cache_settings_id": "images"\n+    "cache_settings_id": "api"',
    );
    expect(text).toContain('+  {\n+    "path": "/api/"');
    expect(text).toContain('-    "path": "^/api/v[0-9]+/"');
    expect(text).toContain(' "error_responses": {\n-  "cache_error_404": 60\n+  "cache_error_404": 300\n }');
    expect(text.split('\n').filter((l) => /^[-+]/.test(l)).length).toBeGreaterThan(10);
  });
});

const emu = emulatorFixture(['--seed', 'demo']);

describe('planCopy onto a configuration of the emulator', () => {
  const api = () => createApiClient({ baseUrl: emu.url, token: emu.token });
  const snapshot = (id: number) => exportConfiguration(api(), id);
  async function emptyConfiguration(name: string): Promise<number> {
    const made = await emu.call('POST', CFG, {
      body: { name, origin_address: 'origin.example.com', origin_host_header: 'origin.example.com' },
    });
    expect(made.status).toBe(201);
    return Number(made.body.id);
  }

  it("'all' makes the target equal but for its identity; its cache settings brought along, said in the notes", async () => {
    const source = await snapshot(demoId(1));
    expect(source.rules.some((r) => r.cache_settings_id !== null)).toBe(true);
    const target = await emptyConfiguration('copy target');
    const store = storeFor(emu);
    const plan = await planCopy(store, source, target, 'all');
    expect(plan.conflicts).toEqual([]);
    expect(plan.notes.some((n) => /^cache setting .* copied too/.test(n))).toBe(true);
    const kinds = plan.keys.map((k) => k.split(':')[0]);
    expect(kinds.lastIndexOf('cache_setting')).toBeLessThan(kinds.indexOf('rule'));
    const results = await store.getState().applyMany(plan.keys);
    expect(results.map((r) => r.outcome)).toEqual(plan.keys.map(() => 'applied'));
    const left = compareSnapshots(source, await snapshot(target));
    expect(left.every((d) => d.identity)).toBe(true);
    expect(left.map((d) => d.field)).toContain('name');
    // Copied again: nothing to do.
    const again = await planCopy(storeFor(emu), source, target, 'all');
    expect(again.keys).toEqual([]);
    // A file that leaves a field out leaves it alone; one that changes another field changes only that.
    const edited = { ...source, rules: source.rules.map((r) => ({ ...r })) };
    const rule = edited.rules[0]!;
    delete rule.gzip;
    rule.protocol_policy = rule.protocol_policy === 'http' ? 'http,https' : 'http';
    const store2 = storeFor(emu);
    const partial = await planCopy(store2, edited, target, 'all');
    expect(partial.keys).toHaveLength(1);
    expect(Object.keys(store2.getState().review(partial.keys[0]!)?.request?.body ?? {})).toEqual(['protocol_policy']);
  });

  it('a chosen rule field whose cache setting the target lacks: the cache setting is made first and the rule takes its id', async () => {
    const target = await emptyConfiguration('bring along target');
    const origin = (await emu.call('GET', `${CFG}/${target}/origins`)).body[0].id;
    const made = await emu.call('POST', `${CFG}/${target}/rules_engine`, {
      body: { path: '/img/', regex: false, protocol_policy: 'http,https', behavior: 'delivery', path_origin_id: origin, gzip: true },
    });
    expect(made.status).toBe(201);
    const source = site(1000);
    const chosen = compareSnapshots(source, await snapshot(target)).filter((d) => d.id === 'rule:/img/:cache_settings_id');
    expect(chosen.map((d) => [d.left, d.right])).toEqual([['images', null]]);
    const store = storeFor(emu);
    const plan = await planCopy(store, source, target, chosen);
    expect(plan.notes).toContain(`cache setting images copied too (none of that name in configuration ${target})`);
    expect(plan.keys.map((k) => k.split(':')[0])).toEqual(['cache_setting', 'rule']);
    expect(store.getState().review(plan.keys[1]!)?.request?.body).toEqual({ cache_settings_id: '{the id of new cache setting images}' });
    expect(store.getState().fieldErrors).toEqual({});
    const results = await store.getState().applyMany(plan.keys);
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const after = compareSnapshots(source, await snapshot(target));
    expect(after.find((d) => d.id === 'rule:/img/:cache_settings_id')).toBeUndefined();
    expect(after.find((d) => d.id === 'cache_setting:images:*')).toBeUndefined();
  });

  it('chosen differences only; a target-only rule kept, and deleted with prune', async () => {
    const target = await emptyConfiguration('chosen target');
    const store = storeFor(emu);
    const source = await snapshot(demoId(2));
    const first = await planCopy(store, source, target, 'all');
    await store.getState().applyMany(first.keys);
    // The target gets a rule of its own and two changes; the source is then copied back, chosen.
    const origin = (await emu.call('GET', `${CFG}/${target}/origins`)).body[0].id;
    expect(
      (
        await emu.call('POST', `${CFG}/${target}/rules_engine`, {
          body: { path: '/prod-only/', regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin },
        })
      ).status,
    ).toBe(201);
    const rule = source.rules[0]!;
    const there = (await emu.call('GET', `${CFG}/${target}/rules_engine`)).body.find((r: Rec) => r.path === rule.path);
    await emu.call('PATCH', `${CFG}/${target}/rules_engine/${there.id}`, { body: { gzip: !rule.gzip } });
    await emu.call('PATCH', `${CFG}/${target}/error_responses`, { body: { cache_error_404: 1234 } });
    const diffs = compareSnapshots(source, await snapshot(target));
    const gzip = diffs.find((d) => d.field === 'gzip')!;
    const only = diffs.find((d) => d.record === 'rule /prod-only/ (regex off)')!;
    expect(gzip.right).toBe(!rule.gzip);

    const kept = await planCopy(storeFor(emu), source, target, [gzip, only]);
    expect(kept.notes).toContain(`rule /prod-only/ (regex off): only in configuration ${target}, kept`);
    expect(kept.keys).toEqual([`rule:${target}:${String(there.id)}`]);

    const pruning = storeFor(emu);
    const pruned = await planCopy(pruning, source, target, [gzip, only], { prune: true });
    expect(pruned.keys).toHaveLength(2);
    expect(pruning.getState().review(pruned.keys[1]!)?.request?.method).toBe('DELETE');
    await pruning.getState().applyMany(pruned.keys);
    const after = compareSnapshots(source, await snapshot(target));
    expect(after.map((d) => d.field ?? d.record)).toEqual(expect.arrayContaining(['cache_error_404']));
    expect(after.some((d) => d.record.includes('prod-only') || d.field === 'gzip')).toBe(false);
  });
});
