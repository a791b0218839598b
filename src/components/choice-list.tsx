// A small list to choose a value from (Enter picks, Esc drops), with each choice's meaning:
// enum values, or records named by their names while their ids are what is sent.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { jsonEqual } from '../diff/index.js';
import { PRIORITY, useKeys } from '../keys/dispatcher.js';
import { pad, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface Choice {
  readonly value: unknown;
  readonly label: string;
  readonly help?: string;
}

export interface ChoiceListProps {
  readonly choices: readonly Choice[];
  readonly current: unknown;
  readonly onChoose: (value: unknown) => void;
  readonly onCancel: () => void;
  /** Rows shown at most (the list scrolls). @default 8 */
  readonly height?: number;
}

export function ChoiceList({ choices, current, onChoose, onCancel, height = 8 }: ChoiceListProps) {
  const theme = useTheme();
  const [at, setAt] = useState(Math.max(0, choices.findIndex((c) => jsonEqual(c.value, current))));
  const n = Math.max(1, choices.length);
  useKeys(
    PRIORITY.modal,
    [
      { command: 'up', run: () => setAt((a) => (a + n - 1) % n) },
      { command: 'down', run: () => setAt((a) => (a + 1) % n) },
      { command: 'open', label: 'choose', run: () => choices[at] && onChoose(choices[at].value) },
      { command: 'back', label: 'cancel', run: onCancel },
      { command: 'quit', footer: false, run: onCancel },
    ],
    { exclusive: true },
  );
  const width = Math.max(4, ...choices.map((c) => c.label.length));
  const start = Math.max(0, Math.min(at - Math.floor(height / 2), choices.length - height));
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1}>
      {choices.length === 0 ? <Text dimColor>nothing to choose from</Text> : null}
      {choices.slice(start, start + height).map((c, i) => (
        <Text key={`${c.label}-${start + i}`} inverse={start + i === at} wrap="truncate">
          {pad(safe(c.label), width)} <Text dimColor>{safe(c.help ?? '')}</Text>
        </Text>
      ))}
    </Box>
  );
}

/** The choices of an enum field. */
export function enumChoices(choices: readonly string[], help?: Readonly<Record<string, string>>): Choice[] {
  return choices.map((c) => ({ value: c, label: c, ...(help?.[c] ? { help: help[c] } : {}) }));
}
