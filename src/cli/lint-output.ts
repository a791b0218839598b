// What `cdn-tui lint` prints: a line per finding for people,
//   shop (1528252734) · rule ^/(a+)+$ (1528255001) · regex_catastrophic: "^/(a+)+$" repeats … [path]
// or, with --json, one array for scripts (keys in docs/lint.md). Names and paths come from the API
// or a file: in the lines they are shown printable, never obeyed by the terminal.
import { lintRecord, printable, scopeRecords, type LintFinding, type LintKind } from '../lint/index.js';
import type { Rec } from '../schema/index.js';
import type { ExportFile } from '../transfer/format.js';

/** A finding, with the configuration it was found in and the record's name (a rule: its path). */
export interface Reported {
  readonly configuration: { readonly id: number | null; readonly name: string | null };
  readonly finding: LintFinding;
  /** The record's name, or a rule's path; null when it has none (a file's record may not). */
  readonly label: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const id = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** What names a record of `kind`: a rule's path, every other record's name. */
const labelField = (kind: LintKind) => (kind === 'rule' ? 'path' : 'name');

/** Every finding on one configuration's export (or snapshot), in lint order. */
export function reportedOf(snapshot: Pick<ExportFile, 'configuration' | 'origins' | 'cache_settings' | 'rules'>): Reported[] {
  const scope = {
    configuration: snapshot.configuration,
    origins: snapshot.origins,
    cache_settings: snapshot.cache_settings,
    rules: snapshot.rules,
  };
  const configuration = { id: id(snapshot.configuration.id), name: text(snapshot.configuration.name) };
  return scopeRecords(scope).flatMap(([kind, record]: readonly [LintKind, Rec]) =>
    lintRecord(kind, record, scope).map((finding) => ({ configuration, finding, label: text(record[labelField(kind)]) })),
  );
}

/** `shop (7)`: a name shown printable (or `none`), and the id when there is one. */
const named = (name: string | null, recordId: number | null | undefined, none: string) =>
  `${name === null ? none : printable(name)}${recordId === null || recordId === undefined ? '' : ` (${recordId})`}`;

/** `<configuration> (<id>) · <kind> <name or path> (<id>) · <code>: <message> [<field>]`, and a newline. */
export function findingLine(r: Reported): string {
  const { finding: f } = r;
  const record = named(r.label, f.id, `(no ${labelField(f.kind)})`);
  return `${named(r.configuration.name, r.configuration.id, '(no name)')} · ${f.kind} ${record} · ${f.code}: ${f.message} [${f.field}]\n`;
}

/** The --json output: an array of `{configuration: {id, name}, kind, id, path | name, field, code, message}`, two-space indented. */
export function findingsJson(found: readonly Reported[]): string {
  const items = found.map(({ configuration, finding: f, label }) => ({
    configuration,
    kind: f.kind,
    id: f.id ?? null,
    [labelField(f.kind)]: label,
    field: f.field,
    code: f.code,
    message: f.message,
  }));
  return `${JSON.stringify(items, null, 2)}\n`;
}
