// Headers like the service (issue 24, docs/origins-and-purge.md): Allow (with OPTIONS) on every
// answer of a known path, OPTIONS answered with it, X-RateLimit-* on every answer — without
// --rate-limit the limits said are high, and they are the limits enforced.
import { describe, expect, it } from 'vitest';
import { RateLimiter, UNLIMITED } from '../../src/server/rate-limit.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, createConfiguration, createRule } from '../helpers/fixtures.js';

const emu = emulatorFixture(['--token', 'headers-all-token', '--token', 'headers-edit-token=edit']);

const LIMIT = String(UNLIMITED.reads);

describe('Allow and X-RateLimit-* on every answer', () => {
  it("on successes and errors alike, the path's methods with OPTIONS", async () => {
    const conf = await createConfiguration(emu);
    const origin = `${CFG}/${conf.id}/origins/${conf.defaultOriginId}`;
    const rule = await createRule(emu, conf);
    const answers = [
      ['GET', CFG, 200, 'GET, POST, OPTIONS'],
      ['POST', `${CFG}/${conf.id}/origins`, 400, 'GET, POST, OPTIONS'],
      ['GET', origin, 200, 'GET, PUT, PATCH, DELETE, OPTIONS'],
      ['DELETE', origin, 409, 'GET, PUT, PATCH, DELETE, OPTIONS'],
      ['GET', `${CFG}/99999999`, 404, 'GET, PUT, PATCH, DELETE, OPTIONS'],
      ['DELETE', `${CFG}/${conf.id}/rules_engine/${rule.id}`, 204, 'GET, PUT, PATCH, DELETE, OPTIONS'],
      ['GET', `${CFG}/${conf.id}/error_responses`, 200, 'GET, PUT, PATCH, OPTIONS'],
      ['DELETE', CFG, 405, 'GET, POST, OPTIONS'],
      ['POST', '/purge/url', 400, 'POST, OPTIONS'],
    ] as const;
    for (const [method, path, status, allow] of answers) {
      const r = await emu.call(method, path, method === 'POST' ? { body: {} } : {});
      expect([method, path, r.status, r.headers.get('allow')]).toEqual([method, path, status, allow]);
      expect(r.headers.get('x-ratelimit-limit'), `${method} ${path}`).toBe(LIMIT);
      expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(UNLIMITED.reads - 100);
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it('without credentials, with a token lacking the permission, on /tokens: limits said, not counted', async () => {
    for (const [r, status] of [
      [await emu.call('GET', CFG, { token: null }), 401],
      [await emu.call('GET', CFG, { token: 'headers-edit-token' }), 403],
      [await emu.call('POST', '/tokens', { token: null }), 401],
    ] as const) {
      expect(r.status).toBe(status);
      expect(r.headers.get('allow')).not.toBeNull();
      expect(r.headers.get('x-ratelimit-limit')).toBe(LIMIT);
      expect(r.headers.get('x-ratelimit-remaining')).toBe(LIMIT);
    }
  });

  it('an unknown path is a 404 with the limits but no Allow (nothing is offered there)', async () => {
    const r = await emu.call('GET', '/nowhere');
    expect(r.status).toBe(404);
    expect(r.headers.get('allow')).toBeNull();
    expect(r.headers.get('x-ratelimit-limit')).toBe(LIMIT);
  });
});

describe('OPTIONS', () => {
  it('answers 200 with Allow and what the resource is; needs a token, not a permission', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('OPTIONS', `${CFG}/${conf.id}/origins`);
    expect(r.status).toBe(200);
    expect(r.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(r.body).toEqual({ name: 'Origins List', description: '', renders: ['application/json'], parses: ['application/json'] });
    const purge = await emu.call('OPTIONS', '/purge/wildcard', { token: 'headers-edit-token' });
    expect([purge.status, purge.headers.get('allow')]).toEqual([200, 'POST, OPTIONS']);
    expect((await emu.call('OPTIONS', '/tokens', { token: null })).status).toBe(401);
    expect((await emu.call('OPTIONS', '/nowhere')).status).toBe(404);
  });
});

describe('the limits without --rate-limit are real', () => {
  it('counts to the high limit and then refuses, per lane', () => {
    const limiter = new RateLimiter(UNLIMITED);
    const now = Date.now();
    for (let i = 0; i < UNLIMITED.reads; i++) limiter.take('k', 'read', now);
    expect(() => limiter.take('k', 'read', now)).toThrow(expect.objectContaining({ status: 429 }));
    expect(limiter.take('k', 'purge', now)['x-ratelimit-remaining']).toBe(String(UNLIMITED.purges - 1));
  });
});
