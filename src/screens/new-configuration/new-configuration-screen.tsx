// A new configuration: a form of the create fields (required first); `s` reviews the POST.
import { Box, Text } from 'ink';
import { useCtx } from '../../app/context.js';
import { RecordForm } from '../../components/record-form.js';
import type { RecordKey } from '../../store/index.js';

export function NewConfigurationScreen({ recordKey }: { readonly recordKey: RecordKey }) {
  const { store, ui, width, height, options } = useCtx();
  return (
    <Box flexDirection="column">
      <Text bold>New configuration: fill in name, origin address and origin Host header; s to review the request.</Text>
      <Box height={1} />
      <RecordForm
        store={store}
        recordKey={recordKey}
        kind="configuration"
        readOnly={options.readOnly}
        width={width}
        height={height - 4}
        onMessage={(k, t) => ui.getState().say(k, t)}
        onReview={() => ui.getState().push({ screen: 'review', keys: [recordKey], title: 'new configuration' })}
      />
    </Box>
  );
}
