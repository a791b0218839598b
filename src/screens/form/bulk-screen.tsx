// Bulk edit: a value set here is set on every marked row (one draft each); `u`/`U` revert the field
// / all fields of every marked record; `s` reviews them all.
import { Box, Text } from 'ink';
import type { RecordKey } from '../../store/index.js';
import { VIEW } from '../../app/routes.js';
import { useBodySize } from '../../app/stores.js';
import { refChoices, useRefRecords } from '../configuration/refs.js';
import { FormPanel } from './form-panel.js';

export function BulkScreen({ keys, kind, conf }: { readonly keys: readonly RecordKey[]; readonly kind: 'rule' | 'cache_setting'; readonly conf: number }) {
  const { width, height } = useBodySize();
  const { origins, caches } = useRefRecords(conf);
  const [first] = keys;
  if (!first) return <Text dimColor>nothing marked</Text>;
  const what = kind === 'rule' ? 'rules' : 'cache settings';
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {`Bulk edit of ${keys.length} ${what}: a value set here goes to each of them; s reviews every change.`}
      </Text>
      <Box height={1} />
      <FormPanel
        spec={{ kind, key: first, keys, shownOnly: [] }}
        view={VIEW.bulk(keys)}
        width={width}
        height={height - 2}
        {...(kind === 'rule' ? { refs: refChoices(origins, caches) } : {})}
        reviewTitle={`${keys.length} ${what}`}
      />
    </Box>
  );
}
