// One configuration: tabs Settings, Rules, Cache settings, Error responses, Origins. The tab last
// used is kept per configuration in the UI store; each tab keeps its own cursor (its own view).
import { Box } from 'ink';
import { useEffect } from 'react';
import { PRIORITY, useKeys, type Binding } from '../../keys/key-router.js';
import { isFresh, listKey, recordKey } from '../../store/index.js';
import { TABS, VIEW, type Tab } from '../../app/routes.js';
import { useBodySize, useReadOnlyReason, useStores, useUiStore } from '../../app/stores.js';
import { offeredPurge, tabOf } from '../../app/ui-store.js';
import { FormPanel } from '../form/form-panel.js';
import { LoadState } from '../load-state.js';
import { RecordsTab } from './records-tab.js';
import { TabBar } from './tab-bar.js';
import { openPurge } from '../purge/open-purge.js';
import { compareBinding } from '../compare/start-compare.js';

export function ConfigurationScreen({ conf }: { readonly conf: number }) {
  const stores = useStores();
  const { data, ui } = stores;
  const { width, height } = useBodySize();
  const readOnly = useReadOnlyReason();
  const tab = useUiStore((s) => tabOf(s, conf));
  const key = recordKey('configuration', undefined, conf);
  useEffect(() => {
    // Every tab's data is asked for as the configuration opens (in parallel), so a tab switch
    // draws the tab's rows in its first frame rather than "loading…" first.
    for (const k of [
      key,
      listKey('rule', conf),
      listKey('cache_setting', conf),
      listKey('origin', conf),
      recordKey('error_responses', conf),
    ]) {
      void data.getState().ensureLoaded(k);
    }
  }, [data, key, conf]);
  const go = (t: Tab) => ui.getState().setTab(conf, t);
  const step = (d: number) => () => go(TABS[(TABS.indexOf(tabOf(ui.getState(), conf)) + d + TABS.length) % TABS.length]!);
  const bindings: Binding[] = [
    { command: 'tab1', footer: false, run: () => go('settings') },
    { command: 'tab2', footer: false, run: () => go('rules') },
    { command: 'tab3', footer: false, run: () => go('cache_settings') },
    { command: 'tab4', footer: false, run: () => go('error_responses') },
    { command: 'tab5', footer: false, run: () => go('origins') },
    { command: 'prevTab', footer: false, run: step(-1) },
    { command: 'nextTab', run: step(1) },
    // P: all of it (or what the save just made offers); the rules tab purges its rules' paths.
    { command: 'purge', disabled: readOnly, run: () => openPurge({ data, ui }, offeredPurge(ui.getState(), conf) ?? { conf }) },
    compareBinding(stores, () => conf),
  ];
  // Under the tab's own keys (a tie in priority goes to the later layer, and children register first).
  useKeys(PRIORITY.screen - 1, bindings);
  const body = height - 2;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <TabBar tab={tab} width={width} />
      <Box height={1} />
      <TabBody conf={conf} tab={tab} width={width} height={body} />
    </Box>
  );
}

function TabBody({
  conf,
  tab,
  width,
  height,
}: {
  readonly conf: number;
  readonly tab: Tab;
  readonly width: number;
  readonly height: number;
}) {
  switch (tab) {
    case 'settings': {
      const key = recordKey('configuration', undefined, conf);
      return (
        // The settings are a form: drawn once read in this session, never from a kept copy.
        <LoadState what="this configuration" loadKey={key} present={(s) => isFresh(s, key)}>
          <FormPanel
            spec={{ kind: 'configuration', key, keys: [key], shownOnly: ['id', 'domain_name'] }}
            view={VIEW.tab(conf, 'settings')}
            width={width}
            height={height}
            reviewTitle="settings"
          />
        </LoadState>
      );
    }
    case 'error_responses': {
      const key = recordKey('error_responses', conf);
      return (
        <LoadState what="the error responses" loadKey={key} present={(s) => s.records[key] !== undefined}>
          <FormPanel
            spec={{ kind: 'error_responses', key, keys: [key], shownOnly: [] }}
            view={VIEW.tab(conf, 'error_responses')}
            width={width}
            height={height}
            grid
            reviewTitle="error responses"
          />
        </LoadState>
      );
    }
    case 'rules':
      return <RecordsTab kind="rule" conf={conf} width={width} height={height} />;
    case 'cache_settings':
      return <RecordsTab kind="cache_setting" conf={conf} width={width} height={height} />;
    case 'origins':
      return <RecordsTab kind="origin" conf={conf} width={width} height={height} />;
  }
}
