// The one list controller: every list (browser, rules, cache settings, origins, palette, review,
// pending changes) keeps its cursor, window, filter and marks in the UI store under its view name,
// and moves with the same keys through these bindings. Handlers read the number of rows when the
// key arrives, so keys that come faster than renders never act on a stale list.
import { useMemo } from 'react';
import type { Binding } from '../keys/key-router.js';
import { useUiStore } from './stores.js';
import { listView, type UiStore } from './ui-store.js';
import { clampView, marksIn, moveTo, scrollTo, toggleMark, type ListView, type Marked } from './views.js';

export interface ListControl {
  readonly ui: UiStore;
  readonly view: string;
  /** The number of rows now. */
  readonly total: () => number;
  /** Rows in the window. */
  readonly height: number;
  /** A document that scrolls (the review) rather than a cursor over rows. */
  readonly scroll?: boolean;
}

/** Applies a move to the list's view, from its clamped state, as of now. */
function moveBy(c: ListControl, to: (v: ListView, total: number) => number): () => void {
  return () =>
    c.ui.getState().setList(c.view, (stored) => {
      const total = c.total();
      const v = clampView(stored, total, c.height);
      return c.scroll ? scrollTo(v, to(v, total), total, c.height) : moveTo(v, to(v, total), total, c.height);
    });
}

/** ↑/↓, PgUp/PgDn, Home/End for a list. */
export function moveBindings(c: ListControl): Binding[] {
  const page = Math.max(1, c.height - 1);
  return [
    { command: 'up', run: moveBy(c, (v) => v.cursor - 1) },
    { command: 'down', run: moveBy(c, (v) => v.cursor + 1) },
    { command: 'pageUp', footer: false, run: moveBy(c, (v) => v.cursor - page) },
    { command: 'pageDown', footer: false, run: moveBy(c, (v) => v.cursor + page) },
    { command: 'top', footer: false, run: moveBy(c, () => 0) },
    { command: 'bottom', footer: false, run: moveBy(c, (_, total) => (c.scroll ? total - c.height : total - 1)) },
  ];
}

/** Space: marks or unmarks the focused row, then moves down. */
export function markBinding(c: ListControl, keyAt: (index: number) => string | undefined): Binding {
  return {
    command: 'mark',
    run: () => {
      const v = clampView(listView(c.ui.getState(), c.view), c.total(), c.height);
      const key = keyAt(v.cursor);
      if (key === undefined) return false;
      c.ui.getState().setList(c.view, () => moveTo(toggleMark(v, key), v.cursor + 1, c.total(), c.height));
      return true;
    },
  };
}

/**
 * `a`: marks every row shown (those the filter keeps; marks of hidden rows stay); when every row
 * shown is marked already, unmarks them.
 */
export function markAllBinding(c: Pick<ListControl, 'ui' | 'view'>, shownKeys: () => readonly string[]): Binding {
  return {
    command: 'markAll',
    run: () => {
      const shown = shownKeys();
      if (shown.length === 0) return false;
      c.ui.getState().setList(c.view, (v) => {
        const marked = new Set(v.marks);
        const all = shown.every((k) => marked.has(k));
        const showing = new Set(shown);
        return { ...v, marks: all ? v.marks.filter((k) => !showing.has(k)) : [...v.marks, ...shown.filter((k) => !marked.has(k))] };
      });
    },
  };
}

/** The row under the cursor as of now (for handlers). */
export function cursorNow(c: ListControl): number {
  return clampView(listView(c.ui.getState(), c.view), c.total(), c.height).cursor;
}

/** The list's view as drawn: cursor and window clamped to the rows there are. */
export function useListView(view: string, total: number, height: number): ListView {
  return clampView(
    useUiStore((s) => listView(s, view)),
    total,
    height,
  );
}

/** Sets the filter (the cursor goes back to the first row). */
export function setFilter(ui: UiStore, view: string, filter: string, filtering: boolean): void {
  ui.getState().setList(view, (v) => ({ ...v, filter, filtering, ...(filter !== v.filter ? { cursor: 0, top: 0 } : {}) }));
}

/** `/`: the filter's input opens on the filter there is. */
export function filterBinding(c: Pick<ListControl, 'ui' | 'view'>): Binding {
  return { command: 'filter', run: () => setFilter(c.ui, c.view, listView(c.ui.getState(), c.view).filter, true) };
}

/** The list's marked rows as drawn: those in the list `all`, and how many `shown` (the filtered rows) leaves out. */
export function useMarked(view: string, all: readonly string[] | undefined, shown: readonly { readonly key: string }[]): Marked {
  const marks = useUiStore((s) => listView(s, view).marks);
  return useMemo(() => marksIn(marks, all, shown), [marks, all, shown]);
}

/** The marked rows of the list `all` as of now (for handlers): shown by the filter or not, they are acted on. */
export function markedNow(c: Pick<ListControl, 'ui' | 'view'>, all: readonly string[] | undefined): readonly string[] {
  return marksIn(listView(c.ui.getState(), c.view).marks, all, []).keys;
}
