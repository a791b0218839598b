// Bulk edit: a value set here is set on every marked row (one draft each); `u`/`U` revert the field
// / all fields of every marked record; `s` reviews them all. Rules and cache settings of one
// configuration (marked in its tabs), or configurations (marked in the browser).
import { Box, Text } from 'ink';
import type { RecordKey } from '../../store/index.js';
import { VIEW, type BulkRoute } from '../../app/routes.js';
import { useBodySize } from '../../app/stores.js';
import { refChoices, useRefRecords } from '../configuration/refs.js';
import { FormPanel } from './form-panel.js';
import type { RefChoices } from './form-model.js';
import { kindWords } from '../../schema/index.js';

type BulkKind = BulkRoute['kind'];

/**
 * Fields a bulk form does not offer: values each record must hold alone. A configuration's name and
 * cnames are unique in the account and a cache setting's name in its configuration: one value set
 * on all the marked records would be refused for all but one (an origin's name too; its addresses are
 * its own servers). A configuration's bulk form is its
 * settings: active, delivery protocol, certificate, cname access only, raw logs.
 */
const LEFT_OUT: Readonly<Record<BulkKind, readonly string[]>> = {
  configuration: ['name', 'cname'],
  rule: [],
  cache_setting: ['name'],
  origin: ['name', 'addresses'],
};

export function BulkScreen({ route }: { readonly route: BulkRoute }) {
  if (route.kind === 'configuration') return <BulkForm keys={route.keys} kind={route.kind} />;
  return <ChildBulk keys={route.keys} kind={route.kind} conf={route.conf} />;
}

/** Rules name their origin and cache setting: the choices come from the configuration's lists. */
function ChildBulk({
  keys,
  kind,
  conf,
}: {
  readonly keys: readonly RecordKey[];
  readonly kind: 'rule' | 'cache_setting' | 'origin';
  readonly conf: number;
}) {
  const { origins, caches } = useRefRecords(conf);
  return <BulkForm keys={keys} kind={kind} {...(kind === 'rule' ? { refs: refChoices(origins, caches) } : {})} />;
}

function BulkForm({ keys, kind, refs }: { readonly keys: readonly RecordKey[]; readonly kind: BulkKind; readonly refs?: RefChoices }) {
  const { width, height } = useBodySize();
  const [first] = keys;
  if (!first) return <Text dimColor>nothing marked</Text>;
  const what = `${keys.length} ${kindWords(kind)[1]}`;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {`Bulk edit of ${what}: a value set here goes to each of them; s reviews every change.`}
      </Text>
      <Box height={1} />
      <FormPanel
        spec={{ kind, key: first, keys, shownOnly: [], leftOut: LEFT_OUT[kind] }}
        view={VIEW.bulk(keys)}
        width={width}
        height={height - 2}
        {...(refs ? { refs } : {})}
        reviewTitle={`${keys.length} marked ${kindWords(kind)[1]}`}
      />
    </Box>
  );
}
