// The bounded hooks over the two vanilla stores (zustand's pattern for a store made by a factory):
// a component selects only what it draws; key handlers read the newest state with getState().
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../store/index.js';
import type { ConnectionControl } from './connection-control.js';
import type { TuiOptions } from './options.js';
import type { Profiles } from './profiles.js';
import type { UiState, UiStore } from './ui-store.js';

export interface Stores {
  readonly data: AppStore;
  readonly ui: UiStore;
  readonly options: Pick<TuiOptions, 'label' | 'readOnly' | 'demo' | 'baseUrl'>;
  /** Trying again now and logging in again, from the session (none: tests that draw screens alone). */
  readonly control?: ConnectionControl;
  /** Every profile of the app: to switch to, and the sides of a compare (none: tests that draw screens alone). */
  readonly profiles?: Profiles;
}

/** The body's size: the terminal minus header and footer. */
export interface BodySize {
  readonly width: number;
  readonly height: number;
}

const StoresContext = createContext<Stores | undefined>(undefined);
const SizeContext = createContext<BodySize>({ width: 80, height: 18 });

export function StoresProvider({
  stores,
  size,
  children,
}: {
  readonly stores: Stores;
  readonly size: BodySize;
  readonly children: ReactNode;
}) {
  return (
    <StoresContext.Provider value={stores}>
      <SizeContext.Provider value={size}>{children}</SizeContext.Provider>
    </StoresContext.Provider>
  );
}

/** The stores themselves, for actions and for reading the newest state inside key handlers. */
export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores outside the app');
  return stores;
}

/** A narrow selection of the data store (use useShallow for derived arrays and objects). */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useStores().data, selector);
}

/** A narrow selection of the UI store. */
export function useUiStore<T>(selector: (state: UiState) => T): T {
  return useStore(useStores().ui, selector);
}

/** Gives the screens under it a smaller body (a question takes the bottom rows). */
export function BodySizeProvider({ size, children }: { readonly size: BodySize; readonly children: ReactNode }) {
  return <SizeContext.Provider value={size}>{children}</SizeContext.Provider>;
}

export function useBodySize(): BodySize {
  return useContext(SizeContext);
}

/** Says why a write does nothing in read-only mode; undefined when writes are on. */
export function useReadOnlyReason(): string | undefined {
  return useStores().options.readOnly ? 'read-only: writes are off (started with --read-only)' : undefined;
}
