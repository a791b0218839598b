// Store actions as screens start them: a spinner-free call with its outcome in the status line.
import type { Ctx } from '../app/context.js';
import type { RecordKey } from '../store/index.js';

/** Loads something; a failure lands in the status line (the header shows the connection). */
export async function reload(ctx: Ctx, load: () => Promise<unknown>): Promise<void> {
  try {
    await load();
  } catch (e) {
    ctx.ui.getState().say('error', (e as Error).message);
  }
}

/** Deletes a record after its confirmation: a delete draft, applied at once. */
export async function deleteNow(ctx: Ctx, key: RecordKey, name: string): Promise<void> {
  const { markDelete, apply } = ctx.store.getState();
  markDelete(key);
  const result = await apply(key);
  if (result.outcome === 'applied') ctx.ui.getState().say('ok', `deleted ${name}`);
  else {
    ctx.store.getState().discardDraft(key);
    ctx.ui.getState().say('error', result.outcome === 'failed' ? result.message : `not deleted (${result.outcome})`);
  }
}
