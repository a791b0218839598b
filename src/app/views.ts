// View state, as pure data and pure functions: a list's cursor, window, filter and marks, a form's
// focused field. The UI store keeps one of each per view name; tests drive these functions alone.

export interface ListView {
  readonly cursor: number;
  /** The first row of the window. */
  readonly top: number;
  readonly filter: string;
  /** The filter's input has focus. */
  readonly filtering: boolean;
  /** Keys of marked rows (bulk edit, bulk delete). */
  readonly marks: readonly string[];
}

export const EMPTY_LIST: ListView = { cursor: 0, top: 0, filter: '', filtering: false, marks: [] };

export interface FormView {
  /** The focused field's name (undefined: the first editable one). */
  readonly field?: string;
  readonly top: number;
  /** An inline input or a list to choose from is open on the focused field. */
  readonly editing?: 'text' | 'choice';
  /** A new rule with configurations marked in the browser (docs/ux.md §10): made in this one only. */
  readonly onlyHere?: boolean;
  /** A new rule made in the marked configurations too: the drafts of its copies, made again at each `s`. */
  readonly copies?: readonly string[];
}

export const EMPTY_FORM: FormView = { top: 0 };

/**
 * The first row of the window: where it was while the cursor is in view, moved only as far as the
 * cursor needs (a step down at the bottom scrolls one row), so a cursor move redraws two rows.
 */
export function windowTop(cursor: number, height: number, total: number, previous: number): number {
  if (total <= height || height <= 0) return 0;
  const top = Math.min(Math.max(previous, cursor - height + 1), cursor);
  return Math.max(0, Math.min(top, total - height));
}

/** The view with the cursor on `index` (clamped to the rows), the window following it. */
export function moveTo(view: ListView, index: number, total: number, height: number): ListView {
  const cursor = Math.max(0, Math.min(total - 1, index));
  const at = total === 0 ? 0 : cursor;
  return { ...view, cursor: at, top: windowTop(at, height, total, view.top) };
}

/** Scroll mode (a document such as the review): the window itself moves; `top` is the first line shown. */
export function scrollTo(view: ListView, top: number, total: number, height: number): ListView {
  const at = Math.max(0, Math.min(top, Math.max(0, total - height)));
  return { ...view, cursor: at, top: at };
}

/** The view as drawn now: cursor and window clamped to the rows there are (they may have changed). */
export function clampView(view: ListView, total: number, height: number): ListView {
  const cursor = Math.max(0, Math.min(view.cursor, total - 1));
  const top = windowTop(cursor, height, total, view.top);
  return cursor === view.cursor && top === view.top ? view : { ...view, cursor, top };
}

export function toggleMark(view: ListView, key: string): ListView {
  const marks = view.marks.includes(key) ? view.marks.filter((k) => k !== key) : [...view.marks, key];
  return { ...view, marks };
}

export interface Marked {
  /** Marked keys that are rows of the list, in the order they were marked (the bulk form shows the first). */
  readonly keys: readonly string[];
  /** How many of them the filter hides. */
  readonly hidden: number;
}

const NONE_MARKED: Marked = { keys: [], hidden: 0 };

/**
 * The marks that name rows of the list now (a row deleted since is not counted or acted on), and
 * how many the filter hides: marks survive a filter, and act whether shown or not.
 */
export function marksIn(marks: readonly string[], all: readonly string[] | undefined, shown: readonly { readonly key: string }[]): Marked {
  if (marks.length === 0 || !all) return NONE_MARKED;
  const listed = new Set(all);
  const keys = marks.filter((k) => listed.has(k));
  if (keys.length === 0) return NONE_MARKED;
  const visible = shown.length === all.length ? listed : new Set(shown.map((r) => r.key));
  return { keys, hidden: keys.filter((k) => !visible.has(k)).length };
}
