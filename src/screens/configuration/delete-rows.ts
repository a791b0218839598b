// Deleting rules or cache settings: one DELETE each; a cache setting that rules still use is
// explained (the API's 409) and the user is offered those rules.
import type { Ctx } from '../../app/context.js';
import { listKey, parseKey, type RecordKey } from '../../store/index.js';
import { deleteKeys } from '../actions.js';
import type { RecordRow } from './columns.js';

/** Returns, for a cache setting that rules still use, those rules and the API's sentence. */
export async function deleteRows(
  ctx: Ctx,
  kind: 'rule' | 'cache_setting',
  conf: number,
  rows: readonly RecordRow[],
): Promise<{ readonly usedBy: readonly RecordKey[]; readonly message: string } | undefined> {
  const { store, ui } = ctx;
  const failed = await deleteKeys(ctx, rows.map((r) => r.key));
  if (failed.length === 0) {
    ui.getState().say('ok', `deleted ${rows.length} ${kind === 'rule' ? 'rule' : 'cache setting'}${rows.length > 1 ? 's' : ''}`);
    return undefined;
  }
  const { key, message } = failed[0]!;
  if (kind === 'cache_setting' && /is used by rules/.test(message)) {
    await store.getState().loadChildren('rule', conf).catch(() => undefined);
    const id = parseKey(key).id;
    const users: RecordKey[] = (store.getState().lists[listKey('rule', conf)]?.keys ?? []).filter(
      (k) => store.getState().records[k]?.cache_settings_id === id,
    );
    ui.getState().say('error', message);
    return { usedBy: users, message };
  }
  ui.getState().say('error', `${failed.length} of ${rows.length} not deleted: ${message}`);
  return undefined;
}
