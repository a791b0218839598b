// `?`: every key of the view under it, generated from the key table and the bindings in force, in
// a box as wide as its lines up to the terminal's width (help-lines.ts lays them out); taller than
// the terminal, it scrolls.
import { Box, Text } from 'ink';
import { PRIORITY, useActiveBindings, useKeys, type Binding } from '../../keys/key-router.js';
import { useTheme } from '../../ui/theme.js';
import { useBodySize, useStores, useUiStore } from '../../app/stores.js';
import { listView } from '../../app/ui-store.js';
import { VIEW } from '../../app/routes.js';
import { helpEntries, helpLines, helpWindow } from './help-lines.js';

const TITLE = 'Keys of this view (any key closes)';
/** The box's border and padding, each side. */
const FRAME = 2;

export function HelpOverlay() {
  const { ui } = useStores();
  const { width, height } = useBodySize();
  const theme = useTheme();
  const ascii = !theme.unicode;
  const bindings = useActiveBindings(PRIORITY.modal);
  // The border takes a line above and below, the title one more.
  const room = height - 3;
  const laid = helpLines(helpEntries(bindings, ascii), width - 2 * FRAME, ascii);
  const inner = Math.min(width - 2 * FRAME, Math.max(laid.width, TITLE.length));
  const top = useUiStore((s) => listView(s, VIEW.help).top);
  const shown = helpWindow(laid.lines, top, room, inner, ascii);
  const scrolls = laid.lines.length > room;
  // Taller than the terminal: ↑/↓, PgUp/PgDn, Home/End scroll; any other key closes.
  const scrollBy = (to: (top: number, page: number) => number) => () => {
    const page = Math.max(1, room - 2);
    ui.getState().setList(VIEW.help, (v) => ({
      ...v,
      top: Math.max(0, Math.min(to(helpWindow(laid.lines, v.top, room, inner, ascii).top, page), laid.lines.length - (room - 1))),
    }));
  };
  const scrolling: Binding[] = scrolls
    ? [
        { command: 'down', run: scrollBy((t) => t + 1) },
        { command: 'up', run: scrollBy((t) => t - 1) },
        { command: 'pageDown', run: scrollBy((t, page) => t + page) },
        { command: 'pageUp', run: scrollBy((t, page) => t - page) },
        { command: 'top', run: scrollBy(() => 0) },
        { command: 'bottom', run: scrollBy(() => laid.lines.length) },
      ]
    : [];
  useKeys(PRIORITY.modal, scrolling, {
    exclusive: true,
    otherwise: () => {
      ui.getState().setOverlay(undefined);
      ui.getState().setList(VIEW.help, (v) => ({ ...v, top: 0 }));
      return true;
    },
  });
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={inner + 2 * FRAME}>
      <Text bold wrap="truncate">
        {TITLE}
      </Text>
      {shown.lines.map((line, i) => (
        <Text key={i} wrap="truncate" dimColor={line.dim}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
