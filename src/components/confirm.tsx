// A question before something that cannot be undone: `y` confirms, anything else cancels; or, for a
// configuration, its name typed out.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { PRIORITY, useKeys } from '../keys/dispatcher.js';
import { safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { TextInput } from './text-input.js';

export interface ConfirmProps {
  readonly title: string;
  /** The exact request that will be sent. */
  readonly request: string;
  /** When given, the user must type this to confirm (deleting a configuration). */
  readonly typeToConfirm?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** What `y` does. @default 'delete' */
  readonly yes?: string;
}

export function Confirm({ title, request, typeToConfirm, onConfirm, onCancel, yes = 'delete' }: ConfirmProps) {
  const theme = useTheme();
  const [typed, setTyped] = useState('');
  useKeys(PRIORITY.modal, [], {
    exclusive: true,
    active: typeToConfirm === undefined,
    raw: (key) => {
      if (key === 'y') onConfirm();
      else onCancel();
      return true;
    },
  });
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('red')} paddingX={1}>
      <Text bold>{safe(title)}</Text>
      <Text color={theme.c('red')}>{request}</Text>
      {typeToConfirm === undefined ? (
        <Text>y: {yes} · any other key: cancel</Text>
      ) : (
        <Box>
          <Text>Type the name to confirm ({safe(typeToConfirm)}): </Text>
          <TextInput
            initial=""
            onChange={setTyped}
            onSubmit={(v) => (v === typeToConfirm ? onConfirm() : onCancel())}
            onCancel={onCancel}
          />
        </Box>
      )}
      {typeToConfirm !== undefined && typed !== '' && typed !== typeToConfirm.slice(0, typed.length) ? <Text dimColor>does not match</Text> : null}
    </Box>
  );
}
