// The inline input of a form field: the text being typed is this widget's own; Enter hands the
// parsed value to the form, Esc drops it. A value longer than the schema allows, or with white
// space around it where the API would keep it (a path), is refused beside the field (the input
// stays open with the text); a regular expression is checked as typed; a paste that is not one
// line of text is refused beside the field.
import { Text } from 'ink';
import { useState } from 'react';
import { TextInput } from '../../components/text-input.js';
import { regexProblem, spaceProblem, type FieldSpec, type Rec } from '../../schema/index.js';
import { cellWidth, fit } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { editText, parseField } from '../../ui/values.js';
import { parseObjects } from '../../ui/objects-text.js';

/** Cells the input keeps beside an error. */
const INPUT_MIN = 16;

export interface InlineEditorProps {
  readonly field: FieldSpec;
  readonly values: Rec;
  readonly width: number;
  readonly onKeep: (value: unknown) => void;
  readonly onDrop: () => void;
}

/** Why the text cannot be kept as it is, and whether Enter refuses it; undefined when it can. */
export function textProblem(
  field: FieldSpec,
  values: Rec,
  text: string,
): { readonly problem: string; readonly blocking: boolean } | undefined {
  const max = field.type === 'string' ? field.maxLength : undefined;
  if (max !== undefined && text.trim().length > max)
    return { problem: `at most ${max} characters (this is ${text.trim().length.toLocaleString('en')})`, blocking: true };
  if (field.type === 'objects') {
    const read = parseObjects(field.items, text);
    if ('problem' in read) return { problem: read.problem, blocking: true };
  }
  const space = spaceProblem(field, text);
  if (space) return { problem: space.text, blocking: true };
  const regex = field.name === 'path' && values.regex === true ? regexProblem(text) : undefined;
  return regex ? { problem: regex.text, blocking: false } : undefined;
}

export function InlineEditor({ field, values, width, onKeep, onDrop }: InlineEditorProps) {
  const theme = useTheme();
  const [text, setText] = useState(() => editText(field, values[field.name]));
  // Why the last paste was not taken: shown until the text changes.
  const [refused, setRefused] = useState('');
  const found = textProblem(field, values, text);
  const note = refused ? `  error: ${refused}` : found ? `  error: ${found.problem}${found.blocking ? ' (Enter refuses)' : ''}` : '';
  // The error takes what it needs as long as the input keeps a little room to type in.
  const noteWidth = note ? Math.min(cellWidth(note), Math.max(Math.floor(width / 2), width - INPUT_MIN)) : 0;
  const change = (next: string) => {
    setText(next);
    setRefused('');
  };
  return (
    <>
      <TextInput
        value={text}
        onChange={change}
        onSubmit={(t) => (found?.blocking ? undefined : onKeep(parseField(field, t)))}
        onCancel={onDrop}
        onRefused={setRefused}
        width={Math.max(4, width - noteWidth)}
      />
      {note ? (
        <Text color={theme.c('red')} wrap="truncate">
          {fit(note, noteWidth, !theme.unicode)}
        </Text>
      ) : null}
    </>
  );
}
