// The footer: the keys that work here (from the key table, never hand-written) and the last message.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { useCtx } from '../app/context.js';
import { useActiveBindings } from '../keys/dispatcher.js';
import { showKey } from '../keys/names.js';
import { COMMANDS } from '../keys/table.js';
import { fit, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export function Footer() {
  const { ui, store, width } = useCtx();
  const theme = useTheme();
  const message = useStore(ui, (s) => s.message);
  const pending = useStore(store, (s) => Object.keys(s.drafts).length);
  const bindings = useActiveBindings().filter((b) => b.footer !== false);
  const keys = bindings.map((b) => `${showKey(COMMANDS[b.command].keys[0], !theme.unicode)} ${b.label ?? COMMANDS[b.command].help}`).join('  ');
  const color = message?.kind === 'error' ? theme.c('red') : message?.kind === 'ok' ? theme.c('green') : undefined;
  const prefix = message?.kind === 'error' ? 'error: ' : message?.kind === 'ok' ? `${theme.sym.ok} ` : '';
  return (
    <Box flexDirection="column" width={width}>
      <Text dimColor wrap="truncate">
        {fit(`${keys}${pending ? `  · ${pending} pending (: pending)` : ''}`, width, !theme.unicode)}
      </Text>
      <Text color={color} wrap="truncate">
        {message ? fit(`${prefix}${safe(message.text)}`, width, !theme.unicode) : ' '}
      </Text>
    </Box>
  );
}
