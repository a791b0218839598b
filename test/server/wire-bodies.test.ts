// docs/api.md §1–§2: request bodies — 415 without JSON, 413 past 1 MiB, 400 for malformed or non-object JSON.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, JSON_TYPE, configBody, createConfig, expectFieldErrors } from '../helpers/config-fixtures.js';

const emu = emulatorFixture();

const MiB = 1024 * 1024;

/** A JSON object `{"name": "xxx…"}` of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): string {
  const frame = '{"name":""}'.length;
  return `{"name":"${'x'.repeat(bytes - frame)}"}`;
}
describe('request bodies', () => {
  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('answers 415 for a JSON body sent with %s, on POST, PUT and PATCH', async (_label, headers) => {
    const cfg = await createConfig(emu);
    // bytes, so that fetch adds no Content-Type of its own
    const raw = new TextEncoder().encode(JSON.stringify(configBody()));
    for (const [method, path] of [
      ['POST', CFG],
      ['PUT', `${CFG}/${cfg.id}`],
      ['PATCH', `${CFG}/${cfg.id}`],
    ] as const) {
      const r = await emu.call(method, path, { raw, headers });
      expect(r.status, `${method}: ${r.text}`).toBe(415);
      expect(r.headers.get('content-type')).toBe(JSON_TYPE);
      expect(typeof r.body?.detail, r.text).toBe('string');
    }
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });

  it('accepts application/json with a charset parameter', async () => {
    const r = await emu.call('POST', CFG, {
      raw: JSON.stringify(configBody()),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(r.status, r.text).toBe(201);
  });

  it('answers 413 for a body over 1 MiB and accepts one of exactly 1 MiB', async () => {
    const cfg = await createConfig(emu);
    const headers = { 'content-type': 'application/json' };
    const over = await emu.call('PATCH', `${CFG}/${cfg.id}`, { raw: jsonOfSize(MiB + 1), headers });
    expect(over.status).toBe(413);
    expect(over.headers.get('content-type')).toBe(JSON_TYPE);
    expect(typeof over.body?.detail, over.text).toBe('string');
    const postOver = await emu.call('POST', CFG, { raw: jsonOfSize(2 * MiB), headers });
    expect(postOver.status).toBe(413);
    // exactly 1 MiB is within the limit: it reaches validation (the name is too long)
    const atLimit = await emu.call('PATCH', `${CFG}/${cfg.id}`, { raw: jsonOfSize(MiB), headers });
    expectFieldErrors(atLimit, ['name']);
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });

  it('answers 413 for a chunked body (no Content-Length) that grows past 1 MiB', async () => {
    const cfg = await createConfig(emu);
    const bytes = new TextEncoder().encode(jsonOfSize(MiB + 64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) ctl.enqueue(bytes.slice(i, i + 64 * 1024));
        ctl.close();
      },
    });
    const res = await fetch(`${emu.url}${CFG}/${cfg.id}`, {
      method: 'PATCH',
      headers: { authorization: `Token ${emu.token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(typeof ((await res.json()) as { detail?: unknown }).detail).toBe('string');
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });

  it.each(['{"name":', '{name: "x"}', "{'name': 'x'}", '', 'nul', '{"a":1}{"b":2}'])(
    'answers 400 with a JSON error for the malformed JSON %j',
    async (raw) => {
      const cfg = await createConfig(emu);
      const headers = { 'content-type': 'application/json' };
      for (const [method, path] of [
        ['POST', CFG],
        ['PATCH', `${CFG}/${cfg.id}`],
        ['PUT', `${CFG}/${cfg.id}`],
      ] as const) {
        const r = await emu.call(method, path, { raw, headers });
        expect(r.status, `${method}: ${r.text}`).toBe(400);
        expect(r.headers.get('content-type')).toBe(JSON_TYPE);
        expect(r.body, r.text).toBeTypeOf('object');
      }
      expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
    },
  );

  it.each(['[]', '[{"name":"x"}]', '1', '0', '"a string"', 'null', 'true'])('answers 400 for the non-object JSON body %s', async (raw) => {
    const cfg = await createConfig(emu);
    const headers = { 'content-type': 'application/json' };
    for (const [method, path] of [
      ['POST', CFG],
      ['PATCH', `${CFG}/${cfg.id}`],
      ['PUT', `${CFG}/${cfg.id}`],
      ['PATCH', `${CFG}/${cfg.id}/error_responses`],
    ] as const) {
      const r = await emu.call(method, path, { raw, headers });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(400);
      expect(r.headers.get('content-type')).toBe(JSON_TYPE);
      expect(r.body, r.text).toBeTypeOf('object');
      expect(r.body).not.toBeNull();
    }
    expect((await emu.call('GET', `${CFG}/${cfg.id}`)).body).toEqual(cfg);
  });
});
