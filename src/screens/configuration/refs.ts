// Names for the ids a rule refers to (its origin, its cache setting): as choices for the rule's
// form and as the text of the rules list. Read from the store's lists of the configuration.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Choice } from '../../components/select-list.js';
import { originSchema, type Rec } from '../../schema/index.js';
import { objectsText } from '../../ui/objects-text.js';
import { listKey, type AppState } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { useAppStore, useStores } from '../../app/stores.js';
import type { RefChoices } from '../form/form-model.js';

function recordsOf(s: AppState, kind: 'origin' | 'cache_setting', conf: number): Rec[] {
  return (s.lists[listKey(kind, conf)]?.keys ?? []).map((k) => s.records[k]).filter((r) => r !== undefined);
}

const ADDRESSES = originSchema.fields.find((f) => f.name === 'addresses');

/** An origin's addresses as its form writes them: `www.a.com; 10.0.0.2 backup weight=5`. */
export function addresses(o: Rec): string {
  return ADDRESSES?.type === 'objects' ? safe(objectsText(ADDRESSES.items, o.addresses)) : '';
}

/** The origins and cache settings of a configuration (kept in step with the store). */
export function useRefRecords(conf: number): { readonly origins: readonly Rec[]; readonly caches: readonly Rec[] } {
  const origins = useAppStore(useShallow((s) => recordsOf(s, 'origin', conf)));
  const caches = useAppStore(useShallow((s) => recordsOf(s, 'cache_setting', conf)));
  return { origins, caches };
}

/**
 * The origins and cache settings a rule of `conf` may name, read if they are not (a rule's form or a
 * bulk form opened from elsewhere than its configuration: the palette, a query's matches); none
 * read for `undefined` (a form of another kind).
 */
export function useRuleRefRecords(conf: number | undefined): ReturnType<typeof useRefRecords> {
  const { data } = useStores();
  useEffect(() => {
    if (conf !== undefined) for (const k of ['origin', 'cache_setting'] as const) void data.getState().ensureLoaded(listKey(k, conf));
  }, [data, conf]);
  return useRefRecords(conf ?? 0);
}

/** A rule's reference fields as choices: records by name, `none` for null. */
export function refChoices(origins: readonly Rec[], caches: readonly Rec[]): RefChoices {
  const named = (r: Rec, help: string): Choice => ({ key: String(r.id), value: r.id, label: `${safe(r.name)} (${String(r.id)})`, help });
  return {
    path_origin_id: origins.map((o) => named(o, addresses(o))),
    cache_settings_id: [
      { key: 'none', value: null, label: 'none', help: "follow the origin's cache headers" },
      ...caches.map((c) => named(c, `cdn ${safe(c.cdn_cache_settings)}`)),
    ],
  };
}

/** The name of a referenced record for a list cell: `none` for null, `#id` when it is unknown. */
export function nameIn(records: readonly Rec[]): (id: unknown) => string {
  const byId = new Map(records.map((r) => [r.id, r]));
  return (id) => {
    if (id === null || id === undefined) return 'none';
    const r = byId.get(id);
    return r ? safe(r.name) : `#${safe(String(id))}`;
  };
}
