// docs/api.md §3 (authentication and permissions) and the 401/403 rows and check order of §2.
import { describe, expect, it } from 'vitest';
import { emulatorFixture, makeCaller, type TestEmulator } from '../helpers/emulator.js';
import {
  CFG,
  FORBIDDEN,
  INVALID_TOKEN,
  NOT_FOUND,
  NO_CREDENTIALS,
  basic,
  configBody,
  createConfig,
  expect405,
  expectDetail,
  expectFieldErrors,
} from '../helpers/config-fixtures.js';

const ADMIN = 'admin-token-0001';
const VIEW = 'view-token-0002';
const EDIT = 'edit-token-0003';
const PLAIN = 'plain-token-0004'; // no permissions given: view,edit
const BAD_LOGIN = 'Invalid username/password.';
const UNKNOWN_ID = 987654321;

const emu = emulatorFixture([
  '--token',
  `${ADMIN}=view,edit`,
  '--token',
  `${VIEW}=view`,
  '--token',
  `${EDIT}=edit`,
  '--token',
  PLAIN,
  '--user',
  'alice:secret=view',
  '--user',
  'bob:hunter2=edit',
  '--user',
  'carol:s3cret',
]);
/** The emulator as the admin token calls it. */
const admin: Pick<TestEmulator, 'call'> = { call: (...request) => makeCaller(emu.url, ADMIN)(...request) };

/** Every read of a configuration and its sub-resources. */
function reads(id: number): string[] {
  return [
    CFG,
    `${CFG}/${id}`,
    `${CFG}/${id}/rules_engine`,
    `${CFG}/${id}/cache_settings`,
    `${CFG}/${id}/error_responses`,
    `${CFG}/${id}/origins`,
  ];
}

async function login(user: string, password: string) {
  return emu.call('POST', '/tokens', { token: null, headers: { authorization: basic(user, password) } });
}

describe('401 without valid credentials', () => {
  it('asks for credentials when there is no Authorization header', async () => {
    const cfg = await createConfig(admin);
    for (const path of reads(cfg.id)) {
      const r = await emu.call('GET', path, { token: null });
      expectDetail(r, 401, NO_CREDENTIALS);
      expect(r.headers.get('www-authenticate'), path).toBe('Token');
    }
    const post = await emu.call('POST', CFG, { body: configBody(), token: null });
    expectDetail(post, 401, NO_CREDENTIALS);
    expect(post.headers.get('www-authenticate')).toBe('Token');
    expectDetail(await emu.call('DELETE', `${CFG}/${cfg.id}`, { token: null }), 401, NO_CREDENTIALS);
    // nothing was deleted
    expect((await admin.call('GET', `${CFG}/${cfg.id}`)).status).toBe(200);
  });

  it('rejects an unknown token with Invalid token.', async () => {
    const cfg = await createConfig(admin);
    expectDetail(await emu.call('GET', CFG, { token: 'no-such-token' }), 401, INVALID_TOKEN);
    expectDetail(await emu.call('GET', `${CFG}/${cfg.id}`, { token: `${ADMIN}x` }), 401, INVALID_TOKEN);
    const patch = await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { active: false }, token: 'nope' });
    expectDetail(patch, 401, INVALID_TOKEN);
    expect((await admin.call('GET', `${CFG}/${cfg.id}`)).body.active).toBe(true);
  });

  it('does not accept Basic credentials on the resources', async () => {
    const r = await emu.call('GET', CFG, { token: null, headers: { authorization: basic('alice', 'secret') } });
    expect(r.status).toBe(401);
  });
});

