// A form of a record's editable fields, drawn from src/schema: move, edit inline, toggle, cycle,
// choose, revert, review. Edits go to the store's draft (journaled at once).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useSyncState } from '../ui/use-sync-state.js';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { jsonEqual } from '../diff/index.js';
import { accepts, notApplicable, regexProblem, schemaFor, type FieldSpec, type Rec } from '../schema/index.js';
import type { AppStore, RecordKey } from '../store/index.js';
import { PRIORITY, useKeys, type Binding } from '../keys/dispatcher.js';
import { editText, parseField } from '../ui/values.js';
import { ChoiceList, enumChoices, type Choice } from './choice-list.js';
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
  /** Fields whose value is chosen among records (an origin, a cache setting): names shown, ids sent. */
  readonly refChoices?: Readonly<Record<string, readonly Choice[]>>;
  /** Extra bindings of the screen around the form (e: $EDITOR). */
  readonly extraBindings?: readonly Binding[];
  /** A grid of cells (the error-code TTLs): ←/→ move like ↑/↓. */
  readonly grid?: boolean;
  /** Bulk edit: more records that every edit also goes to (values that differ show as mixed). */
  readonly alsoKeys?: readonly RecordKey[];
}

export function RecordForm(props: RecordFormProps) {
  const { store, recordKey, kind, readOnly, width, height, onReview, onMessage, showReadOnly = [], refChoices = {}, extraBindings = [], alsoKeys = [], grid = false } = props;
  const others = useStore(store, useShallow((s) => alsoKeys.map((k) => s.drafts[k]?.values ?? s.records[k])));
  const draft = useStore(store, (s) => s.drafts[recordKey]);
  const server = useStore(store, (s) => s.records[recordKey]);
  const errors = useStore(store, (s) => s.fieldErrors[recordKey]);
  const schema = schemaFor(kind);
  const op = draft?.target.op === 'create' ? 'create' : 'patch';
  const fixed = schema.fields.filter((f) => showReadOnly.includes(f.name));
  // A new record's form puts the required fields first.
  const editable = schema.fields.filter((f) => accepts(f, op)).sort((a, b) => (op === 'create' ? Number(b.create === 'required') - Number(a.create === 'required') : 0));
  const fields = [...fixed, ...editable];
  const values = draft?.values ?? server ?? {};
  const base = draft?.base ?? server ?? {};
  const [cursor, setCursor, cursorRef] = useSyncState(fixed.length);
  const [editing, setEditing] = useState<'text' | 'choice' | undefined>();
  const [live, setLive] = useState<string | undefined>();
  const field = fields[Math.min(cursor, fields.length - 1)];
  // Handlers act on the field under the cursor as of the last key, not of the last render.
  const fieldNow = () => fields[Math.min(cursorRef.current, fields.length - 1)];
  const valuesNow = () => store.getState().drafts[recordKey]?.values ?? store.getState().records[recordKey] ?? {};
  const isEditable = (f: FieldSpec | undefined) => f !== undefined && !showReadOnly.includes(f.name);
  const { editField, revertField, discardDraft } = store.getState();

  // Handlers act on the field and values as of the last key, not of the last render.
  const guard = (fn: (f: FieldSpec, values: Rec) => void) => () => {
    const f = fieldNow();
    if (readOnly) onMessage('error', 'read-only: editing is off (started with --read-only)');
    else if (!f || !isEditable(f)) onMessage('info', `${f?.label ?? 'this field'} cannot be edited`);
    else fn(f, valuesNow());
  };
  const setField = (f: FieldSpec, v: unknown) => {
    for (const k of [recordKey, ...alsoKeys]) editField(k, f.name, v);
  };
  const mixed = (f: FieldSpec) => others.some((o) => o && !jsonEqual(o[f.name], values[f.name]));
  const choicesOf = (f: FieldSpec): readonly Choice[] => refChoices[f.name] ?? (f.type === 'enum' ? enumChoices(f.choices, f.choiceHelp) : []);
  const cycle = (step: number) =>
    guard((f, current) => {
      if (f.type === 'boolean') return setField(f, !current[f.name]);
      const choices = choicesOf(f);
      if (!choices.length) return;
      const i = choices.findIndex((c) => jsonEqual(c.value, current[f.name]));
      setField(f, choices[(i + step + choices.length) % choices.length]!.value);
    });
  const moveBy = (d: number) => () => setCursor((c) => Math.max(0, Math.min(fields.length - 1, c + d)));
  // A regular expression is checked while it is typed.
  const liveCheck = (f: FieldSpec) => (text: string) => setLive(f.name === 'path' && values.regex === true ? regexProblem(text) : undefined);
  const bindings: Binding[] = [
    { command: 'up', run: moveBy(-1) },
    { command: 'down', run: moveBy(1) },
    { command: 'top', footer: false, run: () => setCursor(0) },
    { command: 'bottom', footer: false, run: () => setCursor(fields.length - 1) },
    {
      command: 'edit',
      run: guard((f, current) => {
        if (f.type === 'boolean') setField(f, !current[f.name]);
        else setEditing(f.type === 'enum' || refChoices[f.name] ? 'choice' : 'text');
      }),
    },
    { command: 'toggle', footer: false, run: guard((f, current) => f.type === 'boolean' && setField(f, !current[f.name])) },
    { command: 'left', footer: false, run: grid ? moveBy(-1) : cycle(-1) },
    { command: 'right', footer: false, run: grid ? moveBy(1) : cycle(1) },
    { command: 'revert', run: () => fieldNow() && store.getState().drafts[recordKey] && revertField(recordKey, fieldNow()!.name) },
    { command: 'revertAll', run: () => store.getState().drafts[recordKey] && discardDraft(recordKey) },
    { command: 'review', run: onReview },
    ...extraBindings,
  ];
  useKeys(PRIORITY.screen, bindings, { active: editing === undefined });

  const labelWidth = Math.min(24, Math.max(...fields.map((f) => f.label.length)));
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
              onChange={liveCheck(f)}
              onSubmit={(text) => {
                setField(f, parseField(f, text));
                setEditing(undefined);
                setLive(undefined);
              }}
              onCancel={() => {
                setEditing(undefined);
                setLive(undefined);
              }}
            />
          ) : undefined;
        return (
          <FieldRow
            key={f.name}
            field={f}
            value={values[f.name]}
            changed={draft?.target.op === 'update' ? !jsonEqual(values[f.name], base[f.name]) : false}
            focused={focused && editing !== 'text'}
            error={focused && live ? [live] : errors?.[f.name]}
            readOnly={!isEditable(f) || readOnly}
            dim={notApplicable(f, values) !== undefined}
            choosable={refChoices[f.name] !== undefined}
            {...(mixed(f)
              ? { shown: '(mixed)' }
              : refChoices[f.name]
                ? { shown: refChoices[f.name]!.find((c) => jsonEqual(c.value, values[f.name]))?.label ?? `#${String(values[f.name])}` }
                : {})}
            labelWidth={labelWidth}
            width={width}
            editor={editor}
          />
        );
      })}
      {editing === 'choice' && field ? (
        <ChoiceList
          choices={choicesOf(field)}
          current={values[field.name]}
          onChoose={(v) => {
            setField(field, v);
            setEditing(undefined);
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {errors?.detail ? <Text color="red">error: {errors.detail.join(' ')}</Text> : null}
      {field ? <Text dimColor wrap="truncate">{`  ${notApplicable(field, values) ? `not used now: ${notApplicable(field, values)}. ` : ''}${field.help}`}</Text> : null}
    </Box>
  );
}
