// Bulk edit: a field set here is set on every marked row (one draft each); `s` reviews them all.
import { Box, Text } from 'ink';
import { useCtx } from '../../app/context.js';
import { RecordForm } from '../../components/record-form.js';
import type { RecordKey } from '../../store/index.js';
import { useRefChoices } from '../record/use-ref-choices.js';

export function BulkScreen({ keys, kind, conf }: { readonly keys: readonly RecordKey[]; readonly kind: 'rule' | 'cache_setting'; readonly conf: number }) {
  const { store, ui, width, height, options } = useCtx();
  const refChoices = useRefChoices(kind, conf);
  const [first, ...rest] = keys;
  if (!first) return <Text dimColor>nothing marked</Text>;
  const what = kind === 'rule' ? 'rules' : 'cache settings';
  return (
    <Box flexDirection="column">
      <Text bold>
        Bulk edit of {keys.length} {what}: a value set here goes to each of them; s reviews every change.
      </Text>
      <Box height={1} />
      <RecordForm
        store={store}
        recordKey={first}
        alsoKeys={rest}
        kind={kind}
        readOnly={options.readOnly}
        width={width}
        height={height - 4}
        refChoices={refChoices}
        onMessage={(k, t) => ui.getState().say(k, t)}
        onReview={() => ui.getState().push({ screen: 'review', keys, title: `${keys.length} ${what}` })}
      />
    </Box>
  );
}
