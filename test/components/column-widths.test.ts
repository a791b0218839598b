// Columns sized by what they hold (docs/ux.md §5, issue 22 point 3): a column of short values is never
// cut while another has spare cells, and when the line is too narrow the widest texts are cut first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitColumns, measureColumns, MEASURED_ROWS } from '../../src/components/column-widths.js';
import { tableWidths } from '../../src/components/windowed-table.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('fitColumns', () => {
  it('cuts the least telling columns first: the lowest rank to nothing before a higher one loses a cell', () => {
    // id (kept), name (rank 2), domain (0), protocol (1): 10 + 20 + 30 + 5 = 65 in 50.
    expect(fitColumns([10, 20, 30, 5], 50, [true, false, false, false], [0, 2, 0, 1])).toEqual([10, 20, 15, 5]);
    // The domain cut to nothing is not enough: protocol goes next, the name still whole.
    expect(fitColumns([10, 20, 30, 5], 34, [true, false, false, false], [0, 2, 0, 1])).toEqual([10, 20, 0, 4]);
    // Only then the name, and the id never while anything else has a cell.
    expect(fitColumns([10, 20, 30, 5], 20, [true, false, false, false], [0, 2, 0, 1])).toEqual([10, 10, 0, 0]);
  });

  it('keeps a ranked column whole up to 60% of the line: one very long name does not push every other column out', () => {
    // A 64-cell name in 73 cells: it keeps 43, the domain and protocol share the rest with its tail.
    const widths = fitColumns([10, 64, 30, 10, 6], 73, [true], [0, 2, 0, 1, 1]);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(73);
    expect(widths[0]).toBe(10);
    expect(widths[1]).toBeGreaterThanOrEqual(43);
    expect(widths[3]).toBe(10);
    expect(widths[4]).toBe(6);
  });

  it('with ranks, still fits every width exactly and never grows a column past its text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 120 }),
        (cols, room) => {
          const natural = cols.map(([w]) => w);
          const widths = fitColumns(
            natural,
            room,
            [],
            cols.map(([, r]) => r),
          );
          const need = natural.reduce((a, b) => a + b, 0);
          expect(widths.reduce((a, b) => a + b, 0)).toBe(need <= room ? room : Math.min(room, need));
          if (need > room) widths.forEach((w, i) => expect(w).toBeLessThanOrEqual(natural[i]!));
          // A column of a higher rank is cut below its share of the line only when every lower one is cut to nothing.
          const share = Math.floor(room * 0.6);
          cols.forEach(([, r], i) => {
            if (widths[i]! < Math.min(natural[i]!, share)) cols.forEach(([, r2], j) => r2 < r && expect(widths[j]).toBe(0));
          });
        },
      ),
    );
  });
  it('gives every column what it needs when all fit, and the cells left over to the last one', () => {
    expect(fitColumns([10, 20, 17, 4], 60)).toEqual([10, 20, 17, 13]);
    expect(fitColumns([10, 20, 17, 4], 51)).toEqual([10, 20, 17, 4]);
  });

  it('cuts the widest texts first, to one width, and leaves the short ones whole', () => {
    // The rules at 120 columns: the protocol column (17) stays whole while the path is cut.
    expect(fitColumns([10, 60, 18, 17, 4, 17, 14], 112)).toEqual([10, 32, 18, 17, 4, 17, 14]);
    // Two long columns share what is left; the rounding's cell goes to the wider text.
    expect(fitColumns([10, 40, 50, 6], 60)).toEqual([10, 22, 22, 6]);
    expect(fitColumns([10, 40, 50, 6], 61)).toEqual([10, 22, 23, 6]);
  });

  it('cuts a kept column (an id) only when every other one is cut to nothing', () => {
    expect(fitColumns([10, 30, 40], 20, [true])).toEqual([10, 5, 5]);
    expect(fitColumns([10, 30, 40], 10, [true])).toEqual([10, 0, 0]);
    // Not even the id fits: it is cut like any other column.
    expect(fitColumns([10, 30, 40], 8, [true])).toEqual([2, 3, 3]);
    // Without `keep`, the id is the narrowest text and the last to be cut anyway.
    expect(fitColumns([10, 30, 40], 20)).toEqual([6, 7, 7]);
  });

  it('takes no room it is not given', () => {
    expect(fitColumns([], 10)).toEqual([]);
    expect(fitColumns([5, 5], 0)).toEqual([0, 0]);
    expect(fitColumns([5, 5], -3)).toEqual([0, 0]);
  });

  it('never cuts a column while another has spare cells, and cuts the widest texts first (any widths)', () => {
    const widths = fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(widths, fc.integer({ min: 0, max: 300 }), fc.array(fc.boolean(), { maxLength: 9 }), (natural, room, keep) => {
        const out = fitColumns(natural, room, keep);
        expect(out).toHaveLength(natural.length);
        expect(sum(out)).toBe(room); // every cell of the line is someone's: what is not needed goes to the last column
        const cut = out.map((w, i) => w < natural[i]!);
        if (!cut.some(Boolean)) return;
        // Something is cut: no column has a cell it does not need…
        out.forEach((w, i) => expect(w).toBeLessThanOrEqual(natural[i]!));
        // …and apart from kept columns and the rounding's cell, none is wider than a cut one.
        const keptWhole = natural.map((w, i) => keep[i] === true && out[i] === w);
        for (let i = 0; i < out.length; i++) {
          if (!cut[i]) continue;
          for (let j = 0; j < out.length; j++) if (!keptWhole[j]) expect(out[j]).toBeLessThanOrEqual(out[i]! + 1);
        }
      }),
    );
  });
});

interface Rec {
  readonly id: number;
  readonly name: string;
}
const columns = [
  { title: 'id', cell: (r: Rec) => String(r.id), keep: true },
  { title: 'name', cell: (r: Rec) => r.name },
];

describe('measureColumns', () => {
  it('measures in terminal cells, titles included', () => {
    expect(measureColumns(columns, [{ id: 1528252734, name: '東京ストア' }])).toEqual([10, 10]);
    expect(measureColumns(columns, [{ id: 7, name: 'a' }])).toEqual([2, 4]);
    expect(measureColumns(columns, [])).toEqual([2, 4]);
  });

  it('reads a long list on a sample spread through it (cheap at 10,000 rows), the rows on screen besides', () => {
    let calls = 0;
    const counted = [
      {
        title: 'name',
        cell: (r: Rec) => {
          calls++;
          return r.name;
        },
      },
    ];
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: i === 9_999 ? 'the very last row, much longer' : `row ${i}` }));
    const measured = measureColumns(counted, rows);
    expect(calls).toBe(MEASURED_ROWS);
    // What the sample missed is measured when it is on screen.
    expect(tableWidths(counted, measured, [[rows[9_999]!.name]], 80)).toEqual([80]);
    expect(tableWidths(counted, measured, [['row 1']], 20)).toEqual([20]);
    expect(tableWidths([...counted, ...counted], [...measured, ...measured], [['the very last row, much longer', 'x']], 20)).toEqual([
      11, 8,
    ]);
  });
});
