// User flows, end to end: a draft that survives `kill -9`, `--read-only`, and the browser's filter
// and quit. Each test has its own emulator (`--seed demo`) and app(s).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { journalDrafts } from './view-helpers.js';
import {
  editField,
  FIRST_LOAD_MS,
  FLOW_TIMEOUT,
  focusField,
  focusedRows,
  formRow,
  LIST_LOADED,
  openConfiguration,
  visibleLines,
  writes,
  reviewOf,
} from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG3 = `/content_delivery/configurations/${demoId(3)}`;

/** The browser's configuration rows on screen: "<id> <name…>" lines. */
const browserRows = (app: App) => visibleLines(app).filter((l) => /^[ !] +\d+ \S/.test(l));

describe.skipIf(!existsSync(BIN))('sessions', () => {
  it(
    'kill -9 mid-edit: the next start offers the draft back, Enter reviews it, y applies it',
    async () => {
      const first = await startApp();
      let second: App | undefined;
      try {
        await openConfiguration(first, demoId(3));
        await editField(first, 'name', 'acme public api (restored)', 'replace');
        // A draft reaches the journal within ~100 ms of the change, by itself (kill -9 gives no chance to write).
        await first.waitUntil(() => journalDrafts(first) === 1, 'the draft in the journal');
        first.kill('SIGKILL');
        expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

        // The journal (0600) is there.
        const dir = join(first.stateDir, 'cdn-tui');
        const files = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile());
        expect(files.length).toBeGreaterThan(0);
        for (const f of files) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
        expect(writes(first.log())).toEqual([]);

        second = await startApp({ stateDir: first.stateDir, emulator: first.emulator });
        // The offer box, drawn instead of the screen.
        await second.waitForText('Enter: review it · Esc: keep it for later', FIRST_LOAD_MS);
        await second.waitForText('1 unsaved change from your last session was kept.');
        await second.press('esc'); // keep them for later: the browser shows the draft's row marked
        await second.waitForText(new RegExp(`^\\*\\s+${demoId(3)} acme public api v2 `, 'm')); // once loaded, the draft's row is marked in the browser
        await second.press(':');
        await second.type('pending');
        await second.press('enter');
        await second.waitForText(reviewOf(1));
        await second.waitForText(`  PATCH /content_delivery/configurations/${demoId(3)} {`); // the review's last line
        const review = visibleLines(second);
        expect(review).toContain('  name: -"acme public api v2" → +"acme public api (restored)"');
        expect(review).toContain(`  PATCH /content_delivery/configurations/${demoId(3)} {"name": "acme public api (restored)"}`);
        expect(writes(first.log())).toEqual([]); // offering and reviewing sent nothing

        await second.press('y');
        await second.waitForText(`✓ saved configuration acme public api (restored) (${demoId(3)})`);
        expect(writes(first.log())).toEqual([
          expect.objectContaining({ method: 'PATCH', path: CFG3, status: 200, body: { name: 'acme public api (restored)' } }),
        ]);
        expect((await first.emulator.call('GET', CFG3)).body.name).toBe('acme public api (restored)');
      } finally {
        await second?.close();
        await first.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    '--read-only: the header says READ-ONLY, editing keys say read-only and change nothing, s/y send nothing',
    async () => {
      const app = await startApp({ args: ['--read-only'] }); // the harness still adds its --base-url/--token
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        expect(app.line(0)).toMatch(/^configurations .*READ-ONLY/);
        await openConfiguration(app, demoId(3));
        expect(app.line(0)).toContain('READ-ONLY');

        await app.press('enter'); // on the name field
        await app.waitForText(/^error: read-only: /m); // the status line
        await app.type('x'); // had an input opened, this would be text
        await focusField(app, 'active');
        await app.press('space');
        await focusField(app, 'delivery protocol');
        await app.press('right');
        expect(formRow(app, 'name')).toMatch(/^ {2}name +acme public api v2$/);
        expect(formRow(app, 'active')).toMatch(/^ {2}active +yes$/);
        expect(formRow(app, 'delivery protocol')).toMatch(/^ {2}delivery protocol +http,https/);
        expect(app.screen()).not.toMatch(/^\* /m);

        await app.press('s');
        await app.waitForText('nothing to review: no field was changed'); // no review of nothing

        expect(writes(app.log())).toEqual([]);
        expect((await app.emulator.call('GET', CFG3)).body).toMatchObject({
          name: 'acme public api v2',
          active: true,
          delivery_protocol: 'http,https',
        });
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a dropped link (SIGHUP) at once after an edit: the draft is written before the process ends, by that signal',
    async () => {
      const app = await startApp();
      try {
        await openConfiguration(app, demoId(3));
        await editField(app, 'name', 'hung up', 'replace');
        app.kill('SIGHUP'); // sooner than the journal's own write (~100 ms after the change)
        expect(await app.exited).toMatchObject({ signal: 'SIGHUP' });
        expect(journalDrafts(app)).toBe(1);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    '--read-only with a draft kept from an earlier session: y still sends nothing',
    async () => {
      const first = await startApp();
      let second: App | undefined;
      try {
        await openConfiguration(first, demoId(3));
        await editField(first, 'name', 'not while read-only', 'replace');
        await first.press('ctrl-c'); // quit now: the draft stays in the journal
        expect(await first.exited).toEqual({ exitCode: 130, signal: null }); // Ctrl-C: 130, as shells expect

        second = await startApp({ args: ['--read-only'], stateDir: first.stateDir, emulator: first.emulator });
        await second.waitForText('Enter: review it · Esc: keep it for later', FIRST_LOAD_MS);
        await second.waitForText(/updated just now/); // the list is loaded
        expect(second.line(0)).toContain('READ-ONLY');
        await second.press('enter');
        await second.waitForText(reviewOf(1));
        await second.waitForText('name: -"acme public api v2" → +"not while read-only"');
        await second.press('y');
        await second.waitForText('error: read-only:');
        expect(second.screen()).not.toContain('✓ saved');

        expect(writes(first.log())).toEqual([]);
        expect((await first.emulator.call('GET', CFG3)).body.name).toBe('acme public api v2');
      } finally {
        await second?.close();
        await first.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'the browser filter: / docs shows only the docs configuration, Esc brings back all 12, q at the top exits 0',
    async () => {
      const app = await startApp();
      try {
        await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
        expect(browserRows(app)).toHaveLength(12);

        // Esc while typing clears the filter.
        await app.press('/');
        await app.type('docs');
        await app.waitUntil(() => browserRows(app).length === 1, 'only one configuration listed');
        expect(browserRows(app)[0]).toMatch(new RegExp(`^[ !] +${demoId(7)} acme developer docs `));
        await app.waitUntil(() => visibleLines(app).includes('/docs'), 'the filter input "/docs"');
        await app.press('esc');
        await app.waitForText('12 of 12 configurations');
        expect(browserRows(app)).toHaveLength(12);
        expect(app.screen()).not.toContain('/docs');

        // Enter keeps it; / then Esc clears it again.
        await app.press('/');
        await app.type('docs');
        await app.press('enter');
        await app.waitForText('1 of 12 configurations · /docs');
        expect(browserRows(app)).toEqual([expect.stringMatching(new RegExp(`^[ !] +${demoId(7)} acme developer docs `))]);
        expect(focusedRows(app)).toEqual([expect.stringMatching(new RegExp(`^${demoId(7)} acme developer docs `))]);
        await app.press('/', 'esc');
        await app.waitForText('12 of 12 configurations');
        expect(browserRows(app)).toHaveLength(12);

        await app.press('q');
        expect(await app.exited).toEqual({ exitCode: 0, signal: null });
        expect(app.alternateScreen()).toBe(false); // the shell's screen is back
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
