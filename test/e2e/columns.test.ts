// Columns sized by what they hold (docs/ux.md §5, issue 22 point 3), end to end at 80, 120 and 200
// columns: a configuration with a CJK name, rules with long paths, the long enum values
// (`redirect_to_https`, `image_optimization`) and a CJK cache setting. In every table, a column is
// cut only while no other column has spare cells; the 10-digit ids are whole; at 120 columns the
// rules show their protocol and behaviour whole, and the help shows every description whole.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/keys/table.js';
import { cellWidth, sliceCells } from '../../src/ui/text.js';
import { spawnEmulator, type ChildEmulator } from '../helpers/emulator.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, openConfiguration, visibleLines } from './flows-helpers.js';
import { CFG } from './view-helpers.js';

const NAME = '東京オンラインストア 本番環境 (アウトドア用品・キャンプ用品)';
const PATHS = ['/catalog/2024/autumn-collection/outdoor-jackets-and-rain-gear/', '/店舗/東京/新宿/アウトドア用品/', '/images/'];
const BROWSER = ['id', 'name', 'domain', 'protocol', 'active', 'cnames'];
const RULES = ['id', 'path', 'behavior', 'protocol', 'gzip', 'cache setting', 'origin'];

/** A second client's configuration, as wide as real ones get; returns its id. */
async function wideConfiguration(emu: ChildEmulator): Promise<number> {
  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await emu.call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
    return reply.body as { id: number };
  };
  const cnames = ['tokyo-shop.acme-outdoor.example', 'www.tokyo-shop.acme-outdoor.example', 'jp.acme-outdoor.example'];
  const { id } = await post(CFG, {
    name: NAME,
    origin_address: 'origin-tokyo.acme-outdoor.example',
    origin_host_header: 'tokyo-shop.acme-outdoor.example',
    cname: cnames,
  });
  const origin = ((await emu.call('GET', `${CFG}/${id}/origins`)).body as Array<{ id: number }>)[0]!.id;
  const cache = await post(`${CFG}/${id}/cache_settings`, {
    name: '静的アセット 30日',
    browser_cache_settings: false,
    cdn_cache_settings: 'honor',
    cache_by_query_string: 'ignore',
    cache_by_cookies: 'ignore',
  });
  const rule = (path: string, behavior: string, protocol_policy: string) => ({
    path,
    regex: false,
    behavior,
    protocol_policy,
    path_origin_id: origin,
    cache_settings_id: cache.id,
  });
  await post(`${CFG}/${id}/rules_engine`, rule(PATHS[0]!, 'delivery', 'redirect_to_https'));
  await post(`${CFG}/${id}/rules_engine`, rule(PATHS[1]!, 'delivery', 'http,https'));
  await post(`${CFG}/${id}/rules_engine`, rule(PATHS[2]!, 'image_optimization', 'redirect_to_https'));
  return id;
}

interface Cell {
  readonly text: string;
  readonly cut: boolean;
}
interface Table {
  /** Each column's width in cells, and its header and row cells. */
  readonly columns: ReadonlyArray<{ readonly title: string; readonly width: number; readonly cells: readonly Cell[] }>;
}

/**
 * The table on screen under the header of these titles, read back in cells: the columns start
 * where their titles (whole, or cut with …) start; the id column is right-aligned from cell 2. A
 * column cut to nothing is left out of the line (the least telling go first): it is not in the table.
 */
