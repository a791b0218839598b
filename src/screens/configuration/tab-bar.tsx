// The tab bar: one line that never breaks inside a word (docs/ux.md, small terminals). The tabs'
// full names when they fit, else their short names, else numbers with only the current tab named;
// narrower still, that line is cut at its end.
import { Box, Text } from 'ink';
import { TABS, TAB_SHORT, TAB_TITLES, type Tab } from '../../app/routes.js';
import { useTheme } from '../../ui/theme.js';
import { cellWidth, sliceCells } from '../../ui/text.js';

/** Each tab's label (` 1 Rules `) for a bar `width` cells wide: the most telling set that fits. */
export function tabLabels(current: Tab, width: number): string[] {
  const sets = [
    TABS.map((t, i) => ` ${i + 1} ${TAB_TITLES[t]} `),
    TABS.map((t, i) => ` ${i + 1} ${TAB_SHORT[t]} `),
    TABS.map((t, i) => (t === current ? ` ${i + 1} ${TAB_SHORT[t]} ` : ` ${i + 1} `)),
  ];
  const fits = sets.find((labels) => cellWidth(labels.join('')) <= width);
  if (fits) return fits;
  // Not even that (narrower than the smallest screen): the numbers' line cut at its end.
  let room = width;
  return sets[2]!.map((label) => {
    const out = sliceCells(label, 0, Math.max(0, room));
    room -= cellWidth(out);
    return out;
  });
}

export function TabBar({ tab, width }: { readonly tab: Tab; readonly width: number }) {
  const theme = useTheme();
  const labels = tabLabels(tab, width);
  return (
    <Box height={1} width={width} overflow="hidden">
      {TABS.map((t, i) => (
        <Text key={t} wrap="truncate" inverse={t === tab} color={t === tab ? undefined : theme.c('gray')}>
          {labels[i]}
        </Text>
      ))}
    </Box>
  );
}
