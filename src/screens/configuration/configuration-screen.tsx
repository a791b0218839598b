// One configuration: tabs Settings, Rules, Cache settings, Error responses, Origins.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { TABS, TAB_TITLES, type Tab } from '../../app/ui-store.js';
import { RecordForm } from '../../components/record-form.js';
import { PRIORITY, useKeys, type Binding } from '../../keys/dispatcher.js';
import { recordKey } from '../../store/index.js';
import { useTheme } from '../../ui/theme.js';
import { ErrorResponsesTab } from './error-responses-tab.js';
import { RecordsTab } from './records-tab.js';
import { reload } from '../actions.js';

export function ConfigurationScreen({ conf, tab }: { readonly conf: number; readonly tab: Tab }) {
  const ctx = useCtx();
  const { store, ui, width, height, options } = ctx;
  const theme = useTheme();
  const key = recordKey('configuration', undefined, conf);
  const loaded = useStore(store, (s) => s.records[key] !== undefined);
  const failed = useStore(store, (s) => s.requests[key]?.status === 'error');
  useEffect(() => {
    void store.getState().loadConfiguration(conf).catch(() => undefined);
  }, [store, conf]);
  const go = (t: Tab) => ui.getState().replace({ screen: 'configuration', conf, tab: t });
  const step = (d: number) => go(TABS[(TABS.indexOf(tab) + d + TABS.length) % TABS.length]!);
  const bindings: Binding[] = [
    ...TABS.map((t, i) => ({ command: `tab${i + 1}` as Binding['command'], footer: false, run: () => go(t) })),
    { command: 'prevTab', footer: false, run: () => step(-1) },
    { command: 'nextTab', label: 'tabs 1-5 [ ]', run: () => step(1) },
    { command: 'reload', run: () => void reload(ctx, () => store.getState().loadConfiguration(conf)) },
  ];
  useKeys(PRIORITY.screen - 0.5, bindings);
  const bodyHeight = height - 2;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box>
        {TABS.map((t, i) => (
          <Text key={t} inverse={t === tab} color={t === tab ? undefined : theme.c('gray')}>
            {` ${i + 1} ${TAB_TITLES[t]} `}
          </Text>
        ))}
      </Box>
      <Box height={1} />
      {!loaded ? (
        <Text dimColor>{failed ? 'could not load this configuration: r to retry' : 'loading…'}</Text>
      ) : tab === 'settings' ? (
        <RecordForm
          store={store}
          recordKey={key}
          kind="configuration"
          readOnly={options.readOnly}
          width={width}
          height={bodyHeight - 2}
          showReadOnly={['id', 'domain_name']}
          onMessage={(k, t) => ui.getState().say(k, t)}
          onReview={() => ui.getState().push({ screen: 'review', keys: [key], title: 'settings' })}
        />
      ) : tab === 'rules' ? (
        <RecordsTab kind="rule" conf={conf} height={bodyHeight} />
      ) : tab === 'cache_settings' ? (
        <RecordsTab kind="cache_setting" conf={conf} height={bodyHeight} />
      ) : tab === 'error_responses' ? (
        <ErrorResponsesTab conf={conf} height={bodyHeight} />
      ) : (
        <RecordsTab kind="origin" conf={conf} height={bodyHeight} />
      )}
    </Box>
  );
}
