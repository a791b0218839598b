// What frames every screen: the header and footer (drawn by components/ from what is selected
// here) and the global keys: back, quit, palette, help, quit now.
import { useEffect, useState } from 'react';
import { Footer } from '../components/footer.js';
import { Header } from '../components/header.js';
import { PRIORITY, useKeys, type Binding } from '../keys/key-router.js';
import { useShallow } from 'zustand/react/shallow';
import { keptAt, listKey, parseKey, recordKey, type AppState } from '../store/index.js';
import { ago, agoChangesIn, safe } from '../ui/text.js';
import { TAB_TITLES, sideName, type Route, type Tab } from '../app/routes.js';
import { useAppStore, useStores, useUiStore } from '../app/stores.js';
import { currentRoute, offeredPurge, offeredUndo, tabOf } from '../app/ui-store.js';
import { openPurge } from '../screens/purge/open-purge.js';
import { reviewOfferedUndo } from './undo-offer.js';
import { interruptBinding, useSuspendBinding, type QuitHow } from './leave-keys.js';
import { useJobLine, useSaidSinceJob } from '../app/job-status.js';
import { pendingElsewhere } from '../app/profiles.js';
import { connectionProblem, useSecondsLeft } from './connection-text.js';
import { useTheme } from '../ui/theme.js';
import { kindWords } from '../schema/index.js';

/** The breadcrumb of a route: `configurations › shop-prod (1501) › rules › /images/*`. */
export function crumbsOf(route: Route, data: AppState, tab: Tab | undefined, between = '↔'): string[] {
  const conf = (id: number | undefined) => `${safe(data.records[recordKey('configuration', undefined, id)]?.name ?? '…')} (${String(id)})`;
  switch (route.screen) {
    case 'browser':
      return ['configurations'];
    case 'configuration':
      return ['configurations', conf(route.conf), TAB_TITLES[tab ?? 'settings'].toLowerCase()];
    case 'form': {
      const key = data.moved[route.key] ?? route.key; // as the form follows a draft that went under another key
      const { isNew, id } = parseKey(key);
      if (route.conf === undefined || route.kind === 'configuration') return ['configurations', isNew ? 'new' : conf(id)];
      const record = data.drafts[key]?.values ?? data.records[key];
      const name = isNew ? 'new' : safe(record?.path ?? record?.name ?? '…');
      return ['configurations', conf(route.conf), kindWords(route.kind)[1], name];
    }
    case 'bulk':
      if (route.kind === 'configuration') return ['configurations', `${route.keys.length} marked`];
      // Records of several configurations: marked among a query's matches (docs/ux.md §10).
      if (route.conf === undefined) return ['matches', `${route.keys.length} marked ${kindWords(route.kind)[1]}`];
      return ['configurations', conf(route.conf), `${route.keys.length} marked`];
    case 'results':
      return ['matches', safe(route.query)];
    case 'history':
      return ['history'];
    case 'review':
      return ['review', route.title];
    case 'purge':
      return ['purge', safe(data.purges[route.id]?.title ?? '')];
    case 'compare':
      // Each side its own crumb, so that a narrow header cuts each name and keeps both ids.
      return ['compare', sideName(route.left), `${between} ${sideName(route.right)}`];
  }
}

const TAB_LISTS: Partial<Record<Tab, 'rule' | 'cache_setting' | 'origin'>> = {
  rules: 'rule',
  cache_settings: 'cache_setting',
  origins: 'origin',
};

/** When the list on screen was read, while it is shown as kept by an earlier session (not read again yet). */
export function shownKeptAt(data: AppState, route: Route, tab: Tab | undefined): number | undefined {
  if (route.screen === 'browser') return keptAt(data, 'configurations');
  const kind = route.screen === 'configuration' && tab ? TAB_LISTS[tab] : undefined;
  return kind && route.screen === 'configuration' ? keptAt(data, listKey(kind, route.conf)) : undefined;
}

/**
 * "just now", "3 min ago": how long ago `since` was, re-rendered only when the text would change (an
 * idle screen writes nothing: no redraw every second for a clock that reads the same).
 */
function useAgo(since: number | undefined): string | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    // A little past the change, so the new text is there when the timer fires.
    const t = setTimeout(() => setNow(Date.now()), agoChangesIn(Date.now() - since) + 20);
    return () => clearTimeout(t);
  }, [since, now]);
  return since === undefined ? undefined : ago(now - since);
}