describe('403 for a permission the token lacks', () => {
  it('lets a view-only token read everything and write nothing', async () => {
    const cfg = await createConfig(admin);
    for (const path of reads(cfg.id)) {
      expect((await emu.call('GET', path, { token: VIEW })).status, path).toBe(200);
    }
    const writes: Array<[string, string, unknown]> = [
      ['POST', CFG, configBody()],
      ['PUT', `${CFG}/${cfg.id}`, { name: 'renamed-by-viewer' }],
      ['PATCH', `${CFG}/${cfg.id}`, { active: false }],
      ['DELETE', `${CFG}/${cfg.id}`, undefined],
      ['PATCH', `${CFG}/${cfg.id}/error_responses`, { cache_error_404: 5 }],
      ['POST', `${CFG}/${cfg.id}/cache_settings`, { name: 'x' }],
      ['POST', `${CFG}/${cfg.id}/rules_engine`, { path: '/x' }],
    ];
    for (const [method, path, body] of writes) {
      const r = await emu.call(method, path, body === undefined ? { token: VIEW } : { body, token: VIEW });
      expectDetail(r, 403, FORBIDDEN);
    }
    expect((await admin.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });

  it('lets an edit-only token write but not read', async () => {
    const created = await emu.call('POST', CFG, { body: configBody(), token: EDIT });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    for (const path of reads(id)) expectDetail(await emu.call('GET', path, { token: EDIT }), 403, FORBIDDEN);
    const patched = await emu.call('PATCH', `${CFG}/${id}`, { body: { active: false }, token: EDIT });
    expect(patched.status, patched.text).toBe(200);
    const put = await emu.call('PUT', `${CFG}/${id}`, { body: { name: created.body.name }, token: EDIT });
    expect(put.status, put.text).toBe(200);
    const er = await emu.call('PATCH', `${CFG}/${id}/error_responses`, { body: { cache_error_404: 7 }, token: EDIT });
    expect(er.status, er.text).toBe(200);
    expect((await emu.call('DELETE', `${CFG}/${id}`, { token: EDIT })).status).toBe(204);
    expect((await admin.call('GET', `${CFG}/${id}`)).status).toBe(404);
  });

  it('gives a token listed without permissions both view and edit', async () => {
    const created = await emu.call('POST', CFG, { body: configBody(), token: PLAIN });
    expect(created.status, created.text).toBe(201);
    expect((await emu.call('GET', `${CFG}/${created.body.id}`, { token: PLAIN })).status).toBe(200);
  });
});

describe('POST /tokens', () => {
  it('issues a 24 h token carrying exactly the user’s view permission', async () => {
    const before = Date.now();
    const r = await login('alice', 'secret');
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'expires_at', 'token']);
    expect(typeof r.body.token).toBe('string');
    expect(r.body.token.length).toBeGreaterThan(0);
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    expect(r.body.created_at).toMatch(iso);
    expect(r.body.expires_at).toMatch(iso);
    const created = Date.parse(r.body.created_at);
    const expires = Date.parse(r.body.expires_at);
    expect(created).toBeGreaterThanOrEqual(before - 2000);
    expect(created).toBeLessThanOrEqual(Date.now() + 2000);
    expect(Math.abs(expires - created - 24 * 3600 * 1000)).toBeLessThanOrEqual(1000);

    const token = r.body.token as string;
    const cfg = await createConfig(admin);
    for (const path of reads(cfg.id)) expect((await emu.call('GET', path, { token })).status, path).toBe(200);
    expectDetail(await emu.call('POST', CFG, { body: configBody(), token }), 403, FORBIDDEN);
    expectDetail(await emu.call('DELETE', `${CFG}/${cfg.id}`, { token }), 403, FORBIDDEN);
  });

  it('issues an edit-only token for an edit-only user', async () => {
    const r = await login('bob', 'hunter2');
    expect(r.status, r.text).toBe(201);
    const token = r.body.token as string;
    const created = await emu.call('POST', CFG, { body: configBody(), token });
    expect(created.status, created.text).toBe(201);
    expectDetail(await emu.call('GET', `${CFG}/${created.body.id}`, { token }), 403, FORBIDDEN);
    expectDetail(await emu.call('GET', CFG, { token }), 403, FORBIDDEN);
  });

  it('gives a user listed without permissions both view and edit', async () => {
    const r = await login('carol', 's3cret');
    expect(r.status, r.text).toBe(201);
    const token = r.body.token as string;
    const created = await emu.call('POST', CFG, { body: configBody(), token });
    expect(created.status, created.text).toBe(201);
    expect((await emu.call('GET', `${CFG}/${created.body.id}`, { token })).status).toBe(200);
  });

  it('issues a different token on each login', async () => {
    const a = await login('alice', 'secret');
    const b = await login('alice', 'secret');
    expect(a.body.token).not.toBe(b.body.token);
  });

  it('rejects a bad password or an unknown user with Invalid username/password.', async () => {
    expectDetail(await login('alice', 'wrong'), 401, BAD_LOGIN);
    expectDetail(await login('alice', 'secret '), 401, BAD_LOGIN);
    expectDetail(await login('mallory', 'secret'), 401, BAD_LOGIN);
    expectDetail(await login('alice', 'hunter2'), 401, BAD_LOGIN);
  });

  it('answers 401 without Basic credentials', async () => {
    expect((await emu.call('POST', '/tokens', { token: null })).status).toBe(401);
  });

  it('offers only POST on /tokens', async () => {
    expect405(await emu.call('GET', '/tokens', { token: null }), 'GET', ['POST']);
  });
});

