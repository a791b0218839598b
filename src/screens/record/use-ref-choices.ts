// The records a rule refers to, as choices: origins and cache settings by name, `none` for null.
import { useMemo } from 'react';
import type { Choice } from '../../components/choice-list.js';
import { safe } from '../../ui/text.js';
import { useChildren } from '../configuration/records-tab.js';

export function useRefChoices(kind: 'rule' | 'cache_setting', conf: number): Record<string, Choice[]> {
  const origins = useChildren('origin', conf);
  const caches = useChildren('cache_setting', conf);
  return useMemo<Record<string, Choice[]>>(() => {
    if (kind !== 'rule') return {} as Record<string, Choice[]>;
    const named = (rows: typeof origins.rows, help: (r: Record<string, unknown>) => string) =>
      rows.map((r) => ({ value: r.record.id, label: `${safe(r.record.name)} (${String(r.record.id)})`, help: help(r.record) }));
    return {
      path_origin_id: named(origins.rows, (o) => ((o.addresses as Array<{ address: unknown }>) ?? []).map((a) => safe(a.address)).join(', ')),
      cache_settings_id: [
        { value: null, label: 'none', help: "follow the origin's cache headers" },
        ...named(caches.rows, (c) => `cdn ${safe(c.cdn_cache_settings)}`),
      ],
    };
  }, [kind, origins.rows, caches.rows]);
}
