// Issue 21, point 1, end to end: a state folder that cannot be written (a file where the folder
// should be: tests run as root, so permissions would not stop a write) never ends the app. The
// header says why and where, the draft stays in memory, and the next try after the folder can be
// written puts it on disk (no temporary file left). Quitting while drafts are not on disk asks
// first, and writes them to a file typed in, which copied into the state folder is offered back.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/store/journal.js';
import { tempDir } from '../helpers/emulator.js';
import { BIN, startApp, type App } from './harness.js';
import { editField, FIRST_LOAD_MS, LIST_LOADED, openConfiguration, reviewOf, visibleLines } from './flows-helpers.js';
import { journalDrafts } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const TIMEOUT = 60_000;

/** An XDG_STATE_HOME whose `cdn-tui` folder is a file: nothing can be written under it. */
function blockedState(): { state: string; blocker: string } {
  const state = tempDir('cdn-tui-state-');
  const blocker = join(state, 'cdn-tui');
  writeFileSync(blocker, '');
  return { state, blocker };
}

const NOT_SAVED = (blocker: string) => `drafts NOT saved to disk: not a folder, ${blocker}`;

describe.skipIf(!existsSync(BIN))('a state folder that cannot be written', () => {
  it(
    'the app keeps running and says why; the draft stays in memory and is written by the next try once the folder can be written',
    async () => {
      const { state, blocker } = blockedState();
      const app = await startApp({ stateDir: state, cols: 120 });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.waitForText(NOT_SAVED(blocker)); // at once, before any edit: under the header
        expect(app.line(1)).toContain(NOT_SAVED(blocker));
        await openConfiguration(app, demoId(3));
        await editField(app, 'name', 'kept in memory', 'replace');
        await new Promise((r) => setTimeout(r, 500)); // the journal's write has failed by now: nothing ended
        expect(app.hasExited()).toBe(false);
        expect(app.line(1)).toContain('drafts NOT saved to disk');
        expect(readdirSync(state)).toEqual(['cdn-tui']);

        rmSync(blocker); // the folder can be made now: the next try (every few seconds) writes the draft
        await app.waitForNoText('drafts NOT saved to disk', 10_000);
        await app.waitForText('drafts are saved to disk again');
        expect(journalDrafts(app)).toBe(1);
        const files = readdirSync(blocker);
        expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
        const journal = files.find((f) => f.endsWith('.json'))!;
        expect(readJournal(join(blocker, journal)).drafts[`configuration:${demoId(3)}`]?.values.name).toBe('kept in memory');

        // Still the same app: q at the top warns as ever (the draft is in the journal), q again quits.
        await app.press('q');
        await app.waitForText(LIST_LOADED);
        await app.press('q');
        await app.waitForText('(kept in the journal)');
        await app.press('q');
        expect(await app.exited).toEqual({ exitCode: 0, signal: null });
      } finally {
        await app.close();
      }
    },
    TIMEOUT,
  );

  it(
    'q with the draft not on disk asks first; y writes it to a file typed in, which copied into the state folder is offered at the next start',
    async () => {
      const { state, blocker } = blockedState();
      const first = await startApp({ stateDir: state, cols: 120 });
      let second: App | undefined;
      try {
        await openConfiguration(first, demoId(3));
        await editField(first, 'name', 'written elsewhere', 'replace');
        await first.press('q');
        await first.waitForText(LIST_LOADED);
        await first.press('q');
        await first.waitForText('1 pending change is NOT saved to disk: not a folder');
        await first.waitForText('y: write it to a file · q: quit anyway (it is lost) · Esc: stay');
        await first.press('esc'); // stay
        await first.waitForNoText('is NOT saved to disk: not a folder');
        expect(first.hasExited()).toBe(false);

        await first.press('q');
        await first.press('y');
        await first.waitForText('Write them to: ~/cdn-tui-drafts-');
        await first.waitForText('To get it back later, copy that file to this path and start cdn-tui:');
        const target = visibleLines(first)
          .map((l) => /\s(\/\S+\/cdn-tui\/drafts-[0-9a-f]{16}\.json)\s/.exec(l)?.[1])
          .find((path) => path !== undefined)!;
        expect(target.startsWith(`${blocker}/drafts-`)).toBe(true);
        const copy = join(tempDir('cdn-tui-copy-'), 'drafts.json');
        await first.press('ctrl-u');
        await first.type(copy);
        await first.press('enter');
        expect(await first.exited).toEqual({ exitCode: 0, signal: null });
        expect(readJournal(copy).drafts[`configuration:${demoId(3)}`]?.values.name).toBe('written elsewhere');

        // The folder can be written again; the file goes where the prompt said: offered at the next start.
        rmSync(blocker);
        mkdirSync(blocker);
        copyFileSync(copy, target);
        second = await startApp({ stateDir: state, emulator: first.emulator });
        await second.waitForText('1 unsaved change from your last session was kept.', FIRST_LOAD_MS);
        await second.press('enter');
        await second.waitForText(reviewOf(1));
        await second.waitForText('name: -"acme public api v2" → +"written elsewhere"');
      } finally {
        await second?.close();
        await first.close();
      }
    },
    TIMEOUT,
  );
});
