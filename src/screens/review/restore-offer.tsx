// At start, drafts kept from an earlier session (a crash, a dropped link) are offered back.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { useTheme } from '../../ui/theme.js';

export function RestoreOffer() {
  const { store, ui } = useCtx();
  const theme = useTheme();
  const count = useStore(store, (s) => Object.keys(s.drafts).length);
  useKeys(
    PRIORITY.modal,
    [
      {
        command: 'open',
        label: 'review them',
        run: () => {
          ui.getState().setOverlay(undefined);
          ui.getState().push({ screen: 'review', keys: Object.keys(store.getState().drafts), title: 'restored drafts' });
        },
      },
      {
        command: 'back',
        label: 'keep for later',
        run: () => {
          ui.getState().setOverlay(undefined);
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
      <Text>Enter: review them · Esc: keep them for later</Text>
    </Box>
  );
}
