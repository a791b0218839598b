// What every screen reaches: the data store, the UI store, the options and the body's size.
import { createContext, useContext } from 'react';
import type { AppStore } from '../store/index.js';
import type { TuiOptions } from './options.js';
import type { UiStore } from './ui-store.js';

export interface Ctx {
  readonly store: AppStore;
  readonly ui: UiStore;
  readonly options: Pick<TuiOptions, 'label' | 'readOnly' | 'demo' | 'baseUrl'>;
  /** The body's size: the terminal minus header and footer. */
  readonly width: number;
  readonly height: number;
}

export const AppCtx = createContext<Ctx | undefined>(undefined);

export function useCtx(): Ctx {
  const ctx = useContext(AppCtx);
  if (!ctx) throw new Error('useCtx outside the app');
  return ctx;
}

/** A write key in read-only mode says why it does nothing; returns whether the write may go on. */
export function writable(ctx: Ctx): boolean {
  if (!ctx.options.readOnly) return true;
  ctx.ui.getState().say('error', 'read-only: writes are off (started with --read-only)');
  return false;
}
