// A new record sent just before the app stopped (the journal kept it as "maybe sent"): whichever
// comes first after the restart, its list or sending it again, the record the lost POST made is
// recognised as this draft's, never flagged as a duplicate and never created twice; a POST that
// never arrived is offered again and goes out once.
import { describe, expect, it } from 'vitest';
import { createMemoryJournal, recordKey, type AppStore, type RecordKey } from '../../src/store/index.js';
import type { Draft } from '../../src/store/types.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, createDraft, storeFor } from './helpers.js';

const emu = emulatorFixture(['--seed', 'demo'], { log: true });
const posts = () => emu.log().filter((l) => l.method === 'POST').length;

/**
 * The journal after a crash while a new configuration named `name` was being sent: its draft
 * marked "maybe sent" above the list's ids of the time; `arrived`: the POST reached the server.
 */
async function crashedWhileSending(name: string, arrived: boolean): Promise<{ key: RecordKey; restart: () => AppStore }> {
  const before = storeFor(emu);
  await before.getState().loadConfigurations();
  const values = { name, origin_address: 'o.example.test', origin_host_header: 'h.example.test' };
  const key = createDraft(before, 'configuration', undefined, values);
  const ids = (before.getState().lists.configurations?.keys ?? []).map((k) => Number(k.split(':').at(-1)));
  const draft: Draft = { ...before.getState().drafts[key]!, maybeSent: true, madeAfterId: Math.max(...ids) };
  if (arrived) expect((await emu.call('POST', CFG, { body: values })).status).toBe(201);
  return { key, restart: () => storeFor(emu, createMemoryJournal({ [key]: draft })) };
}

const named = async (name: string) =>
  ((await emu.call('GET', CFG)).body as Array<{ id: number; name: string }>).filter((c) => c.name === name);

describe('a new record restored as "maybe sent"', () => {
  it('its list opened first: the record is found, the draft is done, nothing is sent', async () => {
    const { key, restart } = await crashedWhileSending('restored, list first', true);
    const store = restart();
    const sent = posts();
    await store.getState().loadConfigurations();
    expect(store.getState().drafts[key]).toBeUndefined();
    const found = await named('restored, list first');
    expect(found).toHaveLength(1);
    expect(store.getState().lists.configurations?.keys).toContain(recordKey('configuration', undefined, found[0]!.id));
    expect(posts()).toBe(sent);
  });

  it('sent again first (its list not loaded): the record is found, nothing is sent twice', async () => {
    const { key, restart } = await crashedWhileSending('restored, sent first', true);
    const store = restart();
    const sent = posts();
    const result = await store.getState().apply(key);
    expect(result.outcome).toBe('applied');
    expect(posts()).toBe(sent);
    expect(await named('restored, sent first')).toHaveLength(1);
  });

  it('its list opened first, then sent: the list, then the send; one record, one POST in all', async () => {
    const { key, restart } = await crashedWhileSending('restored, both', true);
    const store = restart();
    const sent = posts();
    await store.getState().loadConfigurations();
    expect((await store.getState().apply(key)).outcome).toBe('unchanged'); // nothing left to send
    expect(posts()).toBe(sent);
    expect(await named('restored, both')).toHaveLength(1);
  });

  it('a POST that never arrived: offered again after the list is read, and sent once', async () => {
    const { key, restart } = await crashedWhileSending('restored, never arrived', false);
    const store = restart();
    await store.getState().loadConfigurations();
    expect(store.getState().drafts[key]).toBeDefined();
    const sent = posts();
    expect((await store.getState().apply(key)).outcome).toBe('applied');
    expect(posts()).toBe(sent + 1);
    expect(await named('restored, never arrived')).toHaveLength(1);
  });
});
