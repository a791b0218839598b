// The editor of a rule or a cache setting: every field from src/schema, references by name, fields
// that do not apply dimmed and explained, `e` for $EDITOR, `s` to review.
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { useExternalEditor } from '../../app/use-external-editor.js';
import { RecordForm } from '../../components/record-form.js';
import { parseKey, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { useRefChoices } from './use-ref-choices.js';

export function RecordScreen({ recordKey, kind, conf }: { readonly recordKey: RecordKey; readonly kind: 'rule' | 'cache_setting'; readonly conf: number }) {
  const ctx = useCtx();
  const { store, ui, width, height, options } = ctx;
  const values = useStore(store, (s) => s.drafts[recordKey]?.values ?? s.records[recordKey]);
  const refChoices = useRefChoices(kind, conf);
  const editor = useExternalEditor(ctx, recordKey);
  const isNew = parseKey(recordKey).isNew;
  const what = kind === 'rule' ? 'rule' : 'cache setting';
  const name = values ? safe(kind === 'rule' ? values.path : values.name) : '';
  if (!values) return <Text dimColor>this {what} is not loaded (r to reload the list)</Text>;
  return (
    <Box flexDirection="column">
      <Text bold>{isNew ? `New ${what}: fill in the fields at the top, then s to review the POST` : `${what} ${name} (${String(values.id)})`}</Text>
      <Box height={1} />
      <RecordForm
        store={store}
        recordKey={recordKey}
        kind={kind}
        readOnly={options.readOnly}
        width={width}
        height={height - 4}
        showReadOnly={isNew ? [] : ['id']}
        refChoices={refChoices}
        extraBindings={[editor]}
        onMessage={(k, t) => ui.getState().say(k, t)}
        onReview={() => ui.getState().push({ screen: 'review', keys: [recordKey], title: what })}
      />
    </Box>
  );
}
