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

/**
 * Deletes records after their confirmation: delete drafts, applied at once. A delete that fails
 * leaves no draft behind; the failures are returned with the API's sentence.
 */
export async function deleteKeys(ctx: Ctx, keys: readonly RecordKey[]): Promise<Array<{ readonly key: RecordKey; readonly message: string }>> {
  const { markDelete, applyMany, discardDraft } = ctx.store.getState();
  for (const key of keys) markDelete(key);
  const results = await applyMany(keys);
  const failed = results.filter((r) => r.outcome !== 'applied');
  for (const f of failed) discardDraft(f.key);
  return failed.map((r) => ({ key: r.key, message: r.outcome === 'failed' ? r.message : `not deleted (${r.outcome})` }));
}

/** Deletes one record (a configuration) and says how it went. */
export async function deleteNow(ctx: Ctx, key: RecordKey, name: string): Promise<void> {
  const [failure] = await deleteKeys(ctx, [key]);
  if (failure) ctx.ui.getState().say('error', failure.message);
  else ctx.ui.getState().say('ok', `deleted ${name}`);
}
