// The export format (`cdn-tui export`, read back by `cdn-tui apply`; docs/export-format.md): one
// configuration with its cache settings, rules and error responses, keys in a stable order (the
// schema's field order, then any other fields sorted) and lists in id order, so that a file diffs
// well in git — two exports of the same server state are the same bytes (no time in the file) —
// and a fingerprint of each record as the server had it, so apply can tell a change made since.
import { nodeCrypto } from '../util/builtins.js';
import { isPlainObject, schemaFor, type Rec, type ResourceKind } from '../schema/index.js';

export const FORMAT = 'cdn-tui.configuration';
export const FORMAT_VERSION = 1;

export interface ExportFile {
  readonly format: typeof FORMAT;
  readonly version: typeof FORMAT_VERSION;
  readonly configuration: Rec;
  /**
   * The configuration's origins (read-only), in id order: what a rule's `path_origin_id` points at,
   * so a compare names origins rather than ids. Absent from files written before it was added.
   */
  readonly origins?: readonly Rec[];
  readonly cache_settings: readonly Rec[];
  readonly rules: readonly Rec[];
  readonly error_responses: Rec;
  /** Each exported record's fingerprint (`fingerprint()` of the server's record) by "kind:id". */
  readonly fingerprints: Readonly<Record<string, string>>;
}

/** A JSON value with its object keys sorted, recursively (for fingerprints). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isPlainObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  return v;
}

/** What a record was on the server: a hash of its JSON, key order aside. */
export function fingerprint(record: Rec): string {
  return nodeCrypto()
    .createHash('sha256')
    .update(JSON.stringify(canonical(record)))
    .digest('hex')
    .slice(0, 16);
}

/** The record with its keys in the schema's order (then the rest, sorted). */
export function ordered(kind: ResourceKind, record: Rec): Rec {
  const out: Rec = {};
  if (Object.hasOwn(record, 'id')) out.id = record.id;
  for (const f of schemaFor(kind).fields) if (Object.hasOwn(record, f.name)) out[f.name] = record[f.name];
  for (const k of Object.keys(record).sort()) if (!Object.hasOwn(out, k)) out[k] = record[k];
  return out;
}

/** The file's text: two-space JSON with a final newline. */
export function exportText(file: ExportFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads an export file; throws a one-sentence Error naming what is wrong. */
export function parseExport(text: string): ExportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // V8 quotes the text around the fault, newlines and all: the message is one line wherever it is said.
    const why = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();
    throw new Error(`not JSON (${why})`, { cause: e });
  }
  if (!isPlainObject(json) || json.format !== FORMAT) throw new Error(`not a cdn-tui export (no "format": "${FORMAT}")`);
  if (json.version !== FORMAT_VERSION)
    throw new Error(`export format version ${String(json.version)}; this cdn-tui reads version ${FORMAT_VERSION}`);
  const list = (name: string): Rec[] => {
    const v = json[name];
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every(isPlainObject)) throw new Error(`"${name}" is not a list of records`);
    return v;
  };
  if (!isPlainObject(json.configuration)) throw new Error('"configuration" is not a record');
  const origins = json.origins === undefined ? undefined : list('origins');
  const fingerprints = isPlainObject(json.fingerprints)
    ? Object.fromEntries(Object.entries(json.fingerprints).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    configuration: json.configuration,
    ...(origins ? { origins } : {}),
    cache_settings: list('cache_settings'),
    rules: list('rules'),
    error_responses: isPlainObject(json.error_responses) ? json.error_responses : {},
    fingerprints,
  };
}
