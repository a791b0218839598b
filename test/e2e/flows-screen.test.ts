// User flows, end to end: the screen itself. 80x24 and resizing; names from the API that carry
// terminal escape sequences. Each test has its own emulator (`--seed demo`) and app.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLog, spawnEmulator, tempDir, type ChildEmulator } from '../helpers/emulator.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT, formRow, openConfiguration, visibleLines, writes } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const TABS = ' 1 Settings  2 Rules  3 Cache settings  4 Error responses  5 Origins';

/** The browser's configuration rows on screen: "<id> <name…>" lines. */
const browserRows = (app: App) => visibleLines(app).filter((l) => /^[ !] +\d+ \S/.test(l));
/** Indexes of the screen lines that show the footer's key list (it ends with the help key, `? more` when cut). */
const footerKeyLines = (app: App) =>
  visibleLines(app)
    .map((l, i) => (/\? (more|help)$/.test(l) ? i : -1))
    .filter((i) => i >= 0);

describe.skipIf(!existsSync(BIN))('the screen', () => {
  it(
    'at 80x24 everything fits (header on line 0, rows, footer keys), the tab bar shows, and a resize to 100x30 and back redraws',
    async () => {
      const app = await startApp({ cols: 80, rows: 24 });
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        await app.waitForText(/\? (more|help)$/m);
        expect(app.size()).toEqual({ cols: 80, rows: 24 });
        expect(app.screen().split('\n')).toHaveLength(24);
        expect(app.line(0)).toMatch(/^configurations +127\.0\.0\.1:\d+ updated just now$/);
        for (const line of app.screen().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
        expect(browserRows(app)).toHaveLength(12); // the whole demo list fits
        expect(browserRows(app)[0]).toMatch(new RegExp(`^[ !] +${demoId(1)} acme-outdoor`));
        expect(footerKeyLines(app)).toHaveLength(1);
        const footer = visibleLines(app)[footerKeyLines(app)[0]!]!;
        expect(footer).toContain('Enter open');
        expect(footer).toContain('/ filter');
        expect(footerKeyLines(app)[0]).toBeLessThan(24);
        expect(app.inverseRows()).toHaveLength(1); // one focus bar, on the first row
        expect(app.inverseText(app.inverseRows()[0]!)).toMatch(new RegExp(`^${demoId(1)} acme-outdoor`));

        await openConfiguration(app, demoId(3));
        // At 80 columns the breadcrumb cuts the name, the widest crumb, and keeps the id and where one is.
        expect(app.line(0)).toMatch(new RegExp(`^configurations › acme… \\(${demoId(3)}\\) › settings `));
        expect(visibleLines(app)).toContain(TABS);
        expect(formRow(app, 'name')).toMatch(/^ {2}name +acme public api v2$/);
        expect(footerKeyLines(app)).toHaveLength(1);

        // A frame of the configuration screen for the terminal's current size: header on line 0,
        // the tab bar, the form, one footer key line inside the screen, nothing left over.
        const redrawn = (rows: number) => () => {
          const lines = visibleLines(app);
          const footer = footerKeyLines(app);
          return (
            lines.length === rows &&
            new RegExp(`^configurations › acme(…| public api v2) \\(${demoId(3)}\\) › settings `).test(lines[0]!) &&
            lines[1] === '' &&
            lines[2] === TABS &&
            lines.some((l) => /^ {2}name +acme public api v2$/.test(l)) &&
            footer.length === 1 &&
            footer[0]! >= rows - 4 &&
            footer[0]! < rows
          );
        };
        app.resize(100, 30);
        await app.waitUntil(redrawn(30), 'the configuration screen redrawn at 100x30');
        expect(app.line(0)).toMatch(
          new RegExp(`^configurations › acme public api v2 \\(${demoId(3)}\\) › settings +127\\.0\\.0\\.1:\\d+ updated just now$`),
        );

        app.resize(80, 24);
        await app.waitUntil(redrawn(24), 'the configuration screen redrawn at 80x24');
        // wider and narrower at the same height: no line of the old frame is left behind
        app.resize(100, 24);
        await app.waitUntil(redrawn(24), 'the configuration screen redrawn at 100x24');
        app.resize(80, 24);
        await app.waitUntil(redrawn(24), 'the configuration screen redrawn at 80x24 again');
        expect(formRow(app, 'cnames')).toMatch(/^ {2}cnames +api\.acme-outdoor\.example$/);

        // Still driven by keys after the resizes: the next tab, then back to the browser.
        await app.press(']');
        await app.waitForText(new RegExp(`^configurations › acme[^›]*… \\(${demoId(3)}\\) › rules `, 'm')); // the name cut short at 80 columns
        await app.waitForText(/^ +id path +behavior/m);
        expect(visibleLines(app)[2]).toBe(TABS);
        await app.press('q');
        await app.waitForText('12 of 12 configurations');
        expect(app.line(0)).toMatch(/^configurations +127\.0\.0\.1:\d+ updated/);
        expect(browserRows(app)).toHaveLength(12);
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a name with escape sequences is shown with visible ^[ marks and never reaches the terminal raw',
    async () => {
      const dir = tempDir('cdn-tui-e2e-evil-');
      const logFile = join(dir, 'emulator.log');
      let emulator: ChildEmulator | undefined;
      let app: App | undefined;
      try {
        emulator = await spawnEmulator(['--seed', 'demo', '--log', logFile]);
        const evil = 'evil\u001b[2J\u001b[H\u001b]0;pwned\u0007';
        const created = await emulator.call('POST', '/content_delivery/configurations', {
          body: { name: evil, origin_address: 'o.example.test', origin_host_header: 'h.example.test' },
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ id: demoId(13), name: evil });

        app = await startApp({ emulator });
        await app.waitForText('13 of 13 configurations', FIRST_LOAD_MS);
        // The list: line 0 is the header, every row in place, the evil one with visible marks.
        expect(app.line(0)).toMatch(/^configurations +127\.0\.0\.1:\d+ updated just now$/);
        const rows = browserRows(app);
        expect(rows).toHaveLength(13);
        rows.forEach((row, i) => expect(row).toMatch(new RegExp(`^[ !] +${demoId(i + 1)} `)));
        expect(rows[12]).toMatch(new RegExp(`^[ !] +${demoId(13)} evil\\^\\[\\[2J\\^\\[\\[H\\^\\[\\]0;pw`));
        expect(rows[0]).toMatch(new RegExp(`^[ !] +${demoId(1)} acme-outdoor shop`));
        expect(visibleLines(app)[2]).toMatch(/^ +id name +domain +protocol +active +cnames$/);

        // Opened: the breadcrumb and the name field show the whole name, ^G for the bell.
        await openConfiguration(app, demoId(13));
        expect(app.line(0)).toMatch(
          new RegExp(
            `^configurations › evil\\^\\[\\[2J\\^\\[\\[H\\^\\[\\]0;pwned\\^G \\(${demoId(13)}\\) › settings +127\\.0\\.0\\.1:\\d+ updated`,
          ),
        );
        expect(formRow(app, 'name')).toMatch(/^ {2}name +evil\^\[\[2J\^\[\[H\^\[\]0;pwned\^G$/);
        expect(visibleLines(app)).toContain(TABS);
        expect(formRow(app, 'id')).toMatch(new RegExp(`^ {2}id +${demoId(13)}$`));

        // The name's bytes never went out raw: no title change (OSC 0), no bell, no clear screen from it.
        const raw = app.rawOutput();
        expect(raw).toContain('evil^[[2J^[[H^[]0;pwne');
        expect(raw).not.toContain('evil\u001b');
        expect(raw).not.toContain('\u001b]0;pwned');
        expect(raw).not.toContain('pwned\u0007');
        expect(raw).not.toContain('\u0007');
        expect(raw.slice(raw.indexOf('evil')).includes('\u001b[2J')).toBe(false);

        expect(writes(readLog(logFile))).toEqual([expect.objectContaining({ method: 'POST', status: 201 })]); // only the setup's POST
      } finally {
        await app?.close();
        await emulator?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    FLOW_TIMEOUT,
  );
});
