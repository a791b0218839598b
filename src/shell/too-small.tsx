// Below the smallest size every screen is laid out for (docs/ux.md, small terminals), one line says
// so instead of a broken layout. The app goes on underneath: the screen stays mounted (drafts and
// half-typed fields kept) but hears no key but Ctrl-C and Ctrl-Z, until the terminal is big enough.
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys/key-router.js';
import { useTheme } from '../ui/theme.js';

export const MIN_SIZE = { columns: 60, rows: 18 } as const;

export function tooSmall(columns: number, rows: number): boolean {
  return columns < MIN_SIZE.columns || rows < MIN_SIZE.rows;
}

/** The line: `make the terminal at least 60×18 (now 40×12)`, shorter in fewer columns. */
export function tooSmallLine(columns: number, rows: number): string {
  const need = `${MIN_SIZE.columns}×${MIN_SIZE.rows}`;
  const now = `${columns}×${rows}`;
  const lines = [
    `make the terminal at least ${need} (now ${now})`,
    `terminal too small: ${need} needed, now ${now}`,
    `need ${need}, now ${now}`,
  ];
  return lines.find((l) => l.length <= columns) ?? `${need} needed`;
}

export function TooSmall({ columns, rows }: { readonly columns: number; readonly rows: number }) {
  const theme = useTheme();
  // Above every other layer and exclusive: no key reaches the screen (Ctrl-C and Ctrl-Z go by any layer).
  useKeys(PRIORITY.modal + 10, [], { exclusive: true });
  return (
    <Box width={columns} height={1} overflow="hidden">
      <Text wrap="truncate" color={theme.c('yellow')}>
        {tooSmallLine(columns, rows)}
      </Text>
    </Box>
  );
}
