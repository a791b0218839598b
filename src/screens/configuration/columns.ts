// The columns of the record lists inside a configuration: as wide as what they hold (the table
// measures them); too narrow, a cache setting's or an origin's name is cut last (rank 2) but the
// id, which is never cut before it: it is what a user types elsewhere. The rules' columns are all
// of one rank: the widest texts (a long path) lose first, so behaviour and protocol stay whole.
import type { Column } from '../../components/windowed-table.js';
import type { Rec } from '../../schema/index.js';
import { humanDuration, safe } from '../../ui/text.js';
import type { Row } from '../rows.js';
import { addresses, nameIn } from './refs.js';

/** Every list's first column (the browser's too). */
export const ID_COLUMN: Column<Row> = { title: 'id', align: 'right', keep: true, cell: (r) => String(r.record.id) };

const ttl = (on: unknown, seconds: unknown) => (on && typeof seconds === 'number' ? humanDuration(seconds) : '');

let lastRuleColumns: { readonly origins: readonly Rec[]; readonly caches: readonly Rec[]; readonly columns: Column<Row>[] } | undefined;

/**
 * The rules' columns, naming each rule's origin and cache setting. The same columns while the
 * origins and cache settings are the same: the table measures its rows again only for new columns.
 */
export function ruleColumns(origins: readonly Rec[], caches: readonly Rec[]): Column<Row>[] {
  if (lastRuleColumns?.origins !== origins || lastRuleColumns.caches !== caches) {
    lastRuleColumns = { origins, caches, columns: makeRuleColumns(nameIn(origins), nameIn(caches)) };
  }
  return lastRuleColumns.columns;
}

function makeRuleColumns(origin: (id: unknown) => string, cacheSetting: (id: unknown) => string): Column<Row>[] {
  return [
    ID_COLUMN,
    { title: 'path', cell: (r) => (r.record.regex ? `~ ${safe(r.record.path)}` : safe(r.record.path)) },
    { title: 'behavior', cell: (r) => safe(r.record.behavior) },
    { title: 'protocol', cell: (r) => safe(r.record.protocol_policy) },
    { title: 'gzip', cell: (r) => (r.record.gzip ? 'yes' : 'no') },
    { title: 'cache setting', cell: (r) => cacheSetting(r.record.cache_settings_id) },
    { title: 'origin', cell: (r) => origin(r.record.path_origin_id) },
  ];
}

export const cacheSettingColumns: Column<Row>[] = [
  ID_COLUMN,
  { title: 'name', rank: 2, cell: (r) => safe(r.record.name) },
  {
    title: 'cdn',
    cell: (r) =>
      `${safe(r.record.cdn_cache_settings)} ${ttl(r.record.cdn_cache_settings === 'override', r.record.cdn_cache_settings_maximum_ttl)}`,
  },
  {
    title: 'browser',
    cell: (r) => (r.record.browser_cache_settings ? ttl(true, r.record.browser_cache_settings_maximum_ttl) || '0s' : 'origin'),
  },
  { title: 'query string', cell: (r) => safe(r.record.cache_by_query_string) },
  { title: 'cookies', cell: (r) => safe(r.record.cache_by_cookies) },
];

export const originColumns: Column<Row>[] = [
  ID_COLUMN,
  { title: 'name', rank: 2, cell: (r) => safe(r.record.name) },
  { title: 'type', cell: (r) => safe(r.record.origin_type) },
  { title: 'protocol', cell: (r) => safe(r.record.origin_protocol_policy) },
  { title: 'Host header', cell: (r) => safe(r.record.host_header) },
  { title: 'addresses', cell: (r) => addresses(r.record) },
];