export function HeaderBar({ width }: { readonly width: number }) {
  const { options, control } = useStores();
  const theme = useTheme();
  const route = useUiStore(currentRoute);
  const tab = useUiStore((s) => (route.screen === 'configuration' ? tabOf(s, route.conf) : undefined));
  const connection = useAppStore((s) => s.connection);
  const updated = useAgo(connection.lastSuccessAt);
  // A kept list on screen says how old it is until it is read again ("as of 12 min ago").
  const asOf = useAgo(useAppStore((s) => shownKeptAt(s, route, tab)));
  const crumbs = useAppStore(useShallow((s) => crumbsOf(route, s, tab, theme.unicode ? '↔' : '<->')));
  // "updated …" only after a success and while nothing fails; else what failed, in its sentence,
  // with the countdown to the next try while the app tries again on its own.
  const failing = !connection.online || connection.lastError !== undefined;
  const problem = connectionProblem(connection, useSecondsLeft(connection.retryAt), theme.sym.dot, control?.login !== undefined);
  const fine = updated ? `updated ${updated}` : 'connecting…';
  const state = asOf ? `as of ${asOf}${problem ? ` ${theme.sym.dot} ${problem}` : ''}` : (problem ?? fine);
  return <Header crumbs={crumbs} label={options.label} readOnly={options.readOnly} state={state} failing={failing} width={width} />;
}

export function FooterBar({ width }: { readonly width: number }) {
  const theme = useTheme();
  const said = useUiStore((s) => s.message);
  const waiting = useUiStore((s) => s.waiting);
  const pending = useAppStore((s) => Object.keys(s.drafts).length);
  // A job under way (a send, find anywhere) says how far it is, wherever the user browses meanwhile;
  // what the user waits for to open (a form read again first) comes before it.
  const jobLine = useJobLine();
  const job = waiting && jobLine ? `${waiting} ${theme.sym.dot} ${jobLine}` : (waiting ?? jobLine);
  // A message said since the job began (a send's outcome while a find goes on) comes first, the job after it.
  const shown = useSaidSinceJob(job, said);
  const message = shown
    ? {
        kind: shown.kind,
        text: [safe(shown.text), ...(job === undefined ? [] : [job])].join(` ${theme.sym.dot} `),
        keys: shown.keys && safe(shown.keys),
      }
    : job !== undefined
      ? { kind: 'info' as const, text: job }
      : undefined;
  return <Footer pending={pending} width={width} {...(message ? { message } : {})} />;
}

export function GlobalKeys({ onQuit }: { readonly onQuit: (how: QuitHow) => void }) {
  const { data, ui, profiles } = useStores();
  const suspend = useSuspendBinding();
  const undoOffered = useUiStore((s) => offeredUndo(s) !== undefined);
  /** Back one level; a new record's form left with nothing typed leaves no draft. */
  const back = (): boolean => {
    const route = currentRoute(ui.getState());
    if (!ui.getState().pop()) return false;
    if (route.screen === 'form') data.getState().leaveForm(route.key);
    return true;
  };
  const quit = () => {
    if (back()) return;
    const pending = Object.keys(data.getState().drafts).length;
    // Drafts that are not on disk (the journal cannot be written) would be lost: one more try to
    // write them, then the question (write them elsewhere, quit anyway, or stay).
    if (pending && data.getState().journalProblem !== undefined) {
      data.getState().flushJournal();
      if (data.getState().journalProblem !== undefined) return ui.getState().ask({ kind: 'unsaved' });
    }
    // With drafts pending (here or in another profile opened), the first q warns; a second q while the warning shows quits.
    const elsewhere = pendingElsewhere(profiles);
    if ((pending || elsewhere.length) && ui.getState().message?.about !== 'quit') {
      const changes = (n: number) => `${n} pending change${n > 1 ? 's' : ''}`;
      const others = elsewhere.map((p) => `${pending ? p.count : changes(p.count)} in profile ${safe(p.name)}`).join(', ');
      const what = pending ? [changes(pending), others].filter(Boolean).join(', ') : others;
      ui.getState().say(
        'question',
        `unsaved: ${what} (kept in the journal) · q again to quit, : pending to review`,
        'quit',
        'q again to quit, : pending to review',
      );
      return;
    }
    onQuit('quit');
  };
  useKeys(PRIORITY.global, [
    { command: 'quit', run: quit },
    { command: 'back', footer: false, run: back },
    { command: 'palette', run: () => ui.getState().setOverlay('palette') },
    { command: 'help', run: () => ui.getState().setOverlay('help') },
    {
      command: 'history',
      footer: false, // in help and the palette; the footer keeps its room for what is pending
      run: () => {
        if (currentRoute(ui.getState()).screen === 'history') return false;
        ui.getState().push({ screen: 'history' });
      },
    },
    {
      // P after a saved change (the message offers it): purge what the change touched.
      command: 'purge',
      footer: false,
      run: () => {
        const offer = offeredPurge(ui.getState());
        if (!offer) return false;
        openPurge({ data, ui }, offer);
      },
    },
    // u after a send that failed partway (while the message offers it): review the reversal of what it applied.
    ...(undoOffered ? [{ command: 'undoApplied', footer: false, run: () => reviewOfferedUndo(data, ui) } satisfies Binding] : []),
    interruptBinding({ data, ...(profiles ? { profiles } : {}) }, onQuit),
    suspend,
  ]);
  return null;
}
