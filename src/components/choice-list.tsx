// A small list to choose an enum value from (Enter picks, Esc drops), with each choice's meaning.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { PRIORITY, useKeys } from '../keys/dispatcher.js';
import { pad, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface ChoiceListProps {
  readonly choices: readonly string[];
  readonly help?: Readonly<Record<string, string>>;
  readonly current: unknown;
  readonly onChoose: (value: string) => void;
  readonly onCancel: () => void;
}

export function ChoiceList({ choices, help, current, onChoose, onCancel }: ChoiceListProps) {
  const theme = useTheme();
  const [at, setAt] = useState(Math.max(0, choices.indexOf(String(current))));
  useKeys(
    PRIORITY.modal,
    [
      { command: 'up', run: () => setAt((a) => (a + choices.length - 1) % choices.length) },
      { command: 'down', run: () => setAt((a) => (a + 1) % choices.length) },
      { command: 'open', label: 'choose', run: () => onChoose(choices[at]!) },
      { command: 'back', label: 'cancel', run: onCancel },
      { command: 'quit', footer: false, run: onCancel },
    ],
    { exclusive: true },
  );
  const width = Math.max(...choices.map((c) => c.length));
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1}>
      {choices.map((c, i) => (
        <Text key={c} inverse={i === at} wrap="truncate">
          {pad(c, width)} <Text dimColor>{safe(help?.[c] ?? '')}</Text>
        </Text>
      ))}
    </Box>
  );
}
