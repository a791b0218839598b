// Bulk edit: a value set here is set on every marked row (one draft each); `u`/`U` revert the field
// / all fields of every marked record; `s` reviews them all. Rules and cache settings of one
// configuration (marked in its tabs), of several (marked among a query's matches: a rule's cache
// setting and origin chosen by name, each rule taking the one of its own configuration), or
// configurations (marked in the browser).
import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { useEffect } from 'react';
import { configurationsOf, namesIn, refLists, type RecordKey } from '../../store/index.js';
import { VIEW, type BulkRoute } from '../../app/routes.js';
import { useAppStore, useBodySize, useStores } from '../../app/stores.js';
import { refChoices, useRuleRefRecords } from '../configuration/refs.js';
import { FormPanel } from './form-panel.js';
import type { RefChoices } from './form-model.js';
import { kindWords } from '../../schema/index.js';
import { safe } from '../../ui/text.js';

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
  if (route.conf === undefined) return <AcrossBulk keys={route.keys} kind={route.kind} />;
  return <ChildBulk keys={route.keys} kind={route.kind} conf={route.conf} />;
}

/** Lists of names read at once for a bulk form over several configurations (the budget paces them). */
const REF_READS = 6;

/** Records of several configurations: a rule's references are chosen by name among those of the marked rules' configurations. */
function AcrossBulk({ keys, kind }: { readonly keys: readonly RecordKey[]; readonly kind: 'rule' | 'cache_setting' | 'origin' }) {
  const { data } = useStores();
  const confs = configurationsOf(keys);
  useEffect(() => {
    // The names to choose among: each configuration's cache settings and origins not read yet, in the background.
    if (kind === 'rule')
      void data.getState().loadLists([...refLists(keys, 'cache_settings_id'), ...refLists(keys, 'path_origin_id')], {
        concurrency: REF_READS,
        priority: 'background',
      });
  }, [data, keys, kind]);
  const caches = useAppStore(useShallow((s) => (kind === 'rule' ? namesIn(s, 'cache_setting', confs) : [])));
  const origins = useAppStore(useShallow((s) => (kind === 'rule' ? namesIn(s, 'origin', confs) : [])));
  const byName = (n: string) => ({ key: n, value: n, label: safe(n), help: 'the one of this name in each configuration' });
  const refs: RefChoices | undefined =
    kind === 'rule'
      ? {
          path_origin_id: origins.map(byName),
          cache_settings_id: [
            { key: 'none', value: null, label: 'none', help: "follow the origin's cache headers" },
            ...caches.map(byName),
          ],
        }
      : undefined;
  return <BulkForm keys={keys} kind={kind} confs={confs.length} {...(refs ? { refs } : {})} />;
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
  const { origins, caches } = useRuleRefRecords(kind === 'rule' ? conf : undefined);
  return <BulkForm keys={keys} kind={kind} {...(kind === 'rule' ? { refs: refChoices(origins, caches) } : {})} />;
}

function BulkForm({
  keys,
  kind,
  refs,
  confs,
}: {
  readonly keys: readonly RecordKey[];
  readonly kind: BulkKind;
  readonly refs?: RefChoices;
  /** Records of this many configurations (their references chosen by name). */
  readonly confs?: number;
}) {
  const { width, height } = useBodySize();
  const [first] = keys;
  if (!first) return <Text dimColor>nothing marked</Text>;
  const across = confs === undefined ? '' : ` in ${confs} configuration${confs === 1 ? '' : 's'}`;
  const what = `${keys.length} ${kindWords(kind)[1]}${across}`;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">
        {`Bulk edit of ${what}: a value set here goes to each of them; s reviews every change.`}
      </Text>
      <Box height={1} />
      <FormPanel
        spec={{ kind, key: first, keys, shownOnly: [], leftOut: LEFT_OUT[kind], ...(confs === undefined ? {} : { byName: true }) }}
        view={VIEW.bulk(keys)}
        width={width}
        height={height - 2}
        {...(refs ? { refs } : {})}
        reviewTitle={`${keys.length} marked ${kindWords(kind)[1]}${across}`}
      />
    </Box>
  );
}
