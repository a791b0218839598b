// `?`: every key of the view under it, generated from the key table and the bindings in force, in
// a box as wide as its lines up to the terminal's width (help-lines.ts lays them out).
import { Box, Text } from 'ink';
import { PRIORITY, useActiveBindings, useKeys } from '../../keys/dispatcher.js';
import { useTheme } from '../../ui/theme.js';
import { useBodySize, useStores } from '../../app/stores.js';
import { helpEntries, helpLines } from './help-lines.js';

const TITLE = 'Keys of this view (any key closes)';
/** The box's border and padding, each side. */
const FRAME = 2;

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
  // The border takes a line above and below, the title one more.
  const laid = helpLines(helpEntries(bindings, ascii), width - 2 * FRAME, height - 3, ascii);
  const inner = Math.min(width - 2 * FRAME, Math.max(laid.width, TITLE.length));
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={inner + 2 * FRAME}>
      <Text bold wrap="truncate">
        {TITLE}
      </Text>
      {laid.lines.map((line, i) => (
        <Text key={i} wrap="truncate" dimColor={line.dim}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
