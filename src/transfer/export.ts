// `cdn-tui export ID`: a configuration with its cache settings, rules and error responses, as the
// API has them now, in the export format (format.ts): the same server state, the same bytes.
import type { ApiClient } from '../api/types.js';
import type { Rec } from '../schema/index.js';
import { FORMAT, FORMAT_VERSION, fingerprint, ordered, type ExportFile } from './format.js';

export async function exportConfiguration(api: ApiClient, id: number): Promise<ExportFile> {
  const [configuration, cacheSettings, rules, errorResponses] = await Promise.all([
    api.get({ kind: 'configuration' }, id),
    api.list({ kind: 'cache_setting', conf: id }),
    api.list({ kind: 'rule', conf: id }),
    api.getErrorResponses(id),
  ]);
  const fingerprints: Record<string, string> = { [`configuration:${id}`]: fingerprint(configuration), error_responses: fingerprint(errorResponses) };
  const each = (kind: 'cache_setting' | 'rule', records: readonly Rec[]) =>
    [...records].sort((a, b) => Number(a.id) - Number(b.id)).map((r) => {
      fingerprints[`${kind}:${String(r.id)}`] = fingerprint(r);
      return ordered(kind, r);
    });
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    configuration: ordered('configuration', configuration),
    cache_settings: each('cache_setting', cacheSettings.items),
    rules: each('rule', rules.items),
    error_responses: ordered('error_responses', errorResponses),
    fingerprints,
  };
}
