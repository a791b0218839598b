// At start, drafts kept from an earlier session (a crash, a dropped link) are offered back.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { useTheme } from '../../ui/theme.js';
import { useAppStore, useStores } from '../../app/stores.js';

export function RestoreOffer() {
  const { data, ui } = useStores();
  const theme = useTheme();
  const count = useAppStore((s) => Object.keys(s.drafts).length);
  const close = () => ui.getState().setOverlay(undefined);
  // A new record sent just before the stop is found on the server as its list loads (its draft is
  // then done): with nothing left to offer, the offer goes and says why.
  useEffect(() => {
    if (count > 0) return;
    ui.getState().setOverlay(undefined);
    ui.getState().say('info', 'what was being sent at the last stop is on the server: nothing left to review');
  }, [count, ui]);
  useKeys(
    PRIORITY.modal,
    [
      {
        command: 'open',
        run: () => {
          close();
          ui.getState().review(Object.keys(data.getState().drafts), 'restored drafts');
        },
      },
      {
        command: 'back',
        run: () => {
          close();
          ui.getState().say('info', 'drafts kept: : pending changes to review them');
        },
      },
    ],
    { exclusive: true },
  );
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('yellow')} paddingX={1}>
      <Text bold>
        {count} unsaved change{count === 1 ? '' : 's'} from your last session {count === 1 ? 'was' : 'were'} kept.
      </Text>
      <Text>{`Enter: review ${count === 1 ? 'it' : 'them'} ${theme.sym.dot} Esc: keep ${count === 1 ? 'it' : 'them'} for later`}</Text>
    </Box>
  );
}
