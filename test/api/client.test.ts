// Every method of the API client against the emulator (demo data) over loopback HTTP.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type Place } from '../../src/api/index.js';
import { emulatorFixture } from '../helpers/emulator.js';

const TOKEN = 'client-test-token-0123456789';
const emu = emulatorFixture(['--seed', 'demo', '--token', TOKEN, '--user', 'ada:correct horse=battery']);
let agent: Agent;
let api: ApiClient;
let seq = 0;
const unique = (p: string): string => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  agent = new Agent({ connections: 4 });
  api = createApiClient({ baseUrl: emu.url, token: TOKEN, dispatcher: agent });
});
afterAll(async () => {
  await agent?.close();
});

const CONFS: Place = { kind: 'configuration' };

async function newConfiguration(): Promise<{ id: number; defaultOrigin: number }> {
  const conf = await api.create(CONFS, {
    name: unique('cfg'),
    origin_address: 'origin.example.com',
    origin_host_header: 'www.example.com',
  });
  const origins = await api.list({ kind: 'origin', conf: conf.id as number });
  return { id: conf.id as number, defaultOrigin: origins.items[0]!.id as number };
}

describe('configurations', () => {
  it('lists the whole demo account as records ordered by id', async () => {
    const { items, total } = await api.list(CONFS);
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(total).toBe(items.length);
    const ids = items.map((c) => c.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Object.keys(items[0]!)).toEqual([
      'id',
      'name',
      'domain_name',
      'active',
      'delivery_protocol',
      'digital_certificate',
      'cname_access_only',
      'rawlogs',
      'cname',
    ]);
  });

  it('lists one page with page/page_size and the total from X-Total-Count', async () => {
    const all = await api.list(CONFS);
    const page = await api.list(CONFS, { page: 2, pageSize: 3 });
    expect(page.items.map((c) => c.id)).toEqual(all.items.slice(3, 6).map((c) => c.id));
    expect(page.total).toBe(all.items.length);
    const past = await api.list(CONFS, { page: 1000, pageSize: 5 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.items.length);
  });

  it('creates, reads, replaces, patches and deletes one', async () => {
    const name = unique('cfg');
    const created = await api.create(CONFS, { name, origin_address: '192.0.2.10', origin_host_header: 'www.example.com' });
    expect(created).toMatchObject({ name, active: true, rawlogs: false });
    const id = created.id as number;
    expect(await api.get(CONFS, id)).toEqual(created);

    const replaced = await api.put(CONFS, id, { name: `${name}-put`, cname: ['www.put.example'] });
    expect(replaced).toMatchObject({ id, name: `${name}-put`, cname: ['www.put.example'], domain_name: created.domain_name });

    const patched = await api.patch(CONFS, id, { active: false });
    expect(patched).toMatchObject({ id, name: `${name}-put`, active: false });

    await expect(api.delete(CONFS, id)).resolves.toBeUndefined();
    const gone = await api.get(CONFS, id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).status).toBe(404);
  });
});

