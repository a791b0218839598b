// A form of a record's editable fields, drawn from src/schema: move, edit inline, toggle, cycle,
// choose, revert, review. Edits go to the store's draft (journaled at once).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useStore } from 'zustand';
import { jsonEqual } from '../diff/index.js';
import { accepts, schemaFor, type FieldSpec } from '../schema/index.js';
import type { AppStore, RecordKey } from '../store/index.js';
import { PRIORITY, useKeys, type Binding } from '../keys/dispatcher.js';
import { editText, parseField } from '../ui/values.js';
import { ChoiceList } from './choice-list.js';
import { FieldRow } from './field-row.js';
import { TextInput } from './text-input.js';

export interface RecordFormProps {
  readonly store: AppStore;
  readonly recordKey: RecordKey;
  readonly kind: 'configuration' | 'rule' | 'cache_setting' | 'error_responses';
  readonly readOnly: boolean;
  readonly width: number;
  readonly height: number;
  readonly onReview: () => void;
  /** Tells the user why a key did nothing (read-only). */
  readonly onMessage: (kind: 'error' | 'info', text: string) => void;
  /** Fields shown but never edited (id, domain), before the editable ones. */
  readonly showReadOnly?: readonly string[];
}

export function RecordForm({ store, recordKey, kind, readOnly, width, height, onReview, onMessage, showReadOnly = [] }: RecordFormProps) {
  const draft = useStore(store, (s) => s.drafts[recordKey]);
  const server = useStore(store, (s) => s.records[recordKey]);
  const errors = useStore(store, (s) => s.fieldErrors[recordKey]);
  const schema = schemaFor(kind);
  const op = draft?.target.op === 'create' ? 'create' : 'patch';
  const fixed = schema.fields.filter((f) => showReadOnly.includes(f.name));
  const editable = schema.fields.filter((f) => accepts(f, op));
  const fields = [...fixed, ...editable];
  const values = draft?.values ?? server ?? {};
  const base = draft?.base ?? server ?? {};
  const [cursor, setCursor] = useState(fixed.length);
  const [editing, setEditing] = useState<'text' | 'choice' | undefined>();
  const field = fields[Math.min(cursor, fields.length - 1)];
  const isEditable = (f: FieldSpec | undefined) => f !== undefined && !showReadOnly.includes(f.name);
  const { editField, revertField, discardDraft } = store.getState();

  const guard = (fn: () => void) => () => {
    if (readOnly) onMessage('error', 'read-only: editing is off (started with --read-only)');
    else if (!isEditable(field)) onMessage('info', `${field?.label ?? 'this field'} cannot be edited`);
    else fn();
  };
  const set = (v: unknown) => field && editField(recordKey, field.name, v);
  const cycle = (step: number) =>
    guard(() => {
      if (field?.type === 'enum') {
        const i = field.choices.indexOf(String(values[field.name]));
        set(field.choices[(i + step + field.choices.length) % field.choices.length]);
      } else if (field?.type === 'boolean') set(!values[field.name]);
    });
  const bindings: Binding[] = [
    { command: 'up', run: () => setCursor((c) => Math.max(0, c - 1)) },
    { command: 'down', run: () => setCursor((c) => Math.min(fields.length - 1, c + 1)) },
    { command: 'top', footer: false, run: () => setCursor(0) },
    { command: 'bottom', footer: false, run: () => setCursor(fields.length - 1) },
    {
      command: 'edit',
      run: guard(() => {
        if (field?.type === 'boolean') set(!values[field.name]);
        else setEditing(field?.type === 'enum' ? 'choice' : 'text');
      }),
    },
    { command: 'toggle', footer: false, run: guard(() => field?.type === 'boolean' && set(!values[field.name])) },
    { command: 'left', footer: false, run: cycle(-1) },
    { command: 'right', footer: false, run: cycle(1) },
    { command: 'revert', run: () => field && draft && revertField(recordKey, field.name) },
    { command: 'revertAll', run: () => draft && discardDraft(recordKey) },
    { command: 'review', run: onReview },
  ];
  useKeys(PRIORITY.screen, bindings, { active: editing === undefined });

  const labelWidth = Math.min(22, Math.max(...fields.map((f) => f.label.length)));
  const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), fields.length - height));
  return (
    <Box flexDirection="column" width={width}>
      {fields.slice(start, start + Math.max(1, height - (editing === 'choice' ? 8 : 0))).map((f, i) => {
        const index = start + i;
        const focused = index === cursor;
        const editor =
          focused && editing === 'text' ? (
            <TextInput
              initial={editText(f, values[f.name])}
              onSubmit={(text) => {
                set(parseField(f, text));
                setEditing(undefined);
              }}
              onCancel={() => setEditing(undefined)}
            />
          ) : undefined;
        return (
          <FieldRow
            key={f.name}
            field={f}
            value={values[f.name]}
            changed={draft?.target.op === 'update' ? !jsonEqual(values[f.name], base[f.name]) : false}
            focused={focused && editing !== 'text'}
            error={errors?.[f.name]}
            readOnly={!isEditable(f) || readOnly}
            labelWidth={labelWidth}
            width={width}
            editor={editor}
          />
        );
      })}
      {editing === 'choice' && field?.type === 'enum' ? (
        <ChoiceList
          choices={field.choices}
          help={field.choiceHelp}
          current={values[field.name]}
          onChoose={(v) => {
            set(v);
            setEditing(undefined);
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {errors?.detail ? <Text color="red">error: {errors.detail.join(' ')}</Text> : null}
      {field ? <Text dimColor wrap="truncate">{`  ${field.help}`}</Text> : null}
    </Box>
  );
}
