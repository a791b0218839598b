// The emulator accepts what the real clients send (docs/ux.md §7): `Authorization: token …` in any case,
// and `Accept: application/json; version=1` (or plain JSON, anything, or no Accept at all).
import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, configBody } from '../helpers/config-fixtures.js';

const TOKEN = 'dialect-token-5e1a';
const emu = emulatorFixture(['--token', TOKEN]);

const ACCEPTS: ReadonlyArray<string | undefined> = [
  'application/json; version=1',
  'application/json;version=1',
  'application/json',
  '*/*',
  undefined,
];

describe('what real clients send', () => {
  it.each(['Token', 'token', 'TOKEN', 'ToKeN'])('Authorization: %s … reads and writes', async (word) => {
    const authorization = `${word} ${TOKEN}`;
    expect((await emu.call('GET', CFG, { token: null, headers: { authorization } })).status).toBe(200);
    expect((await emu.call('POST', CFG, { token: null, headers: { authorization }, body: configBody() })).status).toBe(201);
  });

  it.each(ACCEPTS)('Accept: %s is answered with JSON, for reads and writes', async (accept) => {
    const headers: Record<string, string> = accept === undefined ? {} : { accept };
    const made = await emu.call('POST', CFG, { headers, body: configBody() });
    expect(made.status).toBe(201);
    const read = await emu.call('GET', `${CFG}/${made.body.id}`, { headers });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(read.body.id).toBe(made.body.id);
    expect((await emu.call('PATCH', `${CFG}/${made.body.id}`, { headers, body: { active: false } })).body.active).toBe(false);
  });
});
