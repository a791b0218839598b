// The UI store: where the user is (a stack of routes), what is drawn over it, the last message,
// and the view state of every list, form and configuration (kept per view name, so going back,
// switching tabs and reopening find it again). Plain data: no React in it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PurgeTarget, RecordKey } from '../store/index.js';
import { VIEW, type CompareSide, type Route, type Tab } from './routes.js';
import { EMPTY_FORM, EMPTY_LIST, type FormView, type ListView } from './views.js';

/** Drawn over the screen: help, the palette, the offer of drafts kept from the last session, or logging in again (a token rejected). */
export type Overlay = 'help' | 'palette' | 'restore' | 'login';

export interface Message {
  /** `question`: the next key answers it (a second q quits); said as asked, never as an error. */
  readonly kind: 'ok' | 'error' | 'info' | 'question';
  readonly text: string;
  readonly at: number;
  /**
   * What the message asks about, when a next key answers it (a second q quits; P purges what a save
   * changed; u reviews the reversal of what a send that failed partway applied: its send's id).
   */
  readonly about?: 'quit' | { readonly purge: PurgeTarget } | { readonly undo: string };
  /** The part of `text` a narrow status line cuts last: the keys it offers (`q again to quit`). */
  readonly keys?: string;
}

/** A question that waits for an answer over several keys (typing a name to delete). */
export type Question =
  | { readonly kind: 'delete'; readonly keys: readonly RecordKey[]; readonly view: string; readonly typeName?: string }
  | { readonly kind: 'in-use'; readonly message: string; readonly rules: readonly RecordKey[]; readonly conf: number }
  /** `C`: the clone's name (`name` the one offered). */
  | { readonly kind: 'clone'; readonly conf: number; readonly from: string; readonly name: string }
  /** `q` to quit while drafts are not on disk (the journal cannot be written): write them elsewhere, quit anyway, or stay. */
  | { readonly kind: 'unsaved' };

/** One line of a review's outcome, per draft sent. */
export interface ResultLine {
  readonly key: RecordKey;
  readonly ok: boolean;
  readonly text: string;
}

export interface UiState {
  readonly stack: readonly Route[];
  readonly overlay?: Overlay;
  readonly question?: Question;
  readonly message?: Message;
  /**
   * What the user waits for before the screen asked for opens (a form whose records are read again
   * first: "reading the rules as they are now…"). The status line says it before any job's progress.
   */
  readonly waiting?: string;
  readonly lists: Readonly<Record<string, ListView>>;
  readonly forms: Readonly<Record<string, FormView>>;
  /** The tab last used in each configuration. */
  readonly tabs: Readonly<Record<number, Tab>>;
  /** What became of each draft the last time a review was sent, per review view. */
  readonly results: Readonly<Record<string, readonly ResultLine[]>>;
  /** Rows being copied (`c`): the palette asks for the configuration they go to. */
  readonly copying?: { readonly keys: readonly RecordKey[]; readonly from: number };
  /** `=` pressed on this configuration: the palette asks for the one to compare it with. */
  readonly comparing?: CompareSide;
  /** Views with their detail shown (the history's diff of the focused change). */
  readonly expanded: Readonly<Record<string, boolean>>;
  /** Ids for review routes (each review keeps its own scroll position). */
  readonly nextId: number;
  push(route: Route): void;
  /** Back one level; false at the top. */
  pop(): boolean;
  replace(route: Route): void;
  /** Opens a review of these drafts (`notes`: what was not copied as it was, shown above them). */
  review(keys: readonly RecordKey[], title: string, notes?: readonly string[]): void;
  setOverlay(overlay: Overlay | undefined): void;
  ask(question: Question | undefined): void;
  say(kind: Message['kind'], text: string, about?: Message['about'], keys?: string): void;
  setWaiting(waiting: string | undefined): void;
  setList(view: string, update: (v: ListView) => ListView): void;
  setForm(view: string, update: (v: FormView) => FormView): void;
  setTab(conf: number, tab: Tab): void;
  setResults(view: string, lines: readonly ResultLine[] | undefined): void;
  setExpanded(view: string, on: boolean): void;
  /** Starts (the palette opens to choose where) or ends a copy. */
  setCopying(copying: { readonly keys: readonly RecordKey[]; readonly from: number } | undefined): void;
  /** Starts (the palette opens to choose the other side) or ends choosing what to compare with. */
  setComparing(comparing: CompareSide | undefined): void;
}