describe('rules, cache settings and origins of a configuration', () => {
  it('does the whole life of a rule', async () => {
    const conf = await newConfiguration();
    const rules: Place = { kind: 'rule', conf: conf.id };
    const rule = await api.create(rules, {
      path: '/img',
      regex: false,
      protocol_policy: 'http',
      behavior: 'delivery',
      path_origin_id: conf.defaultOrigin,
    });
    expect(rule).toMatchObject({ path: '/img', gzip: false, redirect_to: '', cache_settings_id: null });
    const id = rule.id as number;
    expect((await api.list(rules)).items.map((r) => r.id)).toEqual([id]);
    expect(await api.get(rules, id)).toEqual(rule);
    expect(await api.patch(rules, id, { gzip: true })).toMatchObject({ id, gzip: true, path: '/img' });
    // PUT answers only the fields sent, plus id (docs/api.md §4.2)
    const put = await api.put(rules, id, {
      path: '/css',
      regex: false,
      protocol_policy: 'http,https',
      behavior: 'delivery',
      path_origin_id: conf.defaultOrigin,
    });
    expect(put).toEqual({
      id,
      path: '/css',
      regex: false,
      protocol_policy: 'http,https',
      behavior: 'delivery',
      path_origin_id: conf.defaultOrigin,
    });
    expect(await api.get(rules, id)).toMatchObject({ path: '/css', gzip: false });
    await api.delete(rules, id);
    expect((await api.list(rules)).items).toEqual([]);
  });

  it('does the whole life of a cache setting', async () => {
    const conf = await newConfiguration();
    const place: Place = { kind: 'cache_setting', conf: conf.id };
    const body = {
      name: 'static',
      browser_cache_settings: false,
      cdn_cache_settings: 'honor',
      cache_by_query_string: 'ignore',
      cache_by_cookies: 'ignore',
    };
    const cs = await api.create(place, body);
    const id = cs.id as number;
    expect(await api.get(place, id)).toEqual(cs);
    expect(await api.patch(place, id, { cdn_cache_settings: 'override', cdn_cache_settings_maximum_ttl: 3600 })).toMatchObject({
      id,
      cdn_cache_settings_maximum_ttl: 3600,
    });
    expect(await api.put(place, id, body)).toMatchObject({ id, cdn_cache_settings: 'honor', cdn_cache_settings_maximum_ttl: 0 });
    expect((await api.list(place)).total).toBe(1);
    await api.delete(place, id);
    expect((await api.list(place)).total).toBe(0);
  });

  it('reads origins: the Default Origin of a configuration', async () => {
    const conf = await newConfiguration();
    const place: Place = { kind: 'origin', conf: conf.id };
    const { items } = await api.list(place);
    expect(items).toHaveLength(1);
    expect(await api.get(place, conf.defaultOrigin)).toMatchObject({ name: 'Default Origin', host_header: 'www.example.com' });
  });

  it('reads, replaces and patches error responses', async () => {
    const conf = await newConfiguration();
    const zeros = await api.getErrorResponses(conf.id);
    expect(zeros).toEqual({
      cache_error_400: 0,
      cache_error_403: 0,
      cache_error_404: 0,
      cache_error_405: 0,
      cache_error_414: 0,
      cache_error_416: 0,
      cache_error_501: 0,
    });
    const all = Object.fromEntries(Object.keys(zeros).map((k) => [k, 60]));
    expect(await api.putErrorResponses(conf.id, all)).toEqual(all);
    expect(await api.patchErrorResponses(conf.id, { cache_error_404: 5 })).toEqual({ ...all, cache_error_404: 5 });
    expect(await api.getErrorResponses(conf.id)).toEqual({ ...all, cache_error_404: 5 });
  });
});

describe('tokens', () => {
  it('gets a token with Basic credentials and reads with it', async () => {
    const login = createApiClient({ baseUrl: `${emu.url}/`, token: '', dispatcher: agent });
    const t = await login.createToken('ada', 'correct horse=battery');
    expect(t.token).toMatch(/\S{8,}/);
    expect(Date.parse(t.expires_at) - Date.parse(t.created_at)).toBe(24 * 3600 * 1000);
    const withIt = createApiClient({ baseUrl: emu.url, token: t.token, dispatcher: agent });
    expect((await withIt.list(CONFS)).total).toBeGreaterThan(0);
  });

  it('refuses bad credentials with a 401 that never shows the password', async () => {
    const login = createApiClient({ baseUrl: emu.url, token: '', dispatcher: agent });
    const e = (await login.createToken('ada', 'wrong-password-42').catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(401);
    expect(e.message).toBe('POST /tokens: 401 Unauthorized — Invalid username/password.');
    const basic = Buffer.from('ada:wrong-password-42').toString('base64');
    for (const text of [e.message, e.stack ?? '', JSON.stringify(e)]) {
      expect(text).not.toContain('wrong-password-42');
      expect(text).not.toContain(basic);
    }
  });
});

describe('base URL', () => {
  it('ignores a trailing slash and keeps a path prefix', async () => {
    expect(createApiClient({ baseUrl: `${emu.url}/`, token: TOKEN, dispatcher: agent }).baseUrl).toBe(emu.url);
    const prefixed = createApiClient({ baseUrl: `${emu.url}/v1/`, token: TOKEN, dispatcher: agent, maxAttempts: 1 });
    expect(prefixed.baseUrl).toBe(`${emu.url}/v1`);
    const e = (await prefixed.list(CONFS).catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(404);
    expect(e.message).toBe('GET /v1/content_delivery/configurations: 404 Not Found — Not found.');
  });

  it('refuses an address that is not http(s) or carries credentials', () => {
    expect(() => createApiClient({ baseUrl: 'ftp://x.example', token: TOKEN })).toThrow(/http/);
    expect(() => createApiClient({ baseUrl: 'http://u:p@x.example', token: TOKEN })).toThrow(/credentials/);
    expect(() => createApiClient({ baseUrl: 'not a url', token: TOKEN })).toThrow(/not a URL/);
  });

  it('works with its own Agent when none is injected', async () => {
    const own = createApiClient({ baseUrl: emu.url, token: TOKEN });
    expect((await own.list(CONFS, { page: 1, pageSize: 1 })).items).toHaveLength(1);
  });
});
