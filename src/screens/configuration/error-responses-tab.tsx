// The cache times of the seven error codes (the editable grid comes with part 2).
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { ERROR_CODES } from '../../schema/index.js';
import { recordKey } from '../../store/index.js';
import { humanDuration, pad } from '../../ui/text.js';
import { reload } from '../actions.js';

export function ErrorResponsesTab({ conf }: { readonly conf: number }) {
  const ctx = useCtx();
  const { store } = ctx;
  const key = recordKey('error_responses', conf);
  const record = useStore(store, (s) => s.drafts[key]?.values ?? s.records[key]);
  useEffect(() => {
    if (!store.getState().records[key]) void store.getState().loadErrorResponses(conf).catch(() => undefined);
  }, [store, key, conf]);
  useKeys(PRIORITY.screen, [{ command: 'reload', run: () => void reload(ctx, () => store.getState().loadErrorResponses(conf)) }]);
  if (!record) return <Text dimColor>loading error responses…</Text>;
  return (
    <Box flexDirection="column">
      <Text bold>{pad('status', 30)} cache time</Text>
      {ERROR_CODES.map(([code, meaning]) => {
        const v = record[`cache_error_${code}`];
        return (
          <Text key={code}>
            {pad(`${code} ${meaning}`, 30)} {typeof v === 'number' ? (v === 0 ? '0 (not cached)' : `${v} s (${humanDuration(v)})`) : String(v)}
          </Text>
        );
      })}
    </Box>
  );
}
