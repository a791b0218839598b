// Lists to choose from, on ink-select-input, wrapped thinly for our look (the focused row in
// inverse video, a line of help per choice, text cut to cells) and our keys.
// - ChoiceList: a value for a field (an enum, a record named for its id). ink-select-input owns the
//   highlight and ↑/↓/j/k; Enter chooses and Esc (or q) cancels through the key table.
// - SelectWindow: a list whose cursor lives in the UI store (the palette): ink-select-input draws
//   the window the list controller gives it and takes no keys itself.
import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { useInert } from '../keys/inert.js';
import { useState } from 'react';
import { PRIORITY, useKeys } from '../keys/key-router.js';
import { cellWidth, fitKeepingId, pad } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface Choice {
  /** Unique among the choices: what ink-select-input keys rows by. */
  readonly key: string;
  readonly label: string;
  /** One line of meaning, drawn dim after the label. */
  readonly help?: string;
  readonly value: unknown;
}

interface RowProps {
  readonly isSelected?: boolean;
  readonly label: string;
  // The rest is passed through by ink-select-input from the item.
  readonly help?: string;
  readonly labelWidth?: number;
  readonly width?: number;
  readonly ascii?: boolean;
}

/** A row: label and help cut to cells (an id at their end kept), the focused row in inverse video. */
function Row({ isSelected = false, label, help = '', labelWidth = 8, width = 40, ascii = false }: RowProps) {
  return (
    <Text inverse={isSelected} wrap="truncate">
      {pad(fitKeepingId(label, labelWidth, ascii), labelWidth, ascii)}
      <Text dimColor={!isSelected}>{fitKeepingId(help ? ` ${help}` : '', Math.max(0, width - labelWidth), ascii)}</Text>
    </Text>
  );
}

/** The widest label, and the widest help with the space before it. */
function widths(choices: readonly Choice[]): { readonly label: number; readonly help: number } {
  return {
    label: Math.max(4, ...choices.map((c) => cellWidth(c.label))),
    help: Math.max(0, ...choices.map((c) => (c.help ? 1 + cellWidth(c.help) : 0))),
  };
}

/** Cells the choices take with no label or help cut (a box as wide shows them whole). */
export function choicesWidth(choices: readonly Choice[]): number {
  const { label, help } = widths(choices);
  return label + help;
}

/** ink-select-input's items: its row component gets every property of the item. */
function itemsOf(choices: readonly Choice[], width: number, ascii: boolean) {
  // Labels whole when the helps leave room for them, or up to two thirds of the width (the help,
  // what is said beside the choice, is cut first); a cut label keeps its id (`… (1528252734)`).
  const { label, help } = widths(choices);
  const labelWidth = Math.min(label, Math.max(4, width - Math.floor(width / 3), width - help));
  return choices.map((c) => ({ key: c.key, label: c.label, value: c.key, help: c.help ?? '', labelWidth, width, ascii }));
}

const NoIndicator = () => null;

export interface ChoiceListProps {
  readonly choices: readonly Choice[];
  /** The choice highlighted at first (the current value). */
  readonly initial: number;
  readonly onChoose: (choice: Choice) => void;
  readonly onCancel: () => void;
  readonly width: number;
  /** Rows shown at most (the list scrolls). @default 8 */
  readonly height?: number;
}

export function ChoiceList({ choices, initial, onChoose, onCancel, width, height = 8 }: ChoiceListProps) {
  const theme = useTheme();
  const inert = useInert();
  const [highlighted, setHighlighted] = useState(Math.max(0, initial));
  useKeys(
    PRIORITY.modal,
    [
      { command: 'choose', run: () => void (choices[highlighted] && onChoose(choices[highlighted])) },
      { command: 'drop', run: onCancel },
      { command: 'quit', footer: false, run: onCancel },
    ],
    { exclusive: true },
  );
  const inner = Math.max(8, width - 4);
  const items = itemsOf(choices, inner, !theme.unicode);
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={Math.min(width, inner + 4)}>
      {choices.length === 0 ? <Text dimColor>nothing to choose from</Text> : null}
      <SelectInput
        items={items}
        initialIndex={Math.max(0, Math.min(initial, choices.length - 1))}
        isFocused={!inert}
        limit={height}
        indicatorComponent={NoIndicator}
        itemComponent={Row}
        onHighlight={(item) => setHighlighted(choices.findIndex((c) => c.key === item.value))}
      />
    </Box>
  );
}

export interface SelectWindowProps {
  /** The rows of the window (the list controller's slice). */
  readonly choices: readonly Choice[];
  /** The focused row's index within `choices`. */
  readonly focused: number;
  readonly width: number;
}

export function SelectWindow({ choices, focused, width }: SelectWindowProps) {
  const theme = useTheme();
  const items = itemsOf(choices, width, !theme.unicode);
  // Remounted when the focus moves: ink-select-input takes the highlighted row from initialIndex.
  return (
    <SelectInput
      key={`${choices[0]?.key ?? ''}:${focused}`}
      items={items}
      isFocused={false}
      initialIndex={Math.max(0, focused)}
      indicatorComponent={NoIndicator}
      itemComponent={Row}
    />
  );
}
