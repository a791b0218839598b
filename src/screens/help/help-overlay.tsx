// `?`: every key of the current view, generated from the key table and the active bindings.
import { Box, Text } from 'ink';
import { useCtx } from '../../app/context.js';
import { PRIORITY, useActiveBindings, useKeys } from '../../keys/dispatcher.js';
import { showKey } from '../../keys/names.js';
import { COMMANDS } from '../../keys/table.js';
import { pad } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';

export function HelpOverlay() {
  const { ui, width } = useCtx();
  const theme = useTheme();
  const bindings = useActiveBindings(PRIORITY.modal);
  const close = () => ui.getState().setOverlay(undefined);
  useKeys(PRIORITY.modal, [], { exclusive: true, raw: () => (close(), true) });
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={Math.min(width, 70)}>
      <Text bold>Keys of this view (any key closes)</Text>
      {bindings.map((b) => (
        <Text key={b.command}>
          {pad(COMMANDS[b.command].keys.map((k) => showKey(k, !theme.unicode)).join(' '), 16)} {b.label ?? COMMANDS[b.command].help}
        </Text>
      ))}
    </Box>
  );
}
