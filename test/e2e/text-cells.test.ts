// Text is measured in terminal cells (issue 10), end to end: configuration names with CJK, emoji
// (a flag, a ZWJ sequence) and a combining accent, in the browser at 80 columns. Every row's
// columns line up (the protocol column starts at the same cell on every row) and a name cut short
// ends in `…` after whole graphemes: no lone regional indicator, no half of a ZWJ sequence, no
// half of a wide character. The names are long runs of those graphemes, so wherever the column
// ends (names are cut last: the domain and CNAMEs go first) the cut falls on one of them.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellWidth, graphemes } from '../../src/ui/text.js';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';
import { CFG, create, records } from './view-helpers.js';

const COLS = 80;
const NAMES = [
  `東京 ${'🇯🇵'.repeat(30)}`, // a cut by code points would keep half a flag
  `ab ${'👩‍💻'.repeat(30)}`, // … or half a ZWJ sequence
  `a${'東京'.repeat(15)}`, // … or end on half a wide character
  `cafe${'e\u0301'.repeat(70)}`, // … or part an accent from its letter
  '日本 ok', // short: not cut
];

/** Regional indicators: a flag is a pair of them. */
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/gu;

/** A grapheme that is a whole character as the terminal draws it: flags in pairs, no dangling joiner. */
function whole(g: string): boolean {
  return (g.match(REGIONAL_INDICATOR)?.length ?? 0) % 2 === 0 && !g.endsWith('\u200d') && !g.startsWith('\u200d');
}

describe.skipIf(!existsSync(BIN))('text in terminal cells', () => {
  it(
    'CJK and emoji names at 80 columns: the columns line up on every row, a cut name ends in … after whole graphemes',
    async () => {
      const app = await startApp({ cols: COLS, rows: 30 });
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        for (const name of NAMES)
          await create(app, CFG, { name, origin_address: 'origin.example.com', origin_host_header: 'origin.example.com' });
        await app.press('r'); // the second client's records: reload
        await app.waitForText(`${12 + NAMES.length} of ${12 + NAMES.length} configurations`);
        const all = await records<{ id: number; name: string; delivery_protocol: string }>(app, CFG);
        expect(all).toHaveLength(12 + NAMES.length);

        const lines = app.screen().split('\n');
        for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(COLS);
        const header = lines.find((l) => /^ +id name +(\S+ +)?prot/.test(l));
        expect(header).toBeDefined();
        const next = header!.search(/ (domain|dom…|prot)/) + 1; // the column after the name; the header is ASCII: index = cell
        const cut: string[] = [];
        for (const c of all) {
          const line = lines.find((l) => new RegExp(`^[ *●!]? *${c.id} `).test(l));
          expect(line, `row of configuration ${c.id}`).toBeDefined();
          const nameCell = line!.indexOf(`${c.id} `) + `${c.id} `.length; // ids and what comes before are ASCII
          // The name's cell ends where the next column starts: on every row at the same cell.
          const graphemesOf = graphemes(line!.slice(nameCell));
          let cells = nameCell;
          let shown = '';
          for (const g of graphemesOf) {
            if (cells >= next - 1) break;
            shown += g;
            cells += cellWidth(g);
          }
          expect(cells, `the column after ${JSON.stringify(c.name)} starts at cell ${next}`).toBe(next - 1);
          shown = shown.trimEnd();
          const parts = graphemes(shown);
          const original = graphemes(c.name);
          if (shown === c.name) continue;
          cut.push(c.name);
          expect(parts.at(-1), `${JSON.stringify(c.name)} cut as ${JSON.stringify(shown)}`).toBe('…');
          expect(parts.slice(0, -1), `${JSON.stringify(shown)} starts with whole graphemes of the name`).toEqual(
            original.slice(0, parts.length - 1),
          );
          for (const g of parts) expect(whole(g), `grapheme ${JSON.stringify(g)} of ${JSON.stringify(shown)}`).toBe(true);
          // As much of the name as fits the column: the next grapheme would not have fitted beside the `…`.
          expect(cellWidth(shown) + cellWidth(original[parts.length - 1]!)).toBeGreaterThan(next - 1 - nameCell - 1);
        }
        const ours = all.slice(12).map((c) => c.name); // as the API keeps them
        expect(ours.filter((n) => cut.includes(n))).toEqual(ours.slice(0, 4)); // too wide for the column: cut
        const short = all.find((c) => c.name === '日本 ok')!;
        expect(lines.some((l) => new RegExp(`^[ !] +${short.id} 日本 ok +\\S`).test(l))).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
