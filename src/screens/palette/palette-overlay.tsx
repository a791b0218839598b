// `:`: jump to a configuration by name or id, to a tab, or to the pending changes.
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useCtx } from '../../app/context.js';
import { TABS, TAB_TITLES, currentRoute, type Route } from '../../app/ui-store.js';
import { TextInput } from '../../components/text-input.js';
import { PRIORITY, useKeys } from '../../keys/dispatcher.js';
import { safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';

interface Item {
  readonly label: string;
  readonly go: () => void;
}

export function PaletteOverlay() {
  const { store, ui, width } = useCtx();
  const theme = useTheme();
  const [query, setQuery] = useState('');
  const [at, setAt] = useState(0);
  const keys = useStore(store, (s) => s.lists.configurations?.keys);
  const records = useStore(store, (s) => s.records);
  const pending = useStore(store, (s) => Object.keys(s.drafts).length);
  const close = () => ui.getState().setOverlay(undefined);
  const jump = (route: Route) => {
    close();
    ui.getState().push(route);
  };
  const items = useMemo<Item[]>(() => {
    const q = query.trim().toLowerCase();
    const out: Item[] = [];
    if ('pending changes'.includes(q) || q === '') {
      out.push({ label: `pending changes (${pending})`, go: () => jump({ screen: 'review', keys: Object.keys(store.getState().drafts), title: 'pending changes' }) });
    }
    const route = currentRoute(ui.getState());
    if (route.screen === 'configuration') {
      for (const t of TABS) {
        if (TAB_TITLES[t].toLowerCase().includes(q)) out.push({ label: `tab: ${TAB_TITLES[t]}`, go: () => (close(), ui.getState().replace({ ...route, tab: t })) });
      }
    }
    for (const k of keys ?? []) {
      const r = records[k];
      if (!r) continue;
      if (q === '' || String(r.id) === q || String(r.name).toLowerCase().includes(q)) {
        out.push({ label: `configuration ${safe(r.name)} (${String(r.id)})`, go: () => jump({ screen: 'configuration', conf: r.id as number, tab: 'settings' }) });
      }
      if (out.length > 200) break;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, keys, records, pending]);
  const shown = items.slice(0, 10);
  const pick = Math.min(at, Math.max(0, shown.length - 1));
  useKeys(PRIORITY.input + 1, [
    { command: 'up', run: () => setAt((a) => Math.max(0, a - 1)) },
    { command: 'down', run: () => setAt((a) => Math.min(shown.length - 1, a + 1)) },
  ]);
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={Math.min(width, 80)}>
      <Box>
        <Text color={theme.c('cyan')}>:</Text>
        <TextInput
          initial=""
          onChange={(v) => {
            setQuery(v);
            setAt(0);
          }}
          onSubmit={() => (shown[pick] ? shown[pick].go() : close())}
          onCancel={close}
        />
      </Box>
      {shown.map((item, i) => (
        <Text key={item.label} inverse={i === pick} wrap="truncate">
          {item.label}
        </Text>
      ))}
      {shown.length === 0 ? <Text dimColor>nothing matches</Text> : null}
    </Box>
  );
}
