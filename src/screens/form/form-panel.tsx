// A form of a record's fields, drawn from src/schema: move, edit inline, toggle, cycle, choose,
// revert, review. The focused field and whether an input is open live in the UI store (per view);
// edits go to the store's drafts (journaled). Serves settings, the error-code grid, the rule and
// cache setting editors, a new configuration and bulk edit (every edit goes to each marked record).
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { ChoiceList } from '../../components/select-list.js';
import { FieldRow } from '../../components/field-row.js';
import { jsonEqual } from '../../diff/index.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import { notApplicable, type FieldSpec } from '../../schema/index.js';
import { emptyRequired, refLists, type RecordKey } from '../../store/index.js';
import { openFresh } from '../../app/open-fresh.js';
import { useAppStore, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { formView } from '../../app/ui-store.js';
import { windowTop } from '../../app/views.js';
import { fit, cellWidth } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import {
  choicesOf,
  fixedReason,
  formData,
  formFields,
  isCreating,
  namedData,
  rowModels,
  valuesOf,
  type FormData,
  type FormSpec,
  type RefChoices,
} from './form-model.js';
import { InlineEditor } from './inline-editor.js';

/** Cells a form keeps for its values (and the marks around its labels) before it cuts a label. */
const VALUE_ROOM = 28;

export interface FormPanelProps {
  readonly spec: FormSpec;
  /** The view name the focused field is kept under. */
  readonly view: string;
  readonly width: number;
  readonly height: number;
  readonly refs?: RefChoices;
  /** The review's title (`s` opens the review of the drafts among the form's records). */
  readonly reviewTitle: string;
  /** Opens the review of the form's drafts (`s`); by default the review of `pending` under `reviewTitle`. */
  readonly openReview?: (pending: readonly RecordKey[]) => void;
  /** After `U` (every field reverted): what else goes with the form's drafts (a new rule's copies in the marked configurations). */
  readonly onRevertAll?: () => void;
  /** Bindings of the screen around the form (e: $EDITOR). */
  readonly extra?: readonly Binding[];
  /** A grid of cells (the error-code TTLs): ←/→ move like ↑/↓. */
  readonly grid?: boolean;
}

const CHOOSER_ROWS = 8;
const NO_REFS: RefChoices = {};

export function FormPanel({
  spec,
  view,
  width,
  height,
  refs = NO_REFS,
  reviewTitle,
  openReview,
  onRevertAll,
  extra = [],
  grid = false,
}: FormPanelProps) {
  const { data, ui } = useStores();
  const theme = useTheme();
  const readOnly = useReadOnlyReason();
  const form = namedData(data.getState(), spec, useFormData(spec));
  const state = useUiStore((s) => formView(s, view));
  const creating = isCreating(form);
  const fields = formFields(spec, form);
  const rows = rowModels(spec, form, fields, refs, readOnly !== undefined);
  const values = valuesOf(form);
  const at = Math.max(
    0,
    state.field === undefined
      ? fields.findIndex((f) => !spec.shownOnly.includes(f.name) || creating)
      : fields.findIndex((f) => f.name === state.field),
  );
  const focused = fields[at];
  const choosing = state.editing === 'choice' && focused !== undefined;
  const rowsHeight = Math.max(1, height - 1 - (choosing ? CHOOSER_ROWS + 2 : 0) - (form.errors?.detail ? 1 : 0));
  const top = windowTop(at, rowsHeight, fields.length, state.top);

  // Handlers read the newest state: the focused field as of the last key, the values as of now.
  const now = () => {
    const f = formData(data.getState(), spec);
    const list = formFields(spec, f);
    const s = formView(ui.getState(), view);
    const i = Math.max(0, s.field === undefined ? at : list.findIndex((x) => x.name === s.field));
    return { list, index: i, field: list[i], values: valuesOf(f) };
  };
  const focus = (index: number) => {
    const { list } = now();
    const i = Math.max(0, Math.min(list.length - 1, index));
    ui.getState().setForm(view, (v) => ({ ...v, field: list[i]?.name, top: windowTop(i, rowsHeight, list.length, v.top) }));
  };
  const close = () => ui.getState().setForm(view, (v) => ({ ...v, editing: undefined }));
  // A reference chosen by name (records of several configurations) is each record's own of that
  // name, looked up in its configuration's list as read now (one only kept is read again first).
  const set = (field: string, value: unknown) =>
    spec.byName && refs[field] && typeof value === 'string'
      ? openFresh({ data, ui }, refLists(spec.keys, field), 'the names as they are now', () =>
          data.getState().editRefByName(spec.keys, field, value),
        )
      : data.getState().editFields(spec.keys, field, value);
  const whyNot = readOnly ?? (focused && fixedReason(spec, focused));
  const step = (d: number) => () => {
    const { field: f, values: v } = now();
    if (!f || fixedReason(spec, f) !== undefined) return false;
    if (f.type === 'boolean') return void set(f.name, v[f.name] !== true);
    const choices = choicesOf(f, refs);
    if (choices.length === 0) return false;
    const i = choices.findIndex((c) => jsonEqual(c.value, v[f.name]));
    set(f.name, choices[(i + d + choices.length) % choices.length]!.value);
  };
  const hasDraft = (key: string) => data.getState().drafts[key] !== undefined;
  const bindings: Binding[] = [
    { command: 'up', run: () => focus(now().index - 1) },
    { command: 'down', run: () => focus(now().index + 1) },
    { command: 'top', footer: false, run: () => focus(0) },
    { command: 'bottom', footer: false, run: () => focus(Infinity) },
    {
      command: 'edit',
      disabled: whyNot,
      run: () => {
        const { field: f, values: v } = now();
        if (!f) return false;
        if (f.type === 'boolean') set(f.name, v[f.name] !== true);
        else ui.getState().setForm(view, (s) => ({ ...s, field: f.name, editing: f.type === 'enum' || refs[f.name] ? 'choice' : 'text' }));
      },
    },
    { command: 'toggle', footer: false, disabled: whyNot, run: () => (now().field?.type === 'boolean' ? step(1)() : false) },
    { command: 'left', footer: false, disabled: grid ? undefined : whyNot, run: grid ? () => focus(now().index - 1) : step(-1) },
    { command: 'right', footer: false, disabled: grid ? undefined : whyNot, run: grid ? () => focus(now().index + 1) : step(1) },
    { command: 'revert', run: () => void (now().field && data.getState().revertFields(spec.keys, now().field!.name)) },
    {
      command: 'revertAll',
      run: () => {
        data.getState().discardDrafts(spec.keys.filter(hasDraft));
        onRevertAll?.();
      },
    },
    {
      command: 'review',
      run: () => {
        // A new record with a required field still empty goes to that field, not to a review.
        const [empty] = emptyRequired(data.getState(), spec.key);
        if (empty) {
          const [name, message] = empty;
          data.getState().markAttempted(spec.key);
          focus(now().list.findIndex((f) => f.name === name));
          const label = now().list.find((f) => f.name === name)?.label ?? name;
          return void ui.getState().say('error', `${label}: ${message} Fill it in, then s.`);
        }
        const pending = spec.keys.filter(hasDraft);
        if (pending.length && openReview) openReview(pending);
        else if (pending.length) ui.getState().review(pending, reviewTitle);
        else ui.getState().say('info', 'nothing to review: no field was changed');
      },
    },
    ...extra,
  ];
  useKeys(PRIORITY.screen, bindings, { active: state.editing === undefined });

  const required = (f: FieldSpec) => creating && f.create === 'required';
  const labelOf = (f: FieldSpec) => (required(f) ? `${f.label} *` : f.label);
  // Labels take the room there is: whole while the values keep VALUE_ROOM cells beside them.
  const labelWidth = Math.min(Math.max(12, width - VALUE_ROOM), Math.max(...fields.map((f) => cellWidth(labelOf(f)))));
  const help = focused
    ? `${required(focused) ? 'required (* a new record needs it): ' : ''}${notApplicable(focused, values) ? `not used now: ${notApplicable(focused, values)}. ` : ''}${focused.help}`
    : '';
  return (
    <Box flexDirection="column" width={width}>
      {rows.slice(top, top + rowsHeight).map((row, i) => {
        const isFocused = top + i === at;
        const editing = isFocused && state.editing === 'text';
        return (
          <FieldRow
            key={row.field.name}
            label={labelOf(row.field)}
            shown={row.shown}
            changed={row.changed}
            focused={isFocused}
            readOnly={!row.editable}
            dim={row.dim}
            choosable={row.choosable}
            {...(row.note ? { note: row.note } : {})}
            labelWidth={labelWidth}
            width={width}
            {...(row.error && !editing ? { error: row.error } : {})}
            {...(editing
              ? {
                  editor: (w: number) => (
                    <InlineEditor
                      field={row.field}
                      values={values}
                      width={w}
                      onKeep={(v) => {
                        set(row.field.name, v);
                        close();
                      }}
                      onDrop={close}
                    />
                  ),
                }
              : {})}
          />
        );
      })}
      {choosing ? (
        <ChoiceList
          choices={choicesOf(focused, refs)}
          initial={choicesOf(focused, refs).findIndex((c) => jsonEqual(c.value, values[focused.name]))}
          width={Math.min(width, 72)}
          height={CHOOSER_ROWS}
          onChoose={(c) => {
            set(focused.name, c.value);
            close();
          }}
          onCancel={close}
        />
      ) : null}
      {form.errors?.detail ? (
        <Text color={theme.c('red')} wrap="truncate">
          {fit(`error: ${form.errors.detail.join(' ')}`, width, !theme.unicode)}
        </Text>
      ) : null}
      <Text dimColor wrap="truncate">
        {fit(`  ${help}`, width, !theme.unicode)}
      </Text>
    </Box>
  );
}

/** The draft, server copy and errors of the form's record (and the other records of a bulk form). */
function useFormData(spec: FormSpec): FormData {
  const draft = useAppStore((s) => s.drafts[spec.key] ?? s.blanks[spec.key]);
  const server = useAppStore((s) => s.records[spec.key]);
  const errors = useAppStore((s) => s.fieldErrors[spec.key]);
  const others = useAppStore(useShallow((s) => spec.keys.slice(1).map((k) => s.drafts[k]?.values ?? s.records[k])));
  return { ...(draft ? { draft } : {}), ...(server ? { server } : {}), ...(errors ? { errors } : {}), others };
}
