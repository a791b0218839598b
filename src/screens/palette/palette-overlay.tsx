// `:`: jump to a configuration by name or id, to a tab, or to the pending changes. The query is
// typed into ink-text-input; the matches are drawn by ink-select-input; the cursor and the query
// live in the UI store (view "palette") like any list's.
import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { ListStatus } from '../../components/list-status.js';
import { SelectWindow, choicesWidth } from '../../components/select-list.js';
import { TextInput } from '../../components/text-input.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { useSettled } from '../../keys/settled.js';
import { listKey, parseKey, type AppState, type RecordKey } from '../../store/index.js';
import { fit, safe } from '../../ui/text.js';
import type { Parsed } from '../../query/index.js';
import { allMatchesItem, lookedThrough, matchCounts, paletteQuery, queryItems, searchFor } from './query-items.js';
import { useTheme } from '../../ui/theme.js';
import { cursorNow, moveBindings, setFilter, useListView, type ListControl } from '../../app/list-controller.js';
import { TABS, TAB_TITLES, VIEW, type Route } from '../../app/routes.js';
import { useAppStore, useBodySize, useStores, useUiStore } from '../../app/stores.js';
import { currentRoute, listView, type UiState } from '../../app/ui-store.js';
import { reviewDrafted } from '../../app/drafted.js';
import { openFresh } from '../../app/open-fresh.js';
import type { Profiles } from '../../app/profiles.js';
import { profileItems, switchProfile, type Item } from './profile-items.js';
import { copyingWhat, copyItems, copyTargetsEntry, type CopyChoices } from './copy-items.js';
import { compareItems, compareQuery, otherStore, type CompareChoices } from './compare-items.js';
import { profileOnScreen } from '../compare/start-compare.js';
import { sideName, type CompareSide } from '../../app/routes.js';
import { useStore } from 'zustand';

const view = VIEW.palette;
const WHAT = ['entry', 'entries'] as const;
/** Matches listed at most (the list scrolls within them). */
const MAX_ITEMS = 500;

/** What the query matches now: the pending changes, a tab of the configuration on screen, configurations. */
interface Actions extends CopyChoices {
  jump(r: Route): void;
  tab(conf: number, t: (typeof TABS)[number]): void;
  /** Opens a configuration on a tab. */
  open(conf: number, t: (typeof TABS)[number]): void;
  pending(): void;
  /** Switches the app to a profile. */
  profile(name: string): void;
  close(): void;
  /** Opens the compare of the configuration `=` was pressed on with `side`. */
  compareWith(side: CompareSide): void;
  /** Types `name:` into the query (the configurations of that profile follow). */
  typeProfile(name: string): void;
}

/** What the palette knows beyond the stores on screen: the profiles, and the other one a compare's query names. */
interface Elsewhere {
  readonly profiles: Profiles | undefined;
  readonly onScreen: string;
  readonly other: CompareChoices['other'];
  /** The query typed (docs/ux.md §10), or why it is not one. */
  readonly parsed: Parsed;
}

function itemsOf(data: AppState, ui: UiState, actions: Actions, now: number, { profiles, onScreen, other, parsed }: Elsewhere): Item[] {
  const q = listView(ui, view).filter.trim().toLowerCase();
  const out: Item[] = [];
  if (ui.comparing) {
    return compareItems({
      comparing: ui.comparing,
      onScreen,
      data,
      query: q,
      profiles,
      ...(other ? { other } : {}),
      compareWith: actions.compareWith,
      typeProfile: actions.typeProfile,
      max: MAX_ITEMS,
    });
  }
  // Copying rows (`c`): only where they can go, the other configurations (the marked ones first).
  if (ui.copying) return copyItems(data, ui, q, actions, MAX_ITEMS);
  const pending = Object.keys(data.drafts).length;
  if (q === '' || 'pending changes'.includes(q))
    out.push({ key: 'pending', label: `pending changes (${pending})`, value: 'pending', go: actions.pending });
  if (q === '' || 'history'.includes(q))
    out.push({
      key: 'history',
      label: `history of changes sent (${data.history.length})`,
      value: 'history',
      go: () => actions.jump({ screen: 'history' }),
    });
  const route = currentRoute(ui);
  if (route.screen === 'configuration') {
    for (const t of TABS)
      if (TAB_TITLES[t].toLowerCase().includes(q))
        out.push({ key: `tab:${t}`, label: `tab: ${TAB_TITLES[t]}`, value: t, go: () => actions.tab(route.conf, t) });
  }
  const { items: profileChoices, none } = profileItems(profiles, q, actions.profile, actions.close);
  out.push(...profileChoices);
  if (parsed.ok) {
    // The query's matches as a list of their own, before them (first but for the pending changes, history, tabs, profiles its words name).
    const all = allMatchesItem(parsed.query, listView(ui, view).filter, data, actions);
    if (all) out.push(all);
    out.push(...queryItems(parsed.query, data, actions, now, MAX_ITEMS - out.length));
  }
  if (none && out.length < MAX_ITEMS) out.push(none);
  return out;
}

