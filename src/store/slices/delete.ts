// Deleting records after their confirmation: one DELETE each, at once. A delete that fails leaves
// no draft behind. A cache setting or an origin that rules still use (409) comes back with those rules.
import { ruleFieldReferring } from '../../schema/index.js';
import { listKey, parseKey, type RecordKey } from '../keys.js';
import type { SliceContext } from '../context.js';
import type { ApplyActions } from './apply.js';
import type { DraftActions } from './drafts.js';
import type { LoadActions } from './load.js';
import { rulesUsingKeys } from '../preflight/index.js';

export interface DeleteFailure {
  readonly key: RecordKey;
  readonly message: string;
  readonly status?: number;
}

export interface DeleteOutcome {
  readonly deleted: readonly RecordKey[];
  readonly failed: readonly DeleteFailure[];
  /** A cache setting or origin the API kept because rules use it (409), with those rules (loaded again to know). */
  readonly inUse?: { readonly key: RecordKey; readonly message: string; readonly rules: readonly RecordKey[] };
}

export interface DeleteActions {
  deleteRecords(keys: readonly RecordKey[]): Promise<DeleteOutcome>;
}

type Needs = Pick<DraftActions, 'markDelete' | 'discardDrafts'> & Pick<ApplyActions, 'applyMany'> & Pick<LoadActions, 'reload'>;

export function deleteSlice(ctx: SliceContext, actions: () => Needs): DeleteActions {
  return {
    async deleteRecords(keys) {
      const { markDelete, applyMany, discardDrafts, reload } = actions();
      for (const key of keys) markDelete(key);
      const results = await applyMany(keys);
      const failed: DeleteFailure[] = [];
      for (const r of results) {
        if (r.outcome === 'failed')
          failed.push({ key: r.key, message: r.message, ...(r.status !== undefined ? { status: r.status } : {}) });
        else if (r.outcome !== 'applied') failed.push({ key: r.key, message: `not deleted (${r.outcome})` });
      }
      discardDrafts(failed.map((f) => f.key));
      const deleted = results.filter((r) => r.outcome === 'applied').map((r) => r.key);
      // A record that rules refer to (by the field the rule schema says) cannot go while rules use it.
      const refused = failed.find((f) => f.status === 409 && ruleFieldReferring(parseKey(f.key).kind) !== undefined);
      if (!refused) return { deleted, failed };
      await reload(listKey('rule', parseKey(refused.key).conf));
      return { deleted, failed, inUse: { key: refused.key, message: refused.message, rules: rulesUsingKeys(ctx.get(), refused.key) } };
    },
  };
}
