// The client's records are typed by the place's kind, and what the emulator answers fits those types.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { isRecordOf, type CacheSetting, type Configuration, type ErrorResponses, type Origin, type Rule } from '../../src/schema/index.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

const TOKEN = 'typed-records-token-5b1e';
let emu: TestEmulator;
let agent: Agent;
let api: ApiClient;

beforeAll(async () => {
  emu = await startTestEmulator(['--seed', 'demo', '--token', TOKEN, '--products', 'application_acceleration,raw_logs']);
  agent = new Agent({ connections: 2 });
  api = createApiClient({ baseUrl: emu.url, token: TOKEN, dispatcher: agent });
});
afterAll(async () => {
  await agent?.close();
  await emu?.close();
});

describe('typed records', () => {
  it('every record the emulator answers is a record of its kind', async () => {
    const confs = await api.list({ kind: 'configuration' });
    expectTypeOf(confs.items).toEqualTypeOf<Configuration[]>();
    expect(confs.items.length).toBeGreaterThanOrEqual(10);
    for (const conf of confs.items) {
      expect(isRecordOf('configuration', conf)).toBe(true);
      const [rules, caches, origins] = await Promise.all([
        api.list({ kind: 'rule', conf: conf.id }),
        api.list({ kind: 'cache_setting', conf: conf.id }),
        api.list({ kind: 'origin', conf: conf.id }),
      ]);
      expectTypeOf(rules.items).toEqualTypeOf<Rule[]>();
      expectTypeOf(caches.items).toEqualTypeOf<CacheSetting[]>();
      expectTypeOf(origins.items).toEqualTypeOf<Origin[]>();
      expect(rules.items.every((r) => isRecordOf('rule', r))).toBe(true);
      expect(caches.items.every((c) => isRecordOf('cache_setting', c))).toBe(true);
      expect(origins.items.length).toBeGreaterThanOrEqual(1);
      expect(origins.items.every((o) => isRecordOf('origin', o))).toBe(true);
      const errors = await api.getErrorResponses(conf.id);
      expectTypeOf(errors).toEqualTypeOf<ErrorResponses>();
      expect(isRecordOf('error_responses', errors)).toBe(true);
    }
  });

  it('reads a record of the place kind, and a place inside a configuration must name it', async () => {
    const [conf] = (await api.list({ kind: 'configuration' }, { page: 1, pageSize: 1 })).items;
    const [first] = (await api.list({ kind: 'rule', conf: conf!.id })).items;
    const rule = await api.get({ kind: 'rule', conf: conf!.id }, first!.id);
    expectTypeOf(rule).toEqualTypeOf<Rule>();
    expect(rule).toEqual(first);
    const patched = await api.patch({ kind: 'configuration' }, conf!.id, { active: conf!.active });
    expectTypeOf(patched).toEqualTypeOf<Configuration>();
    expect(patched).toEqual(conf);
    // @ts-expect-error a rule lives in a configuration: its place needs `conf`
    await expect(api.get({ kind: 'rule' }, first!.id)).rejects.toThrow('a rule path needs its configuration');
  });
});
