// Error responses (docs/api.md §4.4): one object per configuration, seven cache_error_* TTLs.
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import {
  CFG,
  ERROR_RESPONSE_FIELDS,
  MAX_TTL,
  createConfiguration,
  expectDetail,
  expectFieldError,
  expectFieldErrors,
  expectMethodNotAllowed,
  expectNotFound,
  getJson,
  omit,
  type Configuration,
  type Json,
} from '../helpers/fixtures.js';

const emu = emulatorFixture();

const errors = (c: Pick<Configuration, 'id'>): string => `${CFG}/${c.id}/error_responses`;
const ZEROS: Json = Object.fromEntries(ERROR_RESPONSE_FIELDS.map((f) => [f, 0]));
/** Distinct values for the seven fields. */
const SAMPLE = Object.fromEntries(ERROR_RESPONSE_FIELDS.map((f, i) => [f, (i + 1) * 10])) as Record<
  (typeof ERROR_RESPONSE_FIELDS)[number],
  number
>;

describe('GET error_responses', () => {
  it('a new configuration has all seven at 0, in order, without id', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('GET', errors(conf));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body)).toEqual([...ERROR_RESPONSE_FIELDS]);
    expect(r.body).toEqual(ZEROS);
    expect((await emu.call('GET', errors(conf) + '/')).body).toEqual(ZEROS);
  });

  it('answers 404 for an unknown or deleted configuration', async () => {
    expectNotFound(await emu.call('GET', `${CFG}/99999999/error_responses`));
    expectNotFound(await emu.call('PUT', `${CFG}/99999999/error_responses`, { body: SAMPLE }));
    expectNotFound(await emu.call('PATCH', `${CFG}/99999999/error_responses`, { body: { cache_error_404: 5 } }));
    const conf = await createConfiguration(emu);
    expect((await emu.call('DELETE', conf.path)).status).toBe(204);
    expectNotFound(await emu.call('GET', errors(conf)));
  });
});

describe('PUT error_responses', () => {
  it('replaces all seven and returns them in order', async () => {
    const conf = await createConfiguration(emu);
    // sent in reverse order
    const body = Object.fromEntries([...ERROR_RESPONSE_FIELDS].reverse().map((f) => [f, SAMPLE[f]]));
    const r = await emu.call('PUT', errors(conf), { body });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ERROR_RESPONSE_FIELDS]);
    expect(r.body).toEqual(SAMPLE);
    expect(await getJson(emu, errors(conf))).toEqual(SAMPLE);
  });

  it.each(ERROR_RESPONSE_FIELDS)('requires %s, and a rejected PUT changes nothing', async (field) => {
    const conf = await createConfiguration(emu);
    expect((await emu.call('PUT', errors(conf), { body: SAMPLE })).status).toBe(200);
    // every field that is sent differs from the stored one
    const changed = Object.fromEntries(ERROR_RESPONSE_FIELDS.map((f) => [f, SAMPLE[f] + 1]));
    const r = await emu.call('PUT', errors(conf), { body: omit(changed, field) });
    expectFieldError(r, field, 'This field is required.');
    expect(await getJson(emu, errors(conf))).toEqual(SAMPLE);
  });

  it('reports every missing field, one key each', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('PUT', errors(conf), { body: { cache_error_400: 1, cache_error_501: 2 } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(
      Object.fromEntries(
        ERROR_RESPONSE_FIELDS.filter((f) => f !== 'cache_error_400' && f !== 'cache_error_501').map((f) => [
          f,
          ['This field is required.'],
        ]),
      ),
    );
    expect(await getJson(emu, errors(conf))).toEqual(ZEROS);
  });
});

describe('PATCH error_responses', () => {
  it('changes one field, returns all seven in order, keeps the others', async () => {
    const conf = await createConfiguration(emu);
    const r = await emu.call('PATCH', errors(conf), { body: { cache_error_404: 300 } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ERROR_RESPONSE_FIELDS]);
    expect(r.body).toEqual({ ...ZEROS, cache_error_404: 300 });
    const r2 = await emu.call('PATCH', errors(conf), { body: { cache_error_501: 60, cache_error_400: 5 } });
    expect(r2.status, r2.text).toBe(200);
    expect(r2.body).toEqual({ ...ZEROS, cache_error_404: 300, cache_error_501: 60, cache_error_400: 5 });
    expect(await getJson(emu, errors(conf))).toEqual(r2.body);
  });

  it('answers 400 "Send at least one field." to an empty body', async () => {
    const conf = await createConfiguration(emu);
    expectDetail(await emu.call('PATCH', errors(conf), { body: {} }), 400, 'Send at least one field.');
  });

  it('configurations are independent', async () => {
    const one = await createConfiguration(emu);
    const two = await createConfiguration(emu);
    expect((await emu.call('PATCH', errors(one), { body: { cache_error_403: 7 } })).status).toBe(200);
    expect(await getJson(emu, errors(two))).toEqual(ZEROS);
  });
});