/** How many entries the palette looks through for the query now (its status line's total). */
function candidates(data: AppState, ui: UiState, profiles: Profiles | undefined, parsed: Parsed): number {
  const confs = data.lists.configurations?.keys ?? [];
  if (ui.copying) return Math.max(0, confs.length - 1) + copyTargetsEntry(data, ui);
  if (ui.comparing) return Math.max(0, confs.length - 1) + Math.max(0, (profiles?.list().entries.length ?? 1) - 1);
  const tabs = currentRoute(ui).screen === 'configuration' ? TABS.length : 0;
  const looked = parsed.ok ? lookedThrough(parsed.query, data) + (matchCounts(parsed.query, data).matches >= 2 ? 1 : 0) : 0; // 1: all the matches
  const profileCount = profiles ? Math.max(1, profiles.list().entries.length) : 0; // "no profiles" counts one
  return 2 + tabs + profileCount + looked; // 2: the pending changes and the history
}

export function PaletteOverlay() {
  const stores = useStores();
  const { data, ui, profiles } = stores;
  const { width, height } = useBodySize();
  const theme = useTheme();
  // The ages of kept results are told as of the palette's opening (it is open for moments).
  const [openedAt] = useState(() => Date.now());
  // Redrawn when what it lists changes: the query, the configurations, the pending count.
  const query = useUiStore((s) => listView(s, view).filter);
  useAppStore((s) => s.lists.configurations);
  useAppStore((s) => Object.keys(s.drafts).length);
  useUiStore((s) => s.copying);
  // Comparing (`=`): the other profile a query names (`prod:acme`) is opened once, and listed as it loads.
  const comparing = useUiStore((s) => s.comparing);
  const onScreen = profileOnScreen(stores);
  const named = comparing ? compareQuery(query.toLowerCase(), onScreen, profiles).profile : onScreen;
  const other = useMemo(() => (profiles && named !== onScreen ? otherStore(profiles, named) : undefined), [profiles, named, onScreen]);
  useStore(other && 'store' in other ? other.store : data, (s) => s.lists.configurations);
  useStore(other && 'store' in other ? other.store : data, (s) => s.requests.configurations);
  // The lists the query needs of every configuration it looks in are read (once, then kept): the
  // rules and origins for bare words long enough (a path, a `/` in it, only the rules), the kinds
  // its fields name, the cache settings or origins its references name.
  const searching = useAppStore((s) => s.searching);
  useAppStore((s) => s.lists);
  // A query written at once (keys in one read) is worked out once, for its last key: not per prefix.
  const settled = useSettled(query);
  const parsed = useMemo(() => paletteQuery(settled), [settled]);
  const wanted = parsed.ok && !comparing && !ui.getState().copying ? searchFor(parsed.query, data.getState()) : undefined;
  const wantedKey = wanted?.kinds.length ? `${wanted.kinds.join(',')} in ${wanted.confs?.join(',') ?? 'all'}` : '';
  useEffect(() => {
    if (!wantedKey || !parsed.ok) return;
    void data.getState().loadEverywhere(searchFor(parsed.query, data.getState()));
  }, [wantedKey, parsed, data]);
  const close = () => {
    // The answer to a copy's or a compare's question is not the next `:`'s query.
    if (ui.getState().copying || ui.getState().comparing) setFilter(ui, view, '', false);
    ui.getState().setOverlay(undefined);
    ui.getState().setCopying(undefined);
    ui.getState().setComparing(undefined);
  };
  /** The rows being copied, once what they go to in `confs` is read as it is now (the palette closed). */
  const copyingTo = (confs: readonly number[], copy: (keys: readonly RecordKey[]) => void) => {
    const copying = ui.getState().copying;
    const keys = copying?.keys ?? [];
    close();
    // Copies are made from the rows as they are now, into the configurations' origins and cache
    // settings as they are now: lists kept from an earlier start are read again first.
    const from = parseKey(keys[0] ?? 'rule:0:0');
    const lists = [
      ...confs.flatMap((conf) => [listKey('origin', conf), listKey('cache_setting', conf)]),
      ...(copying && from.kind !== 'configuration' && from.kind !== 'error_responses' ? [listKey(from.kind, copying.from)] : []),
    ];
    openFresh({ data, ui }, lists, 'the rows and where they go, as they are now', () => copy(keys));
  };
  const actions: Actions = {
    copyTo: (conf) =>
      copyingTo([conf], (keys) => {
        const name = safe(data.getState().records[`configuration:${conf}`]?.name ?? String(conf));
        reviewDrafted(ui, data.getState().copyRecords(keys, conf), `copy to ${name} (${conf})`, 'not copied');
      }),
    copyToMany: (confs) =>
      copyingTo(confs, (keys) =>
        reviewDrafted(
          ui,
          data.getState().copyIntoMany(keys, confs),
          `${copyingWhat(keys)} into ${confs.length} configurations`,
          'not copied',
        ),
      ),
    open: (conf, t) => {
      close();
      ui.getState().setTab(conf, t);
      const route = currentRoute(ui.getState());
      if (route.screen !== 'configuration' || route.conf !== conf) ui.getState().push({ screen: 'configuration', conf });
    },
    jump: (route: Route) => {
      close();
      ui.getState().push(route);
    },
    tab: (conf: number, t: (typeof TABS)[number]) => {
      close();
      ui.getState().setTab(conf, t);
    },
    pending: () => {
      close();
      ui.getState().review(Object.keys(data.getState().drafts), 'pending changes');
    },
    profile: (name) => {
      close();
      if (profiles) switchProfile(profiles, ui, name);
    },
    close,
    compareWith: (side) => {
      const left = ui.getState().comparing;
      close();
      if (left) ui.getState().push({ screen: 'compare', left, right: side });
    },
    typeProfile: (name) => setFilter(ui, view, `${name}:`, true),
  };
  const itemsFor = (p: Parsed) => itemsOf(data.getState(), ui.getState(), actions, openedAt, { profiles, onScreen, other, parsed: p });
  const items = itemsFor(parsed);
  /** The entries of the query as typed now: a key of a burst acts on all the keys before it, drawn or not. */
  const itemsNow = () => {
    const typed = listView(ui.getState(), view).filter;
    return itemsFor(typed === settled ? parsed : paletteQuery(typed));
  };
  // 80 columns, wider (up to the terminal's width) for results that need it: nothing cut that the width could show.
  const boxWidth = Math.min(width, Math.max(80, choicesWidth(items) + 4));
  const listHeight = Math.max(1, Math.min(10, height - 4));
  const current = useListView(view, items.length, listHeight);
  const control: ListControl = { ui, view, height: listHeight, total: () => itemsNow().length };
  useKeys(PRIORITY.modal, [
    ...moveBindings(control).filter((b) => b.command !== 'top' && b.command !== 'bottom'), // Home/End edit the query
    {
      command: 'choose',
      run: () => {
        const item = itemsNow()[cursorNow(control)];
        if (item) return item.go();
        // A query over records with no match yet (typed ahead before the lists came in over a slow
        // link): its matches as a list, which reads them and shows them as they come (docs/ux.md §10).
        const typed = listView(ui.getState(), view).filter.trim();
        const asked = ui.getState().copying || comparing ? undefined : paletteQuery(typed);
        if (asked?.ok && asked.query.needs.length) actions.jump({ screen: 'results', query: typed });
        else close();
      },
    },
    { command: 'drop', run: close },
  ]);
  // Why the query is not one, under it, in the room of the list it has no entries for (an unknown
  // field's lists the fields there are); the query stays as typed.
  const problem = !parsed.ok && !comparing && !ui.getState().copying ? parsed.error : undefined;
  return (
    <Box flexDirection="column" borderStyle={theme.border} paddingX={1} width={boxWidth}>
      {comparing ? <Text dimColor>{fit(`compare ${sideName(comparing)} with (name, id, or profile:name):`, boxWidth - 4)}</Text> : null}
      <Box>
        <Text color={theme.c('cyan')}>:</Text>
        <TextInput
          value={query}
          width={boxWidth - 5}
          onChange={(v) => setFilter(ui, view, v, true)}
          onSubmit={() => undefined}
          onCancel={close}
        />
      </Box>
      {problem !== undefined ? <Text color={theme.c('red')}>{fit(problem, (boxWidth - 4) * listHeight - 2)}</Text> : null}
      {searching ? <Text dimColor>{`searched ${searching.done} of ${searching.total} configurations…`}</Text> : null}
      {items.length === 0 ? (
        problem !== undefined ? null : (
          <Text dimColor>{searching ? 'nothing matches yet' : 'nothing matches'}</Text>
        )
      ) : (
        <SelectWindow
          choices={items.slice(current.top, current.top + listHeight)}
          focused={current.cursor - current.top}
          width={boxWidth - 4}
        />
      )}
      <ListStatus
        counts={{
          shown: items.length,
          more: items.length >= MAX_ITEMS,
          total: candidates(data.getState(), ui.getState(), profiles, parsed),
          what: WHAT,
        }}
        width={boxWidth - 4}
      />
    </Box>
  );
}