function tableOnScreen(app: App, titles: readonly string[]): Table {
  const lines = visibleLines(app);
  const at = lines.findIndex((l) => l.startsWith('  ') && l.trimStart().startsWith(titles[0]!) && l.includes(titles[1]!.slice(0, 2)));
  expect(at, `the header of ${titles.join(' ')}:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  const header = lines[at]!;
  const present = [titles[0]!];
  const starts = [2];
  let end = header.indexOf(titles[0]!) + titles[0]!.length;
  for (const title of titles.slice(1)) {
    const start = header.slice(end).search(/\S/) + end;
    if (start < end) break;
    const rest = header.slice(start);
    const cutAt = rest.indexOf('…');
    const whole = rest.startsWith(title);
    if (!whole && !(cutAt >= 0 && title.startsWith(rest.slice(0, cutAt)))) continue; // left out
    present.push(title);
    starts.push(start);
    end = whole ? start + title.length : start + cutAt + 1;
  }
  const { cols } = app.size();
  const rows = lines.slice(at + 1).filter((l) => /^[ *●!] +\d{10} /.test(l));
  return {
    columns: present.map((title, i) => {
      const width = (starts[i + 1] ?? cols + 1) - 1 - starts[i]!;
      const read = (line: string): Cell => {
        const text = sliceCells(line, starts[i]!, width).trim();
        return { text, cut: text.endsWith('…') };
      };
      return { title, width, cells: [read(header), ...rows.map(read)] };
    }),
  };
}

/** No column is cut while another has spare cells: with anything cut, every whole column is filled by its widest text. */
function expectNoSpareWhileCut(table: Table, what: string): void {
  const cut = table.columns.filter((c) => c.cells.some((x) => x.cut)).map((c) => c.title);
  if (cut.length === 0) return;
  for (const c of table.columns) {
    if (cut.includes(c.title)) continue;
    const widest = Math.max(...c.cells.map((x) => cellWidth(x.text)));
    expect(c.width - widest, `${what}: ${cut.join(', ')} cut while "${c.title}" has spare cells`).toBe(0);
  }
}

const SIZES = [
  [80, 24],
  [120, 35],
  [200, 50],
] as const;

/** Resizes the terminal, then waits for the frame drawn at that size: as many lines, the header's right end in its last column. */
async function resizeTo(app: App, cols: number, rows: number): Promise<void> {
  app.resize(cols, rows);
  await app.waitUntil(
    () => app.screen().split('\n').length === rows && cellWidth(visibleLines(app)[0] ?? '') === cols,
    `the frame at ${cols}×${rows}`,
  );
  await app.waitForIdle(150);
}

const cellsOf = (table: Table, title: string) => table.columns.find((c) => c.title === title)?.cells.slice(1) ?? [];

describe.skipIf(!existsSync(BIN))('columns sized by content', () => {
  it(
    'at 80, 120 and 200 columns: no column cut while another has spare cells; 10-digit ids whole; the protocol and behaviour whole from 120',
    async () => {
      const emu = await spawnEmulator(['--seed', 'demo', '--products', 'application_acceleration,raw_logs']);
      let app: App | undefined;
      try {
        const id = await wideConfiguration(emu);
        const ids = ((await emu.call('GET', CFG)).body as Array<{ id: number }>).map((c) => String(c.id));
        app = await startApp({ emulator: emu, cols: 80, rows: 24 });
        await app.waitForText('13 of 13 configurations', FIRST_LOAD_MS);
        for (const [cols, rows] of SIZES) {
          await resizeTo(app, cols, rows);
          const browser = tableOnScreen(app, BROWSER);
          expectNoSpareWhileCut(browser, `the browser at ${cols} columns`);
          const shownIds = cellsOf(browser, 'id').map((c) => c.text);
          expect(shownIds, `ids at ${cols} columns`).toEqual(ids.slice(0, shownIds.length));
          expect(shownIds.length).toBeGreaterThanOrEqual(12);
          // The name is the last to shrink: whole while the domain and cnames are cut.
          if (cols >= 120) expect(cellsOf(browser, 'name')).toContainEqual({ text: NAME, cut: false });
          if (cols === 80)
            expect(browser.columns.map((c) => c.title)).toEqual(expect.arrayContaining(['id', 'name', 'protocol', 'active']));
        }

        await resizeTo(app, 80, 24);
        await openConfiguration(app, id);
        await app.press('2');
        await app.waitForText(/image_opt/);
        for (const [cols, rows] of SIZES) {
          await resizeTo(app, cols, rows);
          const rules = tableOnScreen(app, RULES);
          expectNoSpareWhileCut(rules, `the rules at ${cols} columns`);
          expect(cellsOf(rules, 'id').every((c) => /^\d{10}$/.test(c.text))).toBe(true);
          if (cols >= 120) {
            expect(cellsOf(rules, 'protocol').map((c) => c.text)).toEqual(['redirect_to_https', 'http,https', 'redirect_to_https']);
            expect(cellsOf(rules, 'behavior').map((c) => c.text)).toEqual(['delivery', 'delivery', 'image_optimization']);
            expect(cellsOf(rules, 'cache setting').map((c) => c.text)).toEqual(Array(3).fill('静的アセット 30日'));
          }
          if (cols === 200) expect(cellsOf(rules, 'path').map((c) => c.text)).toEqual(PATHS);
          if (cols === 80) expect(rules.columns.some((c) => c.cells.some((x) => x.cut))).toBe(true); // too narrow for all
        }
      } finally {
        await app?.close();
        await emu.close();
      }
    },
    FLOW_TIMEOUT * 2,
  );

  it(
    'the help at 120 columns shows every description of the view whole, and a footer too long for 80 columns ends in `? more`',
    async () => {
      const app = await startApp({ cols: 80, rows: 24 });
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        await app.waitForText(/\? more$/m); // the footer's keys come once the screen's bindings are in
        const footer = visibleLines(app).find((l) => /\? more$/.test(l));
        expect(footer).toMatch(/^Enter open {2}.* {2}\? more$/);
        expect(footer).not.toContain('…');

        await resizeTo(app, 120, 35);
        await openConfiguration(app, Number((await app.emulator.call('GET', CFG)).body[0].id));
        await app.press('2');
        await app.waitForText(/redirect_to_https/);
        await app.press('?');
        await app.waitForText('Keys of this view');
        // Taller than the terminal, the help scrolls: PgDn to its end, every line read once.
        const box: string[] = [];
        for (let page = 0; ; page++) {
          const lines = visibleLines(app).filter((l) => l.startsWith('│'));
          for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(120);
          const inside = lines.slice(1).map((l) => l.slice(1, -1).trim());
          const more = inside.at(-1)?.match(/^↓\/j PgDn more · lines \d+–(\d+) of (\d+)/);
          box.push(...(more || /^↑\/k PgUp back/.test(inside.at(-1) ?? '') ? inside.slice(0, -1) : inside));
          if (!more) break;
          expect(page).toBeLessThan(5);
          await app.press('pagedown');
          await app.waitUntil(
            () => !visibleLines(app).some((l) => l.includes(`lines ${more[0]!.match(/lines (\d+)/)![1]}–`)),
            'the next page of the help',
          );
        }
        const text = box.join(' ').replace(/\s+/g, ' ');
        expect(text).not.toContain('…');
        const described = [
          'open',
          'mark',
          'markAll',
          'filter',
          'create',
          'remove',
          'copy',
          'editor',
          'reload',
          'quit',
          'back',
          'palette',
          'help',
          'history',
          'forceQuit',
          'suspend',
        ] as const;
        for (const command of described) {
          expect(text, command).toContain(COMMANDS[command].does);
        }
        // Each key with its own words (the tabs, the moves).
        for (const words of [
          '1 Settings 2 Rules 3 Cache settings 4 Error responses 5 Origins',
          '[ previous tab ] next tab',
          'PgDn/Ctrl-f page down Home/g top End/G bottom',
        ])
          expect(text).toContain(words);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
