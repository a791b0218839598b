// Leaving for a moment or for good, as an ops engineer does over SSH (issue 31): Ctrl-Z stops the
// process with the terminal given back (main screen, cursor shown, no bracketed paste), SIGCONT
// (the shell's fg) redraws it whole and keys work; Ctrl-Z in the middle of a paced send loses and
// repeats nothing; Ctrl-C with drafts pending exits 130 and says on stderr what was kept.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FLOW_TIMEOUT, LIST_LOADED, openConfiguration } from './flows-helpers.js';
import { CFG, records } from './view-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

/** The process state letter of /proc/<pid>/status: `T` stopped, `S` sleeping, `R` running. */
function state(pid: number): string {
  return /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
}

/** The row of the focus bar among the browser's rows. */
const barRow = (app: App) => app.inverseRows().find((r) => r > 2);

describe.skipIf(!existsSync(BIN) || process.platform !== 'linux')('job control', () => {
  it(
    'Ctrl-Z: stopped (T), the terminal given back; SIGCONT: redrawn whole, j moves',
    async () => {
      const app = await startApp({ args: ['--demo'] });
      try {
        await app.waitForText(LIST_LOADED);
        expect(app.alternateScreen()).toBe(true);
        await app.waitUntil(() => app.rawOutput().includes('\u001b[?2004h'), 'bracketed paste on while the app runs');
        const before = app.rawOutput().length;
        app.write('\u001a');
        await app.waitUntil(() => state(app.pid) === 'T', 'the process stopped');
        // What the stopped process wrote before it stopped, once the terminal has read it all.
        const handedBack = () => app.rawOutput().slice(before);
        await app.waitUntil(
          () => !app.alternateScreen() && handedBack().includes('\u001b[?2004l'),
          'the main screen back, bracketed paste off',
        );
        expect(handedBack()).toContain('\u001b[?25h'); // the cursor shown

        process.kill(app.pid, 'SIGCONT');
        await app.waitUntil(() => app.alternateScreen() && LIST_LOADED.test(app.screen()), 'redrawn whole');
        const at = barRow(app)!;
        await app.press('j');
        await app.waitUntil(() => barRow(app) === at + 1, 'the bar one row down');
        expect(state(app.pid)).not.toBe('T');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'Ctrl-Z in the middle of a paced send: after SIGCONT every change is applied, each once',
    async () => {
      // 2 writes a 2 s window: 6 PATCHes wait for the limit twice.
      const app = await startApp({ cols: 120, rows: 34, emulatorArgs: ['--rate-limit', '1000/2', '--rate-window', '2'] });
      try {
        const path = `${CFG}/${demoId(1)}/rules_engine`;
        const rules = (await records<{ id: number; waf_rule_set_id: number | null }>(app, path)).slice(0, 6);
        await openConfiguration(app, demoId(1));
        await app.press('2');
        await app.waitForText(/\d+ of \d+ rules/);
        for (let i = 0; i < 6; i++) await app.press('space');
        await app.waitForText('6 marked');
        await app.press('enter');
        await app.waitForText('Bulk edit of 6 rules');
        for (let i = 0; i < 8; i++) await app.press('down'); // path … WAF rule set
        await app.press('enter', 'ctrl-u');
        await app.type('31');
        await app.press('enter', 's');
        await app.waitForText('Review: 6 changes, 6 requests · y sends all');
        const sent = app.log().length;
        await app.press('y');
        await app.waitForText(/next in/);
        app.write('\u001a');
        await app.waitUntil(() => state(app.pid) === 'T', 'the process stopped mid-send');
        await new Promise((r) => setTimeout(r, 2500)); // a window passes while it is stopped
        process.kill(app.pid, 'SIGCONT');
        await app.waitForText('6 applied', 20_000);
        const patches = app
          .log()
          .slice(sent)
          .filter((l) => l.method === 'PATCH');
        expect(patches.filter((l) => l.status === 200)).toHaveLength(6);
        expect(new Set(patches.map((l) => l.path)).size).toBe(6);
        expect(
          (await records<{ id: number; waf_rule_set_id: number | null }>(app, path)).slice(0, 6).map((r) => r.waf_rule_set_id),
        ).toEqual(rules.map(() => 31));
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT * 2,
  );

  it(
    'Ctrl-C with two drafts pending: exit 130, and after the screen is restored one line says they were kept',
    async () => {
      const app = await startApp({ args: ['--demo'] });
      try {
        await openConfiguration(app, demoId(3));
        await app.waitForText('delivery protocol');
        await app.press('j', 'space'); // active: off
        await app.waitForText(/^\* active +no/m);
        await app.press('esc', 'j', 'enter');
        await app.waitForText('delivery protocol');
        await app.press('j', 'space');
        await app.waitForText(/^\* active +no/m);
        await app.waitForText('2 pending');
        app.write('\u0003');
        const exit = await app.exited;
        expect(exit.exitCode).toBe(130);
        expect(app.alternateScreen()).toBe(false);
        expect(app.screen()).toContain('2 unsent changes kept: cdn-tui offers them at the next start');
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
