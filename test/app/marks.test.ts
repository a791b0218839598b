import { describe, expect, it } from 'vitest';
import { markAllBinding } from '../../src/app/list-controller.js';
import { createUiStore, listView, unmarkSent } from '../../src/app/ui-store.js';

const rules = ['r1', 'r2', 'r3', 'r4'];

describe('a: mark every row shown', () => {
  it('marks the rows the filter shows, then clears them on the next press; marks of hidden rows stay', () => {
    const ui = createUiStore();
    ui.getState().setList('rules', (v) => ({ ...v, marks: ['r4'] }));
    let shown = ['r1', 'r2'];
    const a = markAllBinding({ ui, view: 'rules' }, () => shown);
    a.run();
    expect(listView(ui.getState(), 'rules').marks).toEqual(['r4', 'r1', 'r2']);
    a.run();
    expect(listView(ui.getState(), 'rules').marks).toEqual(['r4']);
    // Some shown are marked: the press marks the rest rather than clearing.
    shown = rules;
    ui.getState().setList('rules', (v) => ({ ...v, marks: ['r2'] }));
    a.run();
    expect([...listView(ui.getState(), 'rules').marks].sort()).toEqual(rules);
  });

  it('does nothing on an empty list (the key says it did not apply)', () => {
    const ui = createUiStore();
    expect(markAllBinding({ ui, view: 'rules' }, () => []).run()).toBe(false);
    expect(listView(ui.getState(), 'rules').marks).toEqual([]);
  });
});

describe('unmarkSent', () => {
  it('clears the marks of rows whose changes were sent, in every list, and counts them once', () => {
    const ui = createUiStore();
    ui.getState().setList('rules', (v) => ({ ...v, marks: ['r1', 'r2', 'r3'] }));
    ui.getState().setList('browser', (v) => ({ ...v, marks: ['c1'] }));
    ui.getState().setList('bulk', (v) => ({ ...v, marks: ['r1'] }));
    expect(unmarkSent(ui, ['r1', 'r3', 'r9'])).toBe(2);
    expect(listView(ui.getState(), 'rules').marks).toEqual(['r2']);
    expect(listView(ui.getState(), 'bulk').marks).toEqual([]);
    expect(listView(ui.getState(), 'browser').marks).toEqual(['c1']);
    expect(unmarkSent(ui, ['r1'])).toBe(0);
  });
});
