// The query language of find (docs/ux.md §10): pure, over src/schema — the palette's `:` and, to
// come, `cdn-tui find` and `cdn-tui bulk` take it.
export {
  CHILD_KINDS,
  QUERY_KINDS,
  TEXT_FIELDS,
  TEXT_KINDS,
  fieldNames,
  kindWord,
  queryField,
  type ChildQueryKind,
  type QueryField,
  type QueryKind,
} from './fields.js';
export { formatQuery, formatTerm, keysFor, parseQuery, quoteValue, tokenize, type Parsed, type Query, type Term } from './parse.js';
export { globRegExp, inScope, matchQuery, type MatchResult, type QueryData, type QueryMatch } from './match.js';
export type { TermValue } from './values.js';
