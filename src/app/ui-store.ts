// Navigation and messages: where the user is (a stack of routes), the overlay, the last message.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RecordKey } from '../store/index.js';

export const TABS = ['settings', 'rules', 'cache_settings', 'error_responses', 'origins'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_TITLES: Record<Tab, string> = {
  settings: 'Settings',
  rules: 'Rules',
  cache_settings: 'Cache settings',
  error_responses: 'Error responses',
  origins: 'Origins',
};

export type Route =
  | { readonly screen: 'browser' }
  | { readonly screen: 'configuration'; readonly conf: number; readonly tab: Tab }
  | { readonly screen: 'new-configuration'; readonly key: RecordKey }
  | { readonly screen: 'review'; readonly keys: readonly RecordKey[]; readonly title: string }
  | { readonly screen: 'record'; readonly key: RecordKey; readonly kind: 'rule' | 'cache_setting'; readonly conf: number }
  | { readonly screen: 'bulk'; readonly keys: readonly RecordKey[]; readonly kind: 'rule' | 'cache_setting'; readonly conf: number };

/** Drawn instead of the screen: help, the palette, or the offer of drafts kept from the last session. */
export type Overlay = 'help' | 'palette' | 'restore' | undefined;

export interface Message {
  readonly kind: 'ok' | 'error' | 'info';
  readonly text: string;
  readonly at: number;
}

export interface UiState {
  readonly stack: readonly Route[];
  readonly overlay: Overlay;
  readonly message?: Message;
  /** Rows to show marked and focused when a list opens next (the rules that use a cache setting). */
  readonly focusKeys?: readonly RecordKey[];
  push(route: Route): void;
  /** Back one level; false at the top. */
  pop(): boolean;
  replace(route: Route): void;
  setOverlay(overlay: Overlay): void;
  say(kind: Message['kind'], text: string): void;
  setFocusKeys(keys: readonly RecordKey[] | undefined): void;
}

export type UiStore = StoreApi<UiState>;

export function createUiStore(initial: Route = { screen: 'browser' }, overlay: Overlay = undefined): UiStore {
  return createStore<UiState>()((set, get) => ({
    stack: [initial],
    overlay,
    push: (route) => set((s) => ({ stack: [...s.stack, route] })),
    pop: () => {
      if (get().stack.length <= 1) return false;
      set((s) => ({ stack: s.stack.slice(0, -1) }));
      return true;
    },
    replace: (route) => set((s) => ({ stack: [...s.stack.slice(0, -1), route] })),
    setOverlay: (overlay) => set({ overlay }),
    say: (kind, text) => set({ message: { kind, text, at: Date.now() } }),
    setFocusKeys: (focusKeys) => set({ focusKeys }),
  }));
}

export function currentRoute(s: UiState): Route {
  return s.stack[s.stack.length - 1]!;
}
