// `e`: a record as JSON in $VISUAL/$EDITOR. The terminal is handed over and taken back by Ink; the
// edited text is parsed here, and its changes go to the normal diff review.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '../util/errors.js';
import { nodeChildProcess } from '../util/builtins.js';
import { accepts, isPlainObject, schemaFor, type Rec, type ResourceKind } from '../schema/index.js';

/** The editable fields of a draft as the JSON text the editor starts with. */
export function editableJson(kind: ResourceKind, values: Rec, create: boolean): string {
  const out: Rec = {};
  for (const f of schemaFor(kind).fields)
    if (accepts(f, create ? 'create' : 'patch') && values[f.name] !== undefined) out[f.name] = values[f.name];
  return JSON.stringify(out, null, 2) + '\n';
}

export type EditOutcome =
  | { readonly ok: true; readonly values: Rec; readonly text: string }
  | { readonly ok: false; readonly message: string; readonly text: string };

/** Runs the editor on `text` (synchronously: the terminal belongs to it) and reads the result. */
export function runEditor(text: string, env: NodeJS.ProcessEnv = process.env): EditOutcome {
  const editor = env.VISUAL || env.EDITOR || 'vi';
  const dir = mkdtempSync(join(tmpdir(), 'cdn-tui-edit-'));
  const file = join(dir, 'record.json');
  try {
    writeFileSync(file, text, { mode: 0o600 });
    const run = nodeChildProcess().spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true });
    if (run.error) return { ok: false, message: `cannot start the editor "${editor}": ${run.error.message}`, text };
    if (run.status !== 0)
      return { ok: false, message: `the editor "${editor}" exited with ${String(run.status ?? run.signal)}; nothing changed`, text };
    const edited = readFileSync(file, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(edited);
    } catch (e) {
      return { ok: false, message: `not valid JSON (${errorMessage(e)}): e opens the editor again on your text`, text: edited };
    }
    if (!isPlainObject(parsed))
      return { ok: false, message: 'the JSON must be one object of fields: e opens the editor again on your text', text: edited };
    return { ok: true, values: parsed, text: edited };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
