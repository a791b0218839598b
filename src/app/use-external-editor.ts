// The `e` key of a record: hands the terminal to the editor, lands the result in the draft and
// opens the review; invalid JSON keeps the text so the editor reopens on it.
import { useApp } from 'ink';
import { useRef } from 'react';
import type { Binding } from '../keys/dispatcher.js';
import { accepts, schemaFor } from '../schema/index.js';
import { parseKey, type RecordKey } from '../store/index.js';
import { editableJson, runEditor } from './external-editor.js';
import { writable, type Ctx } from './context.js';

/** `currentKey`, when given, names the record at the moment the key is pressed (a list's focused row). */
export function useExternalEditor(ctx: Ctx, fixedKey: RecordKey | undefined, currentKey?: () => RecordKey | undefined): Binding {
  const { suspendTerminal } = useApp();
  const pendingText = useRef<{ key: RecordKey; text: string } | undefined>(undefined);
  const run = async () => {
    const key = currentKey ? currentKey() : fixedKey;
    if (!key || !writable(ctx)) return;
    const { store, ui } = ctx;
    const state = store.getState();
    const draft = state.drafts[key];
    const values = draft?.values ?? state.records[key];
    if (!values) return;
    const { kind } = parseKey(key);
    const create = draft?.target.op === 'create';
    const start = pendingText.current?.key === key ? pendingText.current.text : editableJson(kind, values, create);
    let outcome: ReturnType<typeof runEditor> | undefined;
    await suspendTerminal(() => {
      outcome = runEditor(start);
    });
    if (!outcome) return;
    if (!outcome.ok) {
      pendingText.current = { key, text: outcome.text };
      ui.getState().say('error', outcome.message);
      return;
    }
    pendingText.current = undefined;
    const op = create ? 'create' : 'patch';
    const unknown = Object.keys(outcome.values).filter((f) => !schemaFor(kind).fields.some((s) => s.name === f && accepts(s, op)));
    store.getState().setDraftValues(key, outcome.values);
    if (unknown.length) ui.getState().say('info', `ignored fields that cannot be changed here: ${unknown.join(', ')}`);
    if (store.getState().drafts[key]) ui.getState().push({ screen: 'review', keys: [key], title: 'edited as JSON' });
    else ui.getState().say('info', 'the JSON changed nothing');
  };
  return { command: 'editor', run: () => void run() };
}
