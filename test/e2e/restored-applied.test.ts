// The restored review is honest (issue 21): after a crash mid-send the journal still holds drafts
// the server already has. Restored, the review reads their records again, shows those as "already
// applied", leaves them out of the count, and `y` sends only the rest.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLog, spawnEmulator, tempDir } from '../helpers/emulator.js';
import { journalFile, stateDir, type Draft } from '../../src/store/index.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';
import { CFG } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const RULES = `${CFG}/${demoId(1)}/rules_engine`;

describe.skipIf(!existsSync(BIN))('a review of drafts restored after a crash mid-send', () => {
  it(
    'the drafts the server already has are shown as already applied, left out of the count, and not sent again',
    async () => {
      const logFile = join(tempDir(), 'emulator.log');
      const emulator = await spawnEmulator(['--seed', 'demo', '--log', logFile]);
      let app: App | undefined;
      try {
        // Five rules' gzip flipped in the journal; three of the PATCHes went before the "crash".
        const rules = ((await emulator.call('GET', RULES)).body as Array<Record<string, unknown> & { id: number; gzip: boolean }>).slice(
          0,
          5,
        );
        const drafts: Record<string, Draft> = {};
        for (const r of rules)
          drafts[`rule:${demoId(1)}:${r.id}`] = {
            target: { kind: 'rule', op: 'update', conf: demoId(1), id: r.id },
            base: r,
            values: { ...r, gzip: !r.gzip },
            startedAt: 0,
            updatedAt: 0,
          };
        for (const r of rules.slice(0, 3))
          expect((await emulator.call('PATCH', `${RULES}/${r.id}`, { body: { gzip: !r.gzip } })).status).toBe(200);
        const state = tempDir();
        const file = journalFile(stateDir({ XDG_STATE_HOME: state }), emulator.url);
        mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
        writeFileSync(file, JSON.stringify({ version: 1, baseUrl: emulator.url, drafts }), { mode: 0o600 });

        app = await startApp({ emulator, stateDir: state, rows: 40 });
        await app.waitForText('5 unsaved changes from your last session were kept.', FIRST_LOAD_MS);
        await app.press('enter');
        await app.waitForText('Review: 2 changes, 2 requests · 3 already applied', 10_000);
        expect(app.screen().match(/already applied: the server has this change/g)).toHaveLength(3);
        const patchesBefore = readLog(logFile).filter((l) => l.method === 'PATCH').length;
        await app.press('y');
        await app.waitForText('2 applied');
        const sent = readLog(logFile)
          .filter((l) => l.method === 'PATCH')
          .slice(patchesBefore);
        expect(sent.map((l) => l.path).sort()).toEqual(
          rules
            .slice(3)
            .map((r) => `${RULES}/${r.id}`)
            .sort(),
        );
        await app.waitForText(/updated just now/);
        expect(app.screen()).not.toMatch(/\d+ pending/);
      } finally {
        await app?.close();
        await emulator.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
