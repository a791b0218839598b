// The header: breadcrumb, profile or DEMO, READ-ONLY, connection state.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useCtx } from '../app/context.js';
import { TAB_TITLES, type Route } from '../app/ui-store.js';
import { recordKey } from '../store/index.js';
import { ago, fit, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

function crumbs(route: Route, name: (conf: number) => string, recordName: (key: string) => string): string[] {
  switch (route.screen) {
    case 'browser':
      return ['configurations'];
    case 'configuration':
      return ['configurations', `${name(route.conf)} (${route.conf})`, TAB_TITLES[route.tab].toLowerCase()];
    case 'new-configuration':
      return ['configurations', 'new'];
    case 'review':
      return ['review', route.title];
    case 'record':
      return ['configurations', `${name(route.conf)} (${route.conf})`, route.kind === 'rule' ? 'rules' : 'cache settings', recordName(route.key)];
    case 'bulk':
      return ['configurations', `${name(route.conf)} (${route.conf})`, `${route.keys.length} marked`];
  }
}

export function Header({ route }: { readonly route: Route }) {
  const { store, options, width } = useCtx();
  const theme = useTheme();
  const now = useNow(1000);
  const connection = useStore(store, (s) => s.connection);
  const records = useStore(store, (s) => s.records);
  const name = (conf: number) => safe(records[recordKey('configuration', undefined, conf)]?.name ?? '…');
  const drafts = useStore(store, (s) => s.drafts);
  const recordName = (key: string) => {
    const r = drafts[key]?.values ?? records[key];
    return key.includes(':new-') ? 'new' : safe(r?.path ?? r?.name ?? '…');
  };
  const state = connection.online
    ? connection.lastSuccessAt
      ? `updated ${ago(now - connection.lastSuccessAt)}`
      : 'connecting…'
    : 'offline, retrying (r)';
  const right = [options.label, options.readOnly ? 'READ-ONLY' : '', state].filter(Boolean).join(' · ');
  const left = fit(crumbs(route, name, recordName).join(theme.sym.sep), Math.max(10, width - right.length - 2), !theme.unicode);
  return (
    <Box width={width} justifyContent="space-between">
      <Text bold wrap="truncate">
        {left}
      </Text>
      <Text>
        <Text color={theme.c('magenta')} bold>
          {options.label}
        </Text>
        {options.readOnly ? <Text color={theme.c('yellow')}> READ-ONLY</Text> : null}
        <Text color={connection.online ? theme.c('gray') : theme.c('red')}> {state}</Text>
      </Text>
    </Box>
  );
}
