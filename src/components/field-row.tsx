// One row of a form: label, value (a changed value marked `*`), and the field's error (or a note) beside it.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { cellWidth, fit, pad } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface FieldRowProps {
  readonly label: string;
  /** The value as shown (already made safe). */
  readonly shown: string;
  readonly changed: boolean;
  readonly focused: boolean;
  readonly error?: string;
  /** A word beside the value, drawn dim where an error would be (an error goes first). */
  readonly note?: string;
  /** Shown, never edited (id, domain), or the whole form is read-only. */
  readonly readOnly?: boolean;
  /** The field does not apply now (redirect_to of a delivery rule): drawn dim. */
  readonly dim?: boolean;
  /** The value is chosen from a list (enum, reference): drawn with a ‹› hint. */
  readonly choosable?: boolean;
  readonly labelWidth: number;
  readonly width: number;
  /** An inline editor shown instead of the value, given the cells it may take. */
  readonly editor?: (width: number) => ReactNode;
}

export function FieldRow({
  label,
  shown,
  changed,
  focused,
  error,
  note,
  readOnly,
  dim,
  choosable,
  labelWidth,
  width,
  editor,
}: FieldRowProps) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  const head = `${changed ? '*' : ' '} ${pad(label, labelWidth, ascii)} `;
  const rest = Math.max(1, width - cellWidth(head));
  const hint = choosable && !readOnly ? ` ${theme.unicode ? '‹›' : '<>'}` : '';
  const problem = error ? `  error: ${error}` : note ? `  (${note})` : '';
  const value = shown + hint;
  // The value (or the editor) keeps at least half of what is left; the error (or note) gets the rest, cut with ….
  const valueWidth = editor
    ? problem
      ? Math.max(1, Math.floor(rest / 2))
      : rest
    : problem
      ? Math.max(Math.min(cellWidth(value), rest), Math.floor(rest / 2))
      : rest;
  const shownWidth = editor ? valueWidth : Math.min(valueWidth, Math.max(1, cellWidth(value)));
  return (
    <Box width={width}>
      <Text inverse={focused && !editor} dimColor={dim} wrap="truncate">
        {head}
      </Text>
      {editor ? (
        editor(valueWidth)
      ) : (
        <Text inverse={focused} dimColor={readOnly || dim} color={changed ? theme.c('yellow') : undefined} wrap="truncate">
          {fit(value, valueWidth, ascii) || ' '}
        </Text>
      )}
      {problem ? (
        <Text color={error ? theme.c('red') : undefined} dimColor={!error} wrap="truncate">
          {fit(problem, Math.max(0, rest - shownWidth), ascii)}
        </Text>
      ) : null}
    </Box>
  );
}
