// The paths of docs/api.md §4, in one place: the client requests them, the review screen shows them.
import type { RecordKind } from './types.js';

export type PathKind = RecordKind | 'error_responses';

export const CONFIGURATIONS = '/content_delivery/configurations';

const SEGMENT: Record<Exclude<PathKind, 'configuration'>, string> = {
  rule: 'rules_engine',
  cache_setting: 'cache_settings',
  origin: 'origins',
  error_responses: 'error_responses',
};

/** `/content_delivery/configurations[/conf[/segment[/id]]]`; `id` omitted: the collection. */
export function resourcePath(kind: PathKind, conf?: number, id?: number): string {
  if (kind === 'configuration') return id === undefined ? CONFIGURATIONS : `${CONFIGURATIONS}/${id}`;
  if (conf === undefined) throw new Error(`a ${kind} path needs its configuration`);
  const base = `${CONFIGURATIONS}/${conf}/${SEGMENT[kind]}`;
  return id === undefined ? base : `${base}/${id}`;
}
