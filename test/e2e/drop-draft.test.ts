// A stray draft dropped on its own (issue 31 point 8): `: pending` lists every pending change in a
// review; x on a line drops that change only, the status line says so and how many are left, the
// journal on disk follows at once, and the last one dropped leaves nothing to ask about at quit.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { editField, FLOW_TIMEOUT, openConfiguration, reviewOf, writes } from './flows-helpers.js';
import { journalDrafts } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

describe.skipIf(!existsSync(BIN))('dropping one pending change', () => {
  it(
    'x in ": pending" drops the change under the cursor, says how many are left; the journal follows; q then quits at once',
    async () => {
      const app = await startApp({ cols: 120, rows: 30 });
      try {
        await openConfiguration(app, demoId(1));
        await editField(app, 'name', ' (stray)', 'append');
        await app.press('esc');
        await openConfiguration(app, demoId(2));
        await editField(app, 'name', ' (meant)', 'append');
        await app.waitUntil(() => journalDrafts(app) === 2, 'both drafts in the journal');

        await app.press(':');
        await app.type('pending');
        await app.press('enter');
        await app.waitForText(reviewOf(2));
        // The cursor starts on the first change: the stray one.
        await app.waitForText(/acme-outdoor shop \(prod\) \(stray\)/);
        await app.press('x');
        await app.waitForText(/dropped .*\(stray\).*: 1 request left in this review/);
        await app.waitUntil(() => journalDrafts(app) === 1, 'the journal holds the one left');
        expect(app.screen()).not.toContain('(stray)"');
        expect(app.screen()).toContain('(meant)');

        await app.press('x');
        await app.waitForText(/dropped .*\(meant\).*: nothing left to send/);
        await app.waitUntil(() => journalDrafts(app) === 0, 'the journal empty');
        await app.press('esc', 'esc', 'q'); // back to the browser; q quits without asking: nothing is pending
        expect(await app.exited).toEqual({ exitCode: 0, signal: null });
        expect(writes(app.log())).toEqual([]);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
