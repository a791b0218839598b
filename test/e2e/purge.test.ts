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
    "P on a rule: its path on the configuration's cnames, one more URL refused (403 in a 207), each group shown",
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
        const prefilled = ['shop.acme-outdoor.example/returns.html', 'www.acme-outdoor.example/returns.html', 'acme-outdoor.example/returns.html'];
        for (const url of prefilled) await app.waitForText(url);
        expect(app.screen()).toMatch(/kind +url/);
        await app.press('n');
        await app.type('www.not-ours.example/returns.html');
        await app.press('enter');
        await app.press('s');
        const urls = [...prefilled, 'www.not-ours.example/returns.html'];
        await app.waitForText('Purge (url): 4 URLs, 1 request');
        await app.waitForText(`POST /purge/url {"urls": ["${urls[0]}"`);
        expect(writes(app.log())).toEqual([]); // nothing before y
        await app.press('y');
        await app.waitForText('Purged: 3 accepted, 1 refused');
        await app.waitForText('accepted 3 · HTTP/1.1 201 CREATED · Purge request successfully created');
        await app.waitForText('refused 1 · HTTP/1.1 403 FORBIDDEN · Unauthorized domain for your account');
        await app.waitForText('error: purge of rule /returns.html');
        const sent = writes(app.log());
        expect(sent).toEqual([expect.objectContaining({ method: 'POST', path: '/purge/url', status: 207, body: { urls, method: 'delete' } })]);

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
        const rules = (await app.emulator.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{ id: number; path: string; gzip: boolean }>;
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
          ['shop.acme-outdoor.example', 'www.acme-outdoor.example', 'acme-outdoor.example'].map((h) => ({ urls: [`${h}/static/*`], method: 'delete' })),
        );
        expect(purges.every((w) => w.path === '/purge/wildcard' && w.status === 201)).toBe(true);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
