// Purge from the TUI end to end against the emulator: P on a rule opens the form prefilled with
// the configuration's hosts × the rule's path; a URL of a host that is not the account's is added;
// the review shows the exact request; y sends it; the emulator's log has the POST with the URLs,
// and the screen shows the accepted group and the refused (403) one. Then the offer after a save.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, writes } from './flows-helpers.js';
import { RULE_FIELDS, focusLabel, focusRow, openTab } from './editors-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';

describe.skipIf(!existsSync(BIN))('purge', () => {
  it(
    "P on a rule: its path on the configuration's cnames; a URL not the account's flagged before y (the 403 foreseen), removed, the rest purged",
    async () => {
      const app = await startApp({ cols: 140, rows: 36 });
      const conf = demoId(1); // cname access only: its cnames are the hosts, not its domain name
      try {
        const rules = (await app.emulator.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{ id: number; path: string }>;
        const rule = rules.find((r) => r.path === '/returns.html')!;
        await openTab(app, conf, 'rules');
        await focusRow(app, rule.id);
        await app.press('P');
        await app.waitForText('Purge rule /returns.html');
        await app.waitForText('only the cnames answer');
        const prefilled = [
          'shop.acme-outdoor.example/returns.html',
          'www.acme-outdoor.example/returns.html',
          'acme-outdoor.example/returns.html',
        ];
        for (const url of prefilled) await app.waitForText(url);
        expect(app.screen()).toMatch(/kind +url/);
        await app.press('n');
        await app.type('www.not-ours.example/returns.html');
        await app.press('enter');
        // The form says it beside the URL; the review lists it under its request; y sends nothing.
        await app.waitForText(
          "URL 4  www.not-ours.example/returns.html  error: www.not-ours.example is not a domain name or cname of the account's",
        );
        await app.press('s');
        await app.waitForText('Purge (url): 4 URLs, 1 request · 1 URL would be refused · n/Esc back to fix them');
        await app.waitForText(`POST /purge/url {"urls": ["${prefilled[0]}"`);
        await app.waitForText("  ✗ www.not-ours.example/returns.html: www.not-ours.example is not a domain name or cname of the account's");
        await app.press('y');
        await app.waitForText('error: some URLs would be refused (listed): n goes back to fix or remove them');
        expect(writes(app.log())).toEqual([]);
        // Back to the URLs, on the fourth (the one added last): d removes it; the review has nothing to refuse.
        await app.press('n');
        await app.waitForText('URL 4  www.not-ours.example');
        expect(app.inverseRows().map((r) => app.inverseText(r))).toContainEqual(expect.stringMatching(/^URL 4 +www\.not-ours\.example/));
        await app.press('d');
        await app.waitForNoText('www.not-ours.example');
        await app.press('s');
        await app.waitForText('Purge (url): 3 URLs, 1 request · y sends');
        await app.press('y');
        await app.waitForText('Purged: 3 accepted');
        await app.waitForText('accepted 3 · HTTP/1.1 201 CREATED · Purge request successfully created');
        const sent = writes(app.log());
        expect(sent).toEqual([
          expect.objectContaining({ method: 'POST', path: '/purge/url', status: 201, body: { urls: prefilled, method: 'delete' } }),
        ]);

        // In the history, not undoable.
        await app.press('H');
        await app.waitForText('purge rule /returns.html');
        await app.press('z');
        await app.waitForText('a purge cannot be undone');
        expect(writes(app.log())).toHaveLength(1);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'after a saved rule the status line offers P purge; P purges its path as a wildcard on every host (one request each)',
    async () => {
      const app = await startApp({ cols: 140, rows: 36 });
      const conf = demoId(1);
      try {
        const rules = (await app.emulator.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{
          id: number;
          path: string;
          gzip: boolean;
        }>;
        const rule = rules.find((r) => r.path === '/static/')!;
        await openTab(app, conf, 'rules');
        await focusRow(app, rule.id);
        await app.press('enter');
        await app.waitForText(/^[* ] gzip /m);
        await focusLabel(app, 'gzip', RULE_FIELDS);
        await app.press('space', 's');
        await app.waitForText(`PATCH ${CFG}/${conf}/rules_engine/${rule.id} {"gzip": ${!rule.gzip}}`);
        await app.press('y');
        await app.waitForText('· P purge');
        await app.press('P');
        await app.waitForText('Purge rule /static/');
        await app.waitForText('shop.acme-outdoor.example/static/*');
        await app.press('s');
        await app.waitForText('Purge (wildcard): 3 URLs, 3 requests');
        await app.press('y');
        await app.waitForText('Purged: 3 accepted');
        const purges = writes(app.log()).filter((w) => w.path.startsWith('/purge/'));
        expect(purges.map((w) => w.body)).toEqual(
          ['shop.acme-outdoor.example', 'www.acme-outdoor.example', 'acme-outdoor.example'].map((h) => ({
            urls: [`${h}/static/*`],
            method: 'delete',
          })),
        );
        expect(purges.every((w) => w.path === '/purge/wildcard' && w.status === 201)).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
