// `?`: every key of the view under it, generated from the key table and the bindings in force.
import { Box, Text } from 'ink';
import { PRIORITY, useActiveBindings, useKeys } from '../../keys/dispatcher.js';
import { showKey } from '../../keys/names.js';
import { COMMANDS } from '../../keys/table.js';
import { fit, pad } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';
import { useBodySize, useStores } from '../../app/stores.js';

/** What a command does, in the table's longer words where it has them. */
function describe(command: keyof typeof COMMANDS): string {
  const spec = COMMANDS[command];
  return 'does' in spec ? spec.does : spec.help;
}

export function HelpOverlay() {
  const { ui } = useStores();
  const { width, height } = useBodySize();
  const theme = useTheme();
  const ascii = !theme.unicode;
  const bindings = useActiveBindings(PRIORITY.modal);
  useKeys(PRIORITY.modal, [], {
    exclusive: true,
    otherwise: () => {
      ui.getState().setOverlay(undefined);
      return true;
    },
  });
  const inner = Math.min(width, 76) - 4;
  const shown = bindings.slice(0, Math.max(1, height - 3));
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={inner + 4}>
      <Text bold>Keys of this view (any key closes)</Text>
      {shown.map((b) => (
        <Text key={b.command} wrap="truncate" dimColor={b.disabled !== undefined}>
          {pad(COMMANDS[b.command].keys.map((k) => showKey(k, ascii)).join(' '), 16, ascii)}
          {fit(` ${describe(b.command)}${b.disabled ? ` (${b.disabled})` : ''}`, inner - 16, ascii)}
        </Text>
      ))}
    </Box>
  );
}
