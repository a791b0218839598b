// The header: breadcrumb on the left; profile or DEMO, READ-ONLY and the connection state on the right.
import { Box, Text } from 'ink';
import { cellWidth, fit, fitKeepingId } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';
import { fitColumns } from './column-widths.js';

export interface HeaderProps {
  /** The path to here, already made safe ("configurations", "shop-prod (1501)", "rules"). */
  readonly crumbs: readonly string[];
  /** DEMO, the profile's name or the API's host. */
  readonly label: string;
  readonly readOnly: boolean;
  /** "updated just now", "updated 3 min ago", "as of 12 min ago" (kept lists shown), or what failed. */
  readonly state: string;
  /** The last load or write failed: the state is drawn as a problem. */
  readonly failing: boolean;
  readonly width: number;
}

export function Header({ crumbs, label, readOnly, state, failing, width }: HeaderProps) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  // The right side takes at most half the width; while something fails, all the breadcrumb leaves
  // (why, and the countdown to the next try, matter more then). The connection state is cut first.
  const path = crumbs.join(theme.sym.sep);
  const room = failing ? Math.max(Math.floor(width / 2), width - cellWidth(path) - 1) : Math.floor(width / 2);
  const fixed = cellWidth(label) + (readOnly ? cellWidth(' READ-ONLY') : 0);
  const stateShown = fit(state, Math.max(0, room - fixed - 1), ascii);
  const rightWidth = fixed + (stateShown ? 1 + cellWidth(stateShown) : 0);
  const left = fitCrumbs(crumbs, theme.sym.sep, Math.max(0, width - rightWidth - 1), ascii);
  return (
    <Box width={width} justifyContent="space-between">
      <Text bold wrap="truncate">
        {left}
      </Text>
      <Text wrap="truncate">
        <Text color={theme.c('magenta')} bold>
          {label}
        </Text>
        {readOnly ? <Text color={theme.c('yellow')}> READ-ONLY</Text> : null}
        {stateShown ? <Text color={failing ? theme.c('red') : theme.c('gray')}> {stateShown}</Text> : null}
      </Text>
    </Box>
  );
}

/**
 * The breadcrumb in `width` cells. Too long, the widest crumbs are cut first, as a table's columns
 * are (a configuration's long name before where one is), and a crumb ending in a record's id keeps
 * the id: `configurations › acme… (1528252734) › settings`.
 */
export function fitCrumbs(crumbs: readonly string[], sep: string, width: number, ascii: boolean): string {
  const path = crumbs.join(sep);
  if (cellWidth(path) <= width) return path;
  const widths = fitColumns(
    crumbs.map((c) => cellWidth(c)),
    width - cellWidth(sep) * (crumbs.length - 1),
  );
  return fit(crumbs.map((c, i) => fitKeepingId(c, widths[i]!, ascii)).join(sep), width, ascii);
}
