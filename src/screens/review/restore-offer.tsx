// At start, drafts kept from an earlier session (a crash, a dropped link) are offered back.
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useCtx } from '../../app/context.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { useTheme } from '../../ui/theme.js';

export function RestoreOffer() {
  const { store, ui } = useCtx();
  const theme = useTheme();
  const [keys] = useState(() => Object.keys(store.getState().drafts));
  const [open, setOpen] = useState(keys.length > 0);
  useKeys(
    PRIORITY.modal,
    [
      {
        command: 'open',
        label: 'review them',
        run: () => {
          setOpen(false);
          ui.getState().push({ screen: 'review', keys: Object.keys(store.getState().drafts), title: 'restored drafts' });
        },
      },
      { command: 'back', label: 'keep for later', run: () => (setOpen(false), ui.getState().say('info', 'drafts kept: : pending changes to review them')) },
    ],
    { active: open, exclusive: true },
  );
  if (!open) return null;
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('yellow')} paddingX={1}>
      <Text bold>
        {keys.length} unsaved change{keys.length > 1 ? 's' : ''} from your last session {keys.length > 1 ? 'were' : 'was'} kept.
      </Text>
      <Text>Enter: review them · Esc: keep them for later</Text>
    </Box>
  );
}
