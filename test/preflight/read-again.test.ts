// A refusal the pre-flight could not foresee (someone changed the list after the review read it):
// once the API has said so, what the refused draft's checks read is read again, so that the next
// review of that draft says it too, in the API's words, instead of "y sends all" again.
import { describe, expect, it } from 'vitest';
import { listKey, preflight } from '../../src/store/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { CFG, createDraft, storeFor } from '../store/helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const emu = emulatorFixture(['--seed', 'demo']);

describe('after a refusal nobody could foresee', () => {
  it('the list is read again: the draft, still pending, is flagged in the next review', async () => {
    const conf = demoId(6);
    const store = storeFor(emu);
    await store.getState().loadWhole(conf);
    const origin = Number(store.getState().lists[listKey('origin', conf)]!.keys[0]!.split(':')[2]);
    const rule = { path: '/read-again', regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin };
    const key = createDraft(store, 'rule', conf, rule);
    expect(preflight(store.getState(), [key]).refused).toBe(0);
    const theirs = (await emu.call('POST', `${CFG}/${conf}/rules_engine`, { body: rule })).body;
    const [result] = await store.getState().applyMany([key]);
    expect(result).toMatchObject({ outcome: 'failed', status: 400 });
    // The read goes on its own after the send: the next check knows the holder.
    await expect
      .poll(() => preflight(store.getState(), [key]).findings[key]?.map((f) => f.message), { timeout: 5000 })
      .toEqual([`Rule ${theirs.id} already has this path.`]);
  });
});
