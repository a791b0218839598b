// The `e` key of a record: hands the terminal to $VISUAL/$EDITOR, lands the result in the draft
// and opens the review; invalid JSON keeps the text so the editor reopens on it.
import { useApp } from 'ink';
import { useRef } from 'react';
import type { Binding } from '../keys/key-router.js';
import { accepts, schemaFor } from '../schema/index.js';
import { parseKey, type RecordKey } from '../store/index.js';
import { editableJson, runEditor, type EditOutcome } from './external-editor.js';
import { useStores } from './stores.js';
import { openFresh } from './open-fresh.js';

/** `currentKey` names the record at the moment the key is pressed (a form's record, a list's focused row). */
export function useExternalEditor(currentKey: () => RecordKey | undefined): Binding {
  const { data, ui } = useStores();
  const { suspendTerminal } = useApp();
  // Text of a failed round trip (invalid JSON), to reopen the editor on: the widget's own state.
  const pendingText = useRef<{ key: RecordKey; text: string } | undefined>(undefined);
  const run = async (key: RecordKey) => {
    const state = data.getState();
    const draft = state.drafts[key] ?? state.blanks[key];
    const values = draft?.values ?? state.records[key];
    if (!values) return;
    const { kind } = parseKey(key);
    const create = draft?.target.op === 'create';
    const start = pendingText.current?.key === key ? pendingText.current.text : editableJson(kind, values, create);
    let outcome: EditOutcome | undefined;
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
    const ignored = Object.keys(outcome.values).filter((f) => !schemaFor(kind).fields.some((s) => s.name === f && accepts(s, op)));
    data.getState().setDraftValues(key, outcome.values);
    if (ignored.length) ui.getState().say('info', `ignored fields that cannot be changed here: ${ignored.join(', ')}`);
    if (data.getState().drafts[key]) ui.getState().review([key], 'edited as JSON');
    else ui.getState().say('info', 'the JSON changed nothing');
  };
  return {
    command: 'editor',
    run: () => {
      const key = currentKey();
      if (key === undefined) return false;
      const state = data.getState();
      // A draft has its own base; a record is edited as read now, not as kept from an earlier start.
      if (state.drafts[key] ?? state.blanks[key]) void run(key);
      else openFresh({ data, ui }, [key], 'this record as it is now', () => void run(key));
    },
  };
}
