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
}

export function FieldRow({ field, value, changed, focused, error, readOnly, labelWidth, width, editor }: FieldRowProps) {
  const theme = useTheme();
  const shown = showField(field, value);
  const choice = field.type === 'enum' && !readOnly ? ` ${theme.unicode ? '‹›' : '<>'}` : '';
  const problem = error?.length ? safe(error.join(' ')) : undefined;
  return (
    <Box width={width}>
      <Text inverse={focused} wrap="truncate">
        {changed ? '*' : ' '} {pad(field.label, labelWidth)}{' '}
      </Text>
      {editor ?? (
        <Text inverse={focused} dimColor={readOnly} color={changed ? theme.c('yellow') : undefined} wrap="truncate">
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
