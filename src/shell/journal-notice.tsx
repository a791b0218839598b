// The row under the header, about the drafts journal: drafts that cannot be written to disk (in
// red, until a write gets through) and other cdn-tui open on this profile (each has its own
// journal: src/store/session-journal.ts). Empty otherwise: the gap between header and body.
import { Box, Text } from 'ink';
import { cellWidth, fit } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { useAppStore } from '../app/stores.js';

export const OTHERS_NOTICE = 'another cdn-tui is open on this profile';

export function JournalNotice({ width }: { readonly width: number }) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  const problem = useAppStore((s) => s.journalProblem);
  const others = useAppStore((s) => (s.othersOpen ?? 0) > 0);
  const alarm = problem ? fit(`drafts NOT saved to disk: ${problem} (tried again every few seconds)`, width, ascii) : '';
  const more = others ? fit(`${alarm ? ` ${theme.sym.dot} ` : ''}${OTHERS_NOTICE}`, Math.max(0, width - cellWidth(alarm)), ascii) : '';
  return (
    <Box height={1} width={width} overflow="hidden">
      <Text wrap="truncate">
        {alarm ? (
          <Text color={theme.c('red')} bold>
            {alarm}
          </Text>
        ) : null}
        {more ? <Text color={theme.c('yellow')}>{more}</Text> : null}
      </Text>
    </Box>
  );
}
