// A question before something that cannot be undone: `y` confirms, any other key cancels; or, for
// a configuration, its name typed out (Enter confirms when it matches).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { PRIORITY, useKeys } from '../keys/key-router.js';
import { cellWidth, fit } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { TextInput } from './text-input.js';

export interface ConfirmProps {
  /** Already made safe. */
  readonly title: string;
  /** What will happen, one line each (the exact requests). */
  readonly lines: readonly string[];
  /** When given, the user must type this to confirm (deleting a configuration). */
  readonly typeToConfirm?: string;
  /** What `typeToConfirm` is, for the prompt. @default 'the name' */
  readonly typeWhat?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** What `y` does. @default 'delete' */
  readonly yes?: string;
  readonly width: number;
  /** Lines of `lines` shown at most. @default 6 */
  readonly maxLines?: number;
}

export function Confirm({
  title,
  lines,
  typeToConfirm,
  typeWhat = 'the name',
  onConfirm,
  onCancel,
  yes = 'delete',
  width,
  maxLines = 6,
}: ConfirmProps) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  const [typed, setTyped] = useState('');
  useKeys(PRIORITY.modal, [{ command: 'confirm', run: onConfirm }], {
    active: typeToConfirm === undefined,
    exclusive: true,
    otherwise: () => {
      onCancel();
      return true;
    },
  });
  const inner = Math.max(10, width - 4);
  const shown = lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `… and ${lines.length - maxLines + 1} more`] : lines;
  const prompt = typeToConfirm === undefined ? '' : `Type ${typeWhat} to confirm (${typeToConfirm}): `;
  const mismatch = typeToConfirm !== undefined && typed !== '' && !typeToConfirm.startsWith(typed);
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('red')} paddingX={1} width={width}>
      <Text bold wrap="truncate">
        {fit(title, inner, ascii)}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} color={theme.c('red')} wrap="truncate">
          {fit(line, inner, ascii)}
        </Text>
      ))}
      {typeToConfirm === undefined ? (
        <Text>{`y: ${yes} ${theme.sym.dot} any other key: cancel`}</Text>
      ) : (
        <Box>
          <Text wrap="truncate">{fit(prompt, Math.floor(inner / 2), ascii)}</Text>
          <TextInput
            value={typed}
            onChange={setTyped}
            onSubmit={(v) => (v === typeToConfirm ? onConfirm() : onCancel())}
            onCancel={onCancel}
            width={Math.max(4, inner - Math.min(Math.floor(inner / 2), cellWidth(prompt)))}
          />
        </Box>
      )}
      {mismatch ? <Text dimColor>does not match: Enter cancels</Text> : null}
    </Box>
  );
}