export type UiStore = StoreApi<UiState>;

export function createUiStore(initial: Route = { screen: 'browser' }, overlay?: Overlay, now: () => number = Date.now): UiStore {
  return createStore<UiState>()((set, get) => ({
    stack: [initial],
    ...(overlay ? { overlay } : {}),
    lists: {},
    forms: {},
    tabs: {},
    results: {},
    expanded: {},
    nextId: 1,
    push: (route) => set((s) => ({ stack: [...s.stack, route] })),
    pop: () => {
      if (get().stack.length <= 1) return false;
      set((s) => ({ stack: s.stack.slice(0, -1) }));
      return true;
    },
    replace: (route) => set((s) => ({ stack: [...s.stack.slice(0, -1), route] })),
    review: (keys, title, notes) =>
      set((s) => ({
        stack: [...s.stack, { screen: 'review', keys, title, id: s.nextId, ...(notes?.length ? { notes } : {}) }],
        nextId: s.nextId + 1,
      })),
    setOverlay: (next) => set({ overlay: next }),
    ask: (question) => set({ question }),
    say: (kind, text, about, keys) => set({ message: { kind, text, at: now(), ...(about ? { about } : {}), ...(keys ? { keys } : {}) } }),
    setWaiting: (waiting) => set({ waiting }),
    setList: (view, update) => set((s) => ({ lists: { ...s.lists, [view]: update(s.lists[view] ?? EMPTY_LIST) } })),
    setForm: (view, update) => set((s) => ({ forms: { ...s.forms, [view]: update(s.forms[view] ?? EMPTY_FORM) } })),
    setTab: (conf, tab) => set((s) => ({ tabs: { ...s.tabs, [conf]: tab } })),
    // The question where to copy starts with an empty query, not the last `:`'s.
    setCopying: (copying) =>
      set((s) => (copying ? { copying, overlay: 'palette', lists: { ...s.lists, [VIEW.palette]: EMPTY_LIST } } : { copying: undefined })),
    setComparing: (comparing) => set(comparing ? { comparing, overlay: 'palette' } : { comparing: undefined }),
    setExpanded: (view, on) => set((s) => ({ expanded: { ...s.expanded, [view]: on } })),
    setResults: (view, lines) =>
      set((s) => {
        const results = { ...s.results };
        if (lines) results[view] = lines;
        else delete results[view];
        return { results };
      }),
  }));
}

/**
 * Unmarks `keys` in every list (their changes were sent: a later P, c or d must not act on them
 * again unseen); returns how many of them were marked.
 */
export function unmarkSent(ui: UiStore, keys: readonly string[]): number {
  const sent = new Set(keys);
  const was = new Set<string>();
  for (const [view, v] of Object.entries(ui.getState().lists)) {
    if (!v.marks.some((k) => sent.has(k))) continue;
    for (const k of v.marks) if (sent.has(k)) was.add(k);
    ui.getState().setList(view, (now) => ({ ...now, marks: now.marks.filter((k) => !sent.has(k)) }));
  }
  return was.size;
}

export function currentRoute(s: UiState): Route {
  return s.stack[s.stack.length - 1] ?? { screen: 'browser' };
}

export function listView(s: UiState, view: string): ListView {
  return s.lists[view] ?? EMPTY_LIST;
}

export function formView(s: UiState, view: string): FormView {
  return s.forms[view] ?? EMPTY_FORM;
}

/** What `P` purges while the message after a saved change offers it (`P purge`). */
export function offeredPurge(s: UiState, conf?: number): PurgeTarget | undefined {
  const about = s.message?.about;
  if (typeof about !== 'object' || !('purge' in about)) return undefined;
  return conf === undefined || about.purge.conf === conf ? about.purge : undefined;
}

/** The send whose applied requests `u` would review the reversal of, while the message offers it. */
export function offeredUndo(s: UiState): string | undefined {
  const about = s.message?.about;
  return typeof about === 'object' && 'undo' in about ? about.undo : undefined;
}

export function tabOf(s: UiState, conf: number): Tab {
  return s.tabs[conf] ?? 'settings';
}
