// The editor of one record on a screen of its own: a rule, a cache setting, or a new configuration
// (a configuration's settings are its first tab). References are chosen by name; fields that do
// not apply are dimmed and explained; `e` edits it as JSON in $EDITOR; `s` reviews it. A new rule
// with configurations marked in the browser is made in each of them (add-to-many.ts).
import { Box, Text } from 'ink';
import { listKey, parseKey, titleOf, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { VIEW, type FormKind } from '../../app/routes.js';
import { useAppStore, useBodySize } from '../../app/stores.js';
import { useExternalEditor } from '../../app/use-external-editor.js';
import { LoadState } from '../load-state.js';
import { refChoices, useRuleRefRecords } from '../configuration/refs.js';
import { FormPanel } from './form-panel.js';
import { useAddToMany } from './add-to-many.js';
import { schemaFor } from '../../schema/index.js';

const NEW_HINT: Readonly<Record<FormKind, string>> = {
  configuration: 'New configuration: fill in the fields marked * (name, origin address, origin Host header); s reviews the POST.',
  rule: 'New rule: fill in the fields marked *, then s reviews the POST.',
  cache_setting: 'New cache setting: fill in the fields marked *, then s reviews the POST.',
  origin: 'New origin: fill in the fields marked * (addresses: host role w=N; next…), then s reviews the POST.',
};

export function FormScreen({
  recordKey: opened,
  kind,
  conf,
}: {
  readonly recordKey: RecordKey;
  readonly kind: FormKind;
  readonly conf?: number;
}) {
  // A draft that went under another key (a new rule made an update of the rule that had its path,
  // docs/ux.md §10) is edited under that key.
  const recordKey = useAppStore((s) => s.moved[opened] ?? opened);
  const loadKey = conf === undefined || kind === 'configuration' ? recordKey : listKey(kind, conf);
  return (
    <LoadState
      what={`this ${schemaFor(kind).title}`}
      loadKey={loadKey}
      present={(s) => s.drafts[recordKey] !== undefined || s.blanks[recordKey] !== undefined || s.records[recordKey] !== undefined}
    >
      <Form recordKey={recordKey} kind={kind} {...(conf !== undefined ? { conf } : {})} />
    </LoadState>
  );
}

function Form({ recordKey, kind, conf }: { readonly recordKey: RecordKey; readonly kind: FormKind; readonly conf?: number }) {
  const { width, height } = useBodySize();
  const isNew = parseKey(recordKey).isNew;
  const title = useAppStore((s) => titleOf(recordKey, s.drafts[recordKey]?.values ?? s.records[recordKey]));
  const { origins, caches } = useRuleRefRecords(kind === 'rule' ? conf : undefined);
  const editor = useExternalEditor(() => recordKey);
  const many = useAddToMany(recordKey, kind === 'rule' ? conf : undefined);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {many ? many.hint : isNew ? NEW_HINT[kind] : safe(title)}
      </Text>
      <Box height={1} />
      <FormPanel
        spec={{ kind, key: recordKey, keys: [recordKey], shownOnly: ['id'] }}
        view={VIEW.form(recordKey)}
        width={width}
        height={height - 2}
        {...(kind === 'rule' ? { refs: refChoices(origins, caches) } : {})}
        extra={many ? [editor, many.binding] : [editor]}
        reviewTitle={schemaFor(kind).title}
        {...(many?.openReview ? { openReview: many.openReview } : {})}
        {...(many ? { onRevertAll: many.onRevertAll } : {})}
      />
    </Box>
  );
}
