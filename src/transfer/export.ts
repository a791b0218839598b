// `cdn-tui export ID`: a configuration with its origins, cache settings, rules and error responses,
// as the API has them now, in the export format (format.ts): the same server state, the same bytes.
// `snapshotOf` makes the same file from records held anywhere (the store: the compare's live side).
import type { ApiClient } from '../api/index.js';
import type { Rec } from '../schema/index.js';
import { FORMAT, FORMAT_VERSION, fingerprint, ordered, type ExportFile } from './format.js';

/** What one configuration holds, as read. */
export interface ConfigurationParts {
  readonly configuration: Rec;
  readonly origins: readonly Rec[];
  readonly cache_settings: readonly Rec[];
  readonly rules: readonly Rec[];
  readonly error_responses: Rec;
}

const byId = (records: readonly Rec[]) => [...records].sort((a, b) => Number(a.id) - Number(b.id));

/** The export file of a configuration's records (keys in schema order, lists in id order, fingerprints). */
export function snapshotOf(parts: ConfigurationParts): ExportFile {
  const id = String(parts.configuration.id);
  const fingerprints: Record<string, string> = {
    [`configuration:${id}`]: fingerprint(parts.configuration),
    error_responses: fingerprint(parts.error_responses),
  };
  const each = (kind: 'cache_setting' | 'rule', records: readonly Rec[]) =>
    byId(records).map((r) => {
      fingerprints[`${kind}:${String(r.id)}`] = fingerprint(r);
      return ordered(kind, r);
    });
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    configuration: ordered('configuration', parts.configuration),
    origins: byId(parts.origins).map((o) => ordered('origin', o)),
    cache_settings: each('cache_setting', parts.cache_settings),
    rules: each('rule', parts.rules),
    error_responses: ordered('error_responses', parts.error_responses),
    fingerprints,
  };
}

export async function exportConfiguration(api: ApiClient, id: number): Promise<ExportFile> {
  const [configuration, origins, cacheSettings, rules, errorResponses] = await Promise.all([
    api.get({ kind: 'configuration' }, id),
    api.list({ kind: 'origin', conf: id }),
    api.list({ kind: 'cache_setting', conf: id }),
    api.list({ kind: 'rule', conf: id }),
    api.getErrorResponses(id),
  ]);
  return snapshotOf({
    configuration,
    origins: origins.items,
    cache_settings: cacheSettings.items,
    rules: rules.items,
    error_responses: errorResponses,
  });
}
