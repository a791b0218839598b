// One row of a form: label, value (changed values marked), and the field's error beside it.
import { Box, Text } from 'ink';
import type { FieldSpec } from '../schema/index.js';
import { pad, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { showField } from '../ui/values.js';

export interface FieldRowProps {
  readonly field: FieldSpec;
  readonly value: unknown;
  readonly changed: boolean;
  readonly focused: boolean;
  readonly error?: readonly string[];
  readonly readOnly?: boolean;
  readonly labelWidth: number;
  readonly width: number;
  /** An inline editor shown instead of the value. */
  readonly editor?: React.ReactNode;
  /** The field does not apply now (e.g. redirect_to of a delivery rule): drawn dim. */
  readonly dim?: boolean;
  /** The value as shown, when it is not the raw value (a record's name for its id). */
  readonly shown?: string;
  /** The value is chosen from a list (enum, reference): drawn with a ‹› hint. */
  readonly choosable?: boolean;
}

export function FieldRow({ field, value, changed, focused, error, readOnly, labelWidth, width, editor, dim, shown: label, choosable }: FieldRowProps) {
  const theme = useTheme();
  const shown = label ?? showField(field, value);
  const choice = (field.type === 'enum' || choosable) && !readOnly ? ` ${theme.unicode ? '‹›' : '<>'}` : '';
  const problem = error?.length ? safe(error.join(' ')) : undefined;
  return (
    <Box width={width}>
      <Text inverse={focused} dimColor={dim} wrap="truncate">
        {changed ? '*' : ' '} {pad(field.label, labelWidth)}{' '}
      </Text>
      {editor ?? (
        <Text inverse={focused} dimColor={readOnly || dim} color={changed ? theme.c('yellow') : undefined} wrap="truncate">
          {shown || ' '}
          {choice}
        </Text>
      )}
      {problem ? (
        <Text color={theme.c('red')} wrap="truncate">
          {'  error: '}
          {problem}
        </Text>
      ) : null}
    </Box>
  );
}