describe('order of checks: route → 401 → 403 → 404 → body', () => {
  const unknown = `${CFG}/${UNKNOWN_ID}`;

  it('answers 405 before 401 and 403', async () => {
    expect405(await emu.call('POST', unknown, { body: {}, token: null }), 'POST', ['GET', 'PUT', 'PATCH', 'DELETE']);
    expect405(await emu.call('DELETE', CFG, { token: VIEW }), 'DELETE', ['GET', 'POST']);
  });

  it('answers 401 before 403, 404 and body errors', async () => {
    expectDetail(await emu.call('GET', unknown, { token: null }), 401, NO_CREDENTIALS);
    expectDetail(await emu.call('GET', unknown, { token: 'bogus' }), 401, INVALID_TOKEN);
    expectDetail(await emu.call('PATCH', unknown, { raw: '{bad', token: null }), 401, NO_CREDENTIALS);
    expectDetail(await emu.call('POST', CFG, { body: [], token: 'bogus' }), 401, INVALID_TOKEN);
  });

  it('answers 403 before 404 and body errors', async () => {
    expectDetail(await emu.call('PATCH', unknown, { body: { active: false }, token: VIEW }), 403, FORBIDDEN);
    expectDetail(await emu.call('DELETE', unknown, { token: VIEW }), 403, FORBIDDEN);
    expectDetail(await emu.call('GET', unknown, { token: EDIT }), 403, FORBIDDEN);
    expectDetail(await emu.call('GET', `${unknown}/origins`, { token: EDIT }), 403, FORBIDDEN);
    expectDetail(await emu.call('POST', CFG, { body: {}, token: VIEW }), 403, FORBIDDEN);
    expectDetail(await emu.call('POST', CFG, { raw: 'not json', token: VIEW }), 403, FORBIDDEN);
  });

  it('answers 404 before any body error on an unknown id', async () => {
    const json = { 'content-type': 'application/json' };
    const bodies: Array<[string, { raw?: string | Uint8Array; body?: unknown; headers?: Record<string, string> }]> = [
      ['malformed JSON', { raw: '{"name":', headers: json }],
      ['non-object JSON', { raw: '[1,2]', headers: json }],
      ['no Content-Type', { raw: new TextEncoder().encode('{"active":false}') }],
      ['unknown fields', { body: { x: 1 } }],
      ['empty PATCH', { body: {} }],
      ['invalid value', { body: { active: 'maybe' } }],
    ];
    for (const [label, opts] of bodies) {
      const r = await emu.call('PATCH', unknown, { ...opts, token: EDIT });
      expect(r.status, `${label}: ${r.text}`).toBe(404);
      expectDetail(r, 404, NOT_FOUND);
    }
    expectDetail(await emu.call('PUT', unknown, { body: {}, token: ADMIN }), 404, NOT_FOUND);
    expectDetail(await emu.call('PUT', `${unknown}/error_responses`, { body: {}, token: ADMIN }), 404, NOT_FOUND);
    expectDetail(await emu.call('POST', `${unknown}/rules_engine`, { body: {}, token: ADMIN }), 404, NOT_FOUND);
  });

  it('checks the body once the record exists', async () => {
    const cfg = await createConfig(admin);
    expectFieldErrors(await emu.call('PATCH', `${CFG}/${cfg.id}`, { body: { active: 'maybe' }, token: EDIT }), ['active']);
  });
});
