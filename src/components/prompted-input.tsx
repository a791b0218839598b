// A text input after its prompt on one line ("Name of the clone: …", "Write them to: …"): the
// input takes the cells the prompt leaves.
import { Box, Text } from 'ink';
import { cellWidth } from '../ui/text.js';
import { TextInput, type TextInputProps } from './text-input.js';

export interface PromptedInputProps extends TextInputProps {
  /** Said before the input. */
  readonly prompt: string;
}

export function PromptedInput({ prompt, width, ...input }: PromptedInputProps) {
  return (
    <Box>
      <Text>{prompt}</Text>
      <TextInput {...input} width={Math.max(4, width - cellWidth(prompt))} />
    </Box>
  );
}
