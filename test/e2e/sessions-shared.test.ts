// Issue 21, point 2, end to end: two cdn-tui on one profile (one state folder, one API). Each
// says the other is open (the one started first within a few seconds); each keeps its own draft;
// the one that applies takes only its own draft off disk; the other, killed with SIGKILL, leaves
// its draft to the next start, which offers it, and restoring it applies exactly that draft.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { editField, FIRST_LOAD_MS, LIST_LOADED, openConfiguration, reviewOf, visibleLines, writes } from './flows-helpers.js';
import { journalDrafts } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const OTHERS = 'another cdn-tui is open on this profile';
const CFG = '/content_delivery/configurations';

describe.skipIf(!existsSync(BIN))('two sessions on one profile', () => {
  it("A and B edit different configurations; B applies; A is killed; a third start offers A's draft, and restoring it applies just that", async () => {
    const a = await startApp({ cols: 120 });
    let b: App | undefined;
    let c: App | undefined;
    try {
      await a.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      expect(a.screen()).not.toContain(OTHERS);
      b = await startApp({ cols: 120, stateDir: a.stateDir, emulator: a.emulator });
      await b.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      expect(b.line(1)).toBe(OTHERS); // at once, under the header
      await a.waitForText(OTHERS, 8000); // the first one finds out within a few seconds
      expect(b.screen()).not.toContain('unsaved change'); // nothing of A's offered to B

      await openConfiguration(a, demoId(3));
      await editField(a, 'name', "A's edit", 'replace');
      await openConfiguration(b, demoId(5));
      await editField(b, 'name', "B's edit", 'replace');
      await a.waitUntil(() => journalDrafts(a) === 2, "both drafts on disk, each in its session's journal");

      await b.press('s');
      await b.waitForText(reviewOf(1));
      await b.press('y');
      await b.waitForText(`✓ saved configuration B's edit (${demoId(5)})`);
      await b.waitUntil(() => journalDrafts(b!) === 1, "B's draft off disk, A's still there");
      expect(writes(a.log()).map((w) => w.path)).toEqual([`${CFG}/${demoId(5)}`]);

      a.kill('SIGKILL');
      expect(await a.exited).toMatchObject({ signal: 'SIGKILL' });

      c = await startApp({ cols: 120, stateDir: a.stateDir, emulator: a.emulator });
      await c.waitForText('1 unsaved change from your last session was kept.', FIRST_LOAD_MS);
      expect(c.line(1)).toBe(OTHERS); // B is still open
      await c.press('enter');
      await c.waitForText(reviewOf(1));
      await c.waitForText(`  PATCH ${CFG}/${demoId(3)} {`);
      const review = visibleLines(c);
      expect(review).toContain('  name: -"acme public api v2" → +"A\'s edit"');
      expect(review.join('\n')).not.toContain("B's edit");
      await c.press('y');
      await c.waitForText(`✓ saved configuration A's edit (${demoId(3)})`);
      expect((await a.emulator.call('GET', `${CFG}/${demoId(3)}`)).body.name).toBe("A's edit");
      expect((await a.emulator.call('GET', `${CFG}/${demoId(5)}`)).body.name).toBe("B's edit");
      await c.waitUntil(() => journalDrafts(c!) === 0, 'no draft left on disk');
    } finally {
      await c?.close();
      await b?.close();
      await a.close();
    }
  }, 90_000);
});