describe('validation', () => {
  it.each(ERROR_RESPONSE_FIELDS)('%s is an integer 0..31536000 on PATCH and PUT', async (field) => {
    const conf = await createConfiguration(emu);
    for (const bad of [MAX_TTL + 1, -1, 1.5]) {
      expectFieldErrors(await emu.call('PATCH', errors(conf), { body: { [field]: bad } }), [field]);
      expectFieldErrors(await emu.call('PUT', errors(conf), { body: { ...SAMPLE, [field]: bad } }), [field]);
    }
    expect(await getJson(emu, errors(conf))).toEqual(ZEROS);
    const max = await emu.call('PATCH', errors(conf), { body: { [field]: MAX_TTL } });
    expect(max.status, max.text).toBe(200);
    expect(max.body[field]).toBe(MAX_TTL);
    const zero = await emu.call('PUT', errors(conf), { body: { ...SAMPLE, [field]: 0 } });
    expect(zero.status, zero.text).toBe(200);
    expect(zero.body).toEqual({ ...SAMPLE, [field]: 0 });
  });

  it('ignores a read-only id in the body and never returns one', async () => {
    const conf = await createConfiguration(emu);
    const put = await emu.call('PUT', errors(conf), { body: { ...SAMPLE, id: 5 } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toStrictEqual(SAMPLE);
    const patch = await emu.call('PATCH', errors(conf), { body: { id: 5, cache_error_403: 1 } });
    expect(patch.status, patch.text).toBe(200);
    expect(patch.body).toStrictEqual({ ...SAMPLE, cache_error_403: 1 });
  });

  it('type messages', async () => {
    const conf = await createConfiguration(emu);
    expectFieldError(
      await emu.call('PATCH', errors(conf), { body: { cache_error_403: 'abc' } }),
      'cache_error_403',
      'A valid integer is required.',
    );
    expectFieldError(
      await emu.call('PATCH', errors(conf), { body: { cache_error_403: null } }),
      'cache_error_403',
      'This field may not be null.',
    );
    expectFieldError(
      await emu.call('PUT', errors(conf), { body: { ...SAMPLE, cache_error_416: 'abc' } }),
      'cache_error_416',
      'A valid integer is required.',
    );
    expect(await getJson(emu, errors(conf))).toEqual(ZEROS);
  });

  it('unknown fields → the unknown-fields detail, before field validation and changing nothing', async () => {
    const conf = await createConfiguration(emu);
    const detail = "There are some unknown fields: ['cache_error_500']";
    expectDetail(await emu.call('PATCH', errors(conf), { body: { cache_error_500: 10 } }), 400, detail);
    expectDetail(await emu.call('PATCH', errors(conf), { body: { cache_error_404: 10, cache_error_500: 10 } }), 400, detail);
    expectDetail(await emu.call('PATCH', errors(conf), { body: { cache_error_404: -1, cache_error_500: 10 } }), 400, detail);
    expectDetail(await emu.call('PUT', errors(conf), { body: { ...SAMPLE, cache_error_500: 10 } }), 400, detail);
    expectDetail(await emu.call('PUT', errors(conf), { body: { cache_error_500: 10 } }), 400, detail);
    expect(await getJson(emu, errors(conf))).toEqual(ZEROS);
  });
});

describe('methods not offered', () => {
  it.each(['POST', 'DELETE'])('%s → 405 with Allow: GET, PUT, PATCH, OPTIONS, changing nothing', async (method) => {
    const conf = await createConfiguration(emu);
    expect((await emu.call('PUT', errors(conf), { body: SAMPLE })).status).toBe(200);
    const r = await emu.call(method, errors(conf), method === 'POST' ? { body: ZEROS } : {});
    expectMethodNotAllowed(r, method, 'GET, PUT, PATCH, OPTIONS');
    expect(await getJson(emu, errors(conf))).toEqual(SAMPLE);
  });

  it('there is no per-code path', async () => {
    const conf = await createConfiguration(emu);
    expectNotFound(await emu.call('GET', `${errors(conf)}/404`));
  });
});
