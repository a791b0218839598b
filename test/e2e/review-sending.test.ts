// While `y` sends, the review stays as it was listed (nothing jumps as the answers come), the
// summary line counts the answers, and at the end the status line says what became of them all.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnEmulator, tempDir } from '../helpers/emulator.js';
import { journalFile, stateDir, type Draft } from '../../src/store/index.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';
import { CFG } from './view-helpers.js';

const ROWS = 30;
/** The review's body: under the summary line (line 2) and its blank line, above the footer's two lines. */
const body = (app: App) =>
  app
    .screen()
    .split('\n')
    .slice(4, ROWS - 2);

describe.skipIf(!existsSync(BIN))('sending a review', () => {
  it(
    'the listed changes stay while the summary line counts the answers; then all 12 are applied',
    async () => {
      // An API slow enough to watch: 12 edits (a list read, then two rounds of PATCHes) take about a second.
      const emulator = await spawnEmulator(['--seed', 'demo', '--latency', '300']);
      let app: App | undefined;
      try {
        // Drafts kept from an earlier session: every configuration's `active` flipped.
        const confs = (await emulator.call('GET', CFG)).body as Array<Record<string, unknown> & { id: number; active: boolean }>;
        expect(confs).toHaveLength(12);
        const drafts: Record<string, Draft> = {};
        for (const c of confs)
          drafts[`configuration:${c.id}`] = {
            target: { kind: 'configuration', op: 'update', id: c.id },
            base: c,
            values: { ...c, active: !c.active },
            startedAt: 0,
            updatedAt: 0,
          };
        const state = tempDir();
        const file = journalFile(stateDir({ XDG_STATE_HOME: state }), emulator.url);
        mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
        writeFileSync(file, JSON.stringify({ version: 1, baseUrl: emulator.url, drafts }), { mode: 0o600 });

        app = await startApp({ emulator, stateDir: state, rows: ROWS });
        await app.waitForText('12 unsaved changes from your last session were kept.', FIRST_LOAD_MS);
        await app.waitForText(/updated just now/, FIRST_LOAD_MS); // the list is loaded
        await app.press('enter');
        await app.waitForText('Review: 12 changes, 12 requests');
        const listed = body(app);
        expect(listed.join('\n')).toContain('  active: -');

        await app.press('y');
        await app.waitForText(/sent ([1-9]|1[01]) of 12/, 10_000); // some answers in, not all
        expect(body(app)).toEqual(listed);
        await app.waitForText('12 applied', 10_000);
        const now = (await emulator.call('GET', CFG)).body as Array<{ id: number; active: boolean }>;
        expect(now.map((c) => c.active)).toEqual(confs.map((c) => !c.active));
      } finally {
        await app?.close();
        await emulator.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
