// The inline input of a form field: the text being typed is this widget's own; Enter hands the
// parsed value to the form, Esc drops it. A value longer than the schema allows is refused beside
// the field (the input stays open with the text), and a regular expression is checked as typed.
import { Text } from 'ink';
import { useState } from 'react';
import { TextInput } from '../../components/text-input.js';
import { regexProblem, type FieldSpec, type Rec } from '../../schema/index.js';
import { cellWidth, fit } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { editText, parseField } from '../../ui/values.js';

/** Cells the input keeps beside an error. */
const INPUT_MIN = 16;

export interface InlineEditorProps {
  readonly field: FieldSpec;
  readonly values: Rec;
  readonly width: number;
  readonly onKeep: (value: unknown) => void;
  readonly onDrop: () => void;
}

/** Why the text cannot be kept as it is, or undefined. */
export function textProblem(field: FieldSpec, values: Rec, text: string): string | undefined {
  const max = field.type === 'string' ? field.maxLength : undefined;
  if (max !== undefined && text.trim().length > max) return `at most ${max} characters (this is ${text.trim().length.toLocaleString('en')})`;
  if (field.name === 'path' && values.regex === true) return regexProblem(text);
  return undefined;
}

export function InlineEditor({ field, values, width, onKeep, onDrop }: InlineEditorProps) {
  const theme = useTheme();
  const [text, setText] = useState(() => editText(field, values[field.name]));
  const problem = textProblem(field, values, text);
  const blocking = problem !== undefined && field.type === 'string' && text.trim().length > field.maxLength;
  const note = problem ? `  error: ${problem}${blocking ? ' (Enter refuses)' : ''}` : '';
  // The error takes what it needs as long as the input keeps a little room to type in.
  const noteWidth = note ? Math.min(cellWidth(note), Math.max(Math.floor(width / 2), width - INPUT_MIN)) : 0;
  return (
    <>
      <TextInput value={text} onChange={setText} onSubmit={(t) => (blocking ? undefined : onKeep(parseField(field, t)))} onCancel={onDrop} width={Math.max(4, width - noteWidth)} />
      {note ? (
        <Text color={theme.c('red')} wrap="truncate">
          {fit(note, noteWidth, !theme.unicode)}
        </Text>
      ) : null}
    </>
  );
}
