// The line under every list (docs/ux.md §5): what it holds — `37 of 120 rules · 5 marked · /img`:
// shown, total, marked, the filter. Marks scrolled out of view, or hidden by the filter, are never
// invisible: this count is where they show. While the filter is typed, the line is its input.
import { Box, Text } from 'ink';
import { fit } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { TextInput } from './text-input.js';

export interface ListCounts {
  /** Rows that pass the filter. */
  readonly shown: number;
  /** Rows in the list (as far as it is read). */
  readonly total: number;
  /** The rows' word: singular and plural ('rule', 'rules'). */
  readonly what: readonly [one: string, many: string];
  /** Marked rows that are in the list (shown or not). @default 0 */
  readonly marked?: number;
  /** Of those, the ones the filter hides. @default 0 */
  readonly markedHidden?: number;
  /** The filter, already made safe. @default '' */
  readonly filter?: string;
  /** More pages are coming ("…, loading…"). */
  readonly loading?: boolean;
  /** More rows matched than are listed (the palette lists the first ones): "500+ of". */
  readonly more?: boolean;
  /** A note at the end (what the list keeps at most). */
  readonly note?: string;
}

/** The status line's text: `37 of 120 rules · 5 marked · /img`. Pure (tests drive it alone). */
export function listStatus(c: ListCounts, dot = '·'): string {
  const counted = `${c.shown}${c.more ? '+' : ''} of ${c.total} ${c.total === 1 ? c.what[0] : c.what[1]}${c.loading ? ', loading…' : ''}`;
  const hidden = c.markedHidden ? ` (${c.markedHidden} hidden by the filter)` : '';
  const parts = [counted, c.marked ? `${c.marked} marked${hidden}` : '', c.filter ? `/${c.filter}` : '', c.note ?? ''];
  return parts.filter(Boolean).join(` ${dot} `);
}

export interface ListStatusProps {
  readonly counts: ListCounts;
  readonly width: number;
  /** The filter's input has focus: the line is the input (`/` then the text). */
  readonly filtering?: boolean;
  /** The filter as typed (not made safe: the input shows it). @default '' */
  readonly filterText?: string;
  /** The filter changed (`typing`: its input keeps focus; Enter keeps it, Esc clears it). */
  readonly onFilter?: (text: string, typing: boolean) => void;
}

export function ListStatus({ counts, width, filtering = false, filterText = '', onFilter }: ListStatusProps) {
  const theme = useTheme();
  if (filtering && onFilter) {
    return (
      <Box>
        <Text color={theme.c('cyan')}>/</Text>
        <TextInput
          value={filterText}
          width={width - 1}
          onChange={(v) => onFilter(v, true)}
          onSubmit={(v) => onFilter(v, false)}
          onCancel={() => onFilter('', false)}
        />
      </Box>
    );
  }
  return (
    <Text dimColor wrap="truncate">
      {fit(listStatus(counts, theme.sym.dot), width, !theme.unicode)}
    </Text>
  );
}
