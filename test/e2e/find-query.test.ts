// The palette's find takes the query language (docs/ux.md §10): `behavior:redirect in:GLOB` lists
// the redirect rules of the configurations the glob keeps, reading only their rules; a query that
// is not one says why under it and stays as typed; `kind:cache` finds cache settings and Enter
// opens the configuration on that tab; a query written in one read with Enter at its end opens its match.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp } from './harness.js';
import { FIRST_LOAD_MS, FLOW_TIMEOUT } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

describe.skipIf(!existsSync(BIN))('find with a query', () => {
  it(
    'fields and in: across configurations, reading only what the query needs; an unknown field named; a cache setting opened',
    async () => {
      const app = await startApp({ cols: 110, rows: 30 });
      try {
        await app.waitForText(/of 12 configurations/, FIRST_LOAD_MS);
        const before = app.log().length;
        await app.press(':');
        await app.paste('behavior:redirect in:"acme-outdoor shop*"'); // at once: typed, its first letters find everywhere
        await app.waitForText(/rule \/returns\.html \(redirect\) +acme-outdoor shop \(prod\)/, 20_000);
        await app.waitForText(/3 of \d+ entries/); // the two rules, and all the matches as a list
        // Only the rules of the two configurations the glob keeps were read (no origins, no cache settings).
        const read = app
          .log()
          .slice(before)
          .map((l) => l.path)
          .filter((p) => /\/(rules_engine|cache_settings|origins)/.test(p));
        expect(read.map((p) => p.replace(/\?.*/, '')).sort()).toEqual(
          [1, 2].map((n) => `/content_delivery/configurations/${demoId(n)}/rules_engine`),
        );

        await app.press('ctrl-u');
        await app.type('gzp:false');
        await app.waitForText(/unknown field gzp \(gzip\?\): the fields are id, name,/);
        expect(app.screen()).toContain(':gzp:false');

        await app.press('ctrl-u');
        await app.type('kind:cache "html no-cache"');
        await app.waitForText(/cache setting html no-cache \(honor\) +acme-outdoor shop \(staging\) \(\d+\)/, 20_000);
        await app.press('down', 'enter'); // the first entry is all the matches as a list; the next, the match
        await app.waitForText(new RegExp(`› acme-outdoor shop \\(staging\\) \\(${demoId(2)}\\) › cache settings`));

        // Keys in one read (typed ahead over a slow link, Enter last): the query is worked out once,
        // for the whole burst, and Enter acts on all of it — every key kept.
        await app.press(':');
        await app.press('ctrl-u');
        app.write('path:/returns.html in:"acme-outdoor shop (prod)"\r');
        await app.waitForText(new RegExp(`› acme-outdoor shop \\(prod\\) \\(${demoId(1)}\\) › rules`));
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
