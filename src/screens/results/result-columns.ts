// The results screen's columns (docs/ux.md §10): what the match is — its kind, id, a rule's path or
// a record's name, what tells it apart (a rule's behaviour, a cache setting's CDN cache, an origin's
// addresses), a rule's gzip — and its configuration's name and id. Too narrow, the detail is cut
// first, then the path or name and the configuration's name, then the short kind and gzip; the ids
// last (column-widths.ts).
import type { Column } from '../../components/windowed-table.js';
import { kindWords } from '../../schema/index.js';
import { safe } from '../../ui/text.js';
import { ID_COLUMN } from '../configuration/columns.js';
import type { ResultRow } from './result-rows.js';

export const RESULT_COLUMNS: readonly Column<ResultRow>[] = [
  { title: 'kind', rank: 2, cell: (r) => kindWords(r.kind)[0] },
  ID_COLUMN,
  { title: 'path or name', rank: 1, cell: (r) => (r.record.regex ? `~ ${safe(r.match.label)}` : safe(r.match.label)) },
  { title: 'detail', cell: (r) => safe(r.match.detail) },
  { title: 'gzip', rank: 2, cell: (r) => (r.kind === 'rule' ? (r.record.gzip ? 'yes' : 'no') : '') },
  { title: 'configuration', rank: 1, cell: (r) => safe(r.match.confName) },
  { title: 'conf id', align: 'right', keep: true, cell: (r) => String(r.match.conf) },
];
