// The cache times of the seven error codes: a grid of cells edited with the duration input
// (90, 5m, 1h, 2d); `s` reviews a PATCH of the changed codes only.
import { Text } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { RecordForm } from '../../components/record-form.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { recordKey } from '../../store/index.js';
import { reload } from '../actions.js';

export function ErrorResponsesTab({ conf, height }: { readonly conf: number; readonly height: number }) {
  const ctx = useCtx();
  const { store, ui, width, options } = ctx;
  const key = recordKey('error_responses', conf);
  const loaded = useStore(store, (s) => s.records[key] !== undefined);
  useEffect(() => {
    if (!store.getState().records[key]) void store.getState().loadErrorResponses(conf).catch(() => undefined);
  }, [store, key, conf]);
  useKeys(PRIORITY.screen - 0.25, [{ command: 'reload', run: () => void reload(ctx, () => store.getState().loadErrorResponses(conf)) }]);
  if (!loaded) return <Text dimColor>loading error responses…</Text>;
  return (
    <RecordForm
      store={store}
      recordKey={key}
      kind="error_responses"
      grid
      readOnly={options.readOnly}
      width={width}
      height={height - 2}
      onMessage={(k, t) => ui.getState().say(k, t)}
      onReview={() => ui.getState().push({ screen: 'review', keys: [key], title: 'error responses' })}
    />
  );
}
