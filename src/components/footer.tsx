// The footer: the keys that work here (from the key table, never hand-written) and the last
// message (success in green, errors in red and marked "error:", a question in yellow, its keys in
// its words: never by colour alone). A line too long keeps the keys it offers and cuts its words.
import { Box, Text } from 'ink';
import { useActiveBindings } from '../keys/key-router.js';
import { showKey } from '../keys/names.js';
import { COMMANDS } from '../keys/table.js';
import { fitKeeping } from '../ui/text.js';
import { footerLine } from './footer-keys.js';
import { useTheme } from '../ui/theme.js';

export interface FooterProps {
  /** Drafts pending (not sent yet). */
  readonly pending: number;
  readonly message?: { readonly kind: 'ok' | 'error' | 'info' | 'question'; readonly text: string; readonly keys?: string | undefined };
  readonly width: number;
}

export function Footer({ pending, message, width }: FooterProps) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  const bindings = useActiveBindings().filter((b) => b.footer !== false);
  const keys = bindings.map((b) => ({
    command: b.command,
    text: `${showKey(COMMANDS[b.command].keys[0], ascii)} ${b.label ?? COMMANDS[b.command].help}`,
  }));
  // A line too long for the width ends in `? more` where `?` opens the help (footer-keys.ts).
  const more = bindings.some((b) => b.command === 'help' && !b.disabled) ? `${showKey(COMMANDS.help.keys[0], ascii)} more` : undefined;
  const color =
    message?.kind === 'error'
      ? theme.c('red')
      : message?.kind === 'ok'
        ? theme.c('green')
        : message?.kind === 'question'
          ? theme.c('yellow')
          : undefined;
  const prefix = message?.kind === 'error' ? 'error: ' : message?.kind === 'ok' ? `${theme.sym.ok} ` : '';
  return (
    <Box flexDirection="column" width={width}>
      <Text dimColor wrap="truncate">
        {footerLine(keys, pending ? `  ${theme.sym.dot} ${pending} pending (: pending)` : '', width, more, ascii)}
      </Text>
      <Text color={color} wrap="truncate">
        {message ? fitKeeping(`${prefix}${message.text}`, message.keys, width, ascii) : ' '}
      </Text>
    </Box>
  );
}
