// The columns of the record lists inside a configuration.
import type { Column } from '../../components/windowed-table.js';
import { humanDuration, safe } from '../../ui/text.js';
import type { Row } from '../rows.js';
import { addresses } from './refs.js';

/** Names of referenced records, for showing names where the API has ids. */
export interface Names {
  readonly origin: (id: unknown) => string;
  readonly cacheSetting: (id: unknown) => string;
}

const ttl = (on: unknown, seconds: unknown) => (on && typeof seconds === 'number' ? humanDuration(seconds) : '');

export function ruleColumns(names: Names): Column<Row>[] {
  return [
    { title: 'id', width: 6, align: 'right', cell: (r) => String(r.record.id) },
    { title: 'path', weight: 3, cell: (r) => (r.record.regex ? `~ ${safe(r.record.path)}` : safe(r.record.path)) },
    { title: 'behavior', width: 14, cell: (r) => safe(r.record.behavior) },
    { title: 'protocol', width: 13, cell: (r) => safe(r.record.protocol_policy) },
    { title: 'gzip', width: 4, cell: (r) => (r.record.gzip ? 'yes' : 'no') },
    { title: 'cache setting', weight: 2, cell: (r) => names.cacheSetting(r.record.cache_settings_id) },
    { title: 'origin', weight: 2, cell: (r) => names.origin(r.record.path_origin_id) },
  ];
}

export const cacheSettingColumns: Column<Row>[] = [
  { title: 'id', width: 6, align: 'right', cell: (r) => String(r.record.id) },
  { title: 'name', weight: 2, cell: (r) => safe(r.record.name) },
  { title: 'cdn', width: 16, cell: (r) => `${safe(r.record.cdn_cache_settings)} ${ttl(r.record.cdn_cache_settings === 'override', r.record.cdn_cache_settings_maximum_ttl)}` },
  { title: 'browser', width: 10, cell: (r) => (r.record.browser_cache_settings ? ttl(true, r.record.browser_cache_settings_maximum_ttl) || '0s' : 'origin') },
  { title: 'query string', width: 12, cell: (r) => safe(r.record.cache_by_query_string) },
  { title: 'cookies', width: 10, cell: (r) => safe(r.record.cache_by_cookies) },
];

export const originColumns: Column<Row>[] = [
  { title: 'id', width: 6, align: 'right', cell: (r) => String(r.record.id) },
  { title: 'name', weight: 2, cell: (r) => safe(r.record.name) },
  { title: 'type', width: 14, cell: (r) => safe(r.record.origin_type) },
  { title: 'protocol', width: 9, cell: (r) => safe(r.record.origin_protocol_policy) },
  { title: 'Host header', weight: 2, cell: (r) => safe(r.record.host_header) },
  { title: 'addresses', weight: 2, cell: (r) => addresses(r.record) },
];
