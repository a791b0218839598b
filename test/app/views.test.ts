// The list controller's state: cursor, window, marks, scroll; pure functions, no React.
import { describe, expect, it } from 'vitest';
import { clampView, EMPTY_LIST, marksIn, moveTo, scrollTo, toggleMark, windowTop } from '../../src/app/views.js';

describe('window of a list', () => {
  it('stays put while the cursor is inside it and moves as little as it must', () => {
    expect(windowTop(0, 10, 5, 0)).toBe(0);
    expect(windowTop(9999, 10, 10_000, 0)).toBe(9990);
    expect(windowTop(3, 10, 10_000, 0)).toBe(0);
    expect(windowTop(12, 10, 10_000, 0)).toBe(3);
    expect(windowTop(7, 10, 10_000, 3)).toBe(3);
    expect(windowTop(2, 10, 10_000, 3)).toBe(2);
  });

  it('moves the cursor within the rows, the window following', () => {
    let v = moveTo(EMPTY_LIST, 25, 100, 10);
    expect(v).toMatchObject({ cursor: 25, top: 16 });
    v = moveTo(v, 20, 100, 10);
    expect(v).toMatchObject({ cursor: 20, top: 16 });
    expect(moveTo(v, -5, 100, 10)).toMatchObject({ cursor: 0, top: 0 });
    expect(moveTo(v, 500, 100, 10)).toMatchObject({ cursor: 99, top: 90 });
    expect(moveTo(v, 3, 0, 10)).toMatchObject({ cursor: 0, top: 0 });
  });

  it('clamps a view to rows that shrank (a delete) without losing the filter or marks', () => {
    const v = { ...EMPTY_LIST, cursor: 17, top: 10, filter: 'api', marks: ['rule:1:2'] };
    expect(clampView(v, 12, 5)).toEqual({ ...v, cursor: 11, top: 7 });
    expect(clampView(v, 40, 10)).toBe(v); // nothing to change: the same object
  });

  it('counts the marks that name rows of the list, shown by the filter or not, in the order marked', () => {
    const all = ['a', 'b', 'c', 'd'];
    const rows = (...keys: string[]) => keys.map((key) => ({ key }));
    expect(marksIn([], all, rows('a'))).toEqual({ keys: [], hidden: 0 });
    expect(marksIn(['c', 'a'], all, rows(...all))).toEqual({ keys: ['c', 'a'], hidden: 0 });
    // A filter that shows b and c: a stays marked, hidden.
    expect(marksIn(['c', 'a'], all, rows('b', 'c'))).toEqual({ keys: ['c', 'a'], hidden: 1 });
    // A marked row deleted since is neither counted nor acted on; a list not loaded has none.
    expect(marksIn(['gone', 'b'], all, rows('a'))).toEqual({ keys: ['b'], hidden: 1 });
    expect(marksIn(['a'], undefined, [])).toEqual({ keys: [], hidden: 0 });
  });

  it('marks and unmarks a row', () => {
    const marked = toggleMark(EMPTY_LIST, 'a');
    expect(marked.marks).toEqual(['a']);
    expect(toggleMark(toggleMark(marked, 'b'), 'a').marks).toEqual(['b']);
  });

  it('scrolls a document: the top line moves, never past the last screenful', () => {
    expect(scrollTo(EMPTY_LIST, 5, 50, 20)).toMatchObject({ top: 5, cursor: 5 });
    expect(scrollTo(EMPTY_LIST, 45, 50, 20)).toMatchObject({ top: 30 });
    expect(scrollTo(EMPTY_LIST, 3, 10, 20)).toMatchObject({ top: 0 });
  });
});
