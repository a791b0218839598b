// Profiles in the TUI (docs/ux.md §8), in a real terminal against two emulators named as profiles in a
// 0600 config file: the palette lists them, choosing one switches the whole app (the header names
// it, its own configurations are listed), a draft stays with its profile across switches, and a
// profile without a token is refused with a sentence, one whose token is rejected offers the login
// (no crash, no token on screen).
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, LIST_LOADED, editField, openConfiguration } from './flows-helpers.js';
import { twoProfiles, type TwoProfiles } from './profiles-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const TIMEOUT = 90_000;

let run: TwoProfiles | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

/** Chooses a palette entry by typing its words (the query cleared first). */
async function palette(app: App, query: string): Promise<void> {
  await app.press(':');
  await app.waitForText(ENTRIES);
  await app.press('ctrl-u');
  await app.type(query);
  await app.press('enter');
  await app.waitForNoText(ENTRIES);
}

const header = (app: App) => app.line(0);
/** The palette's status line. */
const ENTRIES = /\d+ of \d+ entr/;

describe.skipIf(!existsSync(BIN))('profiles in the TUI', () => {
  it(
    'the palette lists the profiles; choosing one switches the app; drafts stay with their profile (and q warns of them); a profile without a token is refused',
    async () => {
      run = await twoProfiles();
      // prod holds one configuration more than staging.
      const made = await run.prod.call('POST', '/content_delivery/configurations', {
        body: { name: 'prod-only-site', origin_address: 'o.example.com', origin_host_header: 'o.example.com' },
      });
      expect(made.status).toBe(201);
      // A third profile without a token: switching to it says why, nothing else changes.
      const file = join(run.configDir, 'cdn-tui', 'config.json');
      const config = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown> };
      config.profiles.tokenless = { base_url: run.prod.url };
      // And one whose token the API rejects (expired): the login offer of that profile.
      config.profiles.expired = { base_url: run.prod.url, token: 'expired-token-0123' };
      writeFileSync(file, JSON.stringify(config));
      chmodSync(file, 0o600);

      const app = await run.start('staging');
      await app.waitForText('12 of 12 configurations', FIRST_LOAD_MS);
      expect(header(app)).toContain('staging');

      await app.press(':');
      await app.waitForText('profile prod');
      expect(app.screen()).toMatch(/profile staging .*127\.0\.0\.1.* · on screen/);
      expect(app.screen()).toContain('profile tokenless');
      await app.press('esc');

      // A draft in staging: the name of the first configuration.
      await openConfiguration(app, demoId(1));
      await editField(app, 'name', '-staged', 'append');
      await app.press('esc');
      await app.waitForText(LIST_LOADED);
      await app.waitForText('1 pending');

      await palette(app, 'profile prod');
      await app.waitForText('13 of 13 configurations', FIRST_LOAD_MS);
      expect(header(app)).toContain('prod');
      expect(header(app)).not.toContain('staging');
      expect(app.screen()).toContain('prod-only-site');
      expect(app.screen()).not.toContain('1 pending');
      // prod's API was asked, with prod's token (the emulator answered 200).
      expect(run.log('prod').some((l) => l.method === 'GET' && l.status === 200)).toBe(true);

      await palette(app, 'profile tokenless');
      await app.waitForText(/cannot switch to profile tokenless: profile "tokenless" has no token/);
      expect(header(app)).toContain('prod');

      await palette(app, 'profile expired');
      await app.waitForText('User name: ', FIRST_LOAD_MS);
      expect(header(app)).toContain('expired');
      await app.press('esc');
      await app.waitForNoText('User name: ');

      await palette(app, 'profile staging');
      await app.waitForText('12 of 12 configurations');
      expect(header(app)).toContain('staging');
      await app.waitForText('1 pending');
      expect(app.screen()).not.toContain('prod-only-site');
      // The draft is where it was made: the configuration's name still reads `-staged`.
      await app.press(':', 'ctrl-u');
      await app.waitForText('pending changes (1)');
      await app.press('esc');

      // Quitting from prod warns of staging's draft too; a second q quits, the draft kept on disk.
      await palette(app, 'profile prod');
      await app.waitForText('13 of 13 configurations');
      await app.press('q');
      // At 100 columns the question keeps its keys whole and cuts its words.
      await app.waitForText(/^unsaved: 1 pending change in profile staging \(kept in the jour… q again to quit, : pending to review$/m);
      await app.press('q');
      await app.exited;
      const journals = readdirSync(join(app.stateDir, 'cdn-tui')).filter((f) => /^drafts-.*\.json$/.test(f));
      expect(journals.map((f) => readFileSync(join(app.stateDir, 'cdn-tui', f), 'utf8')).join('\n')).toContain('-staged');

      const shown = app.rawOutput();
      expect(shown).not.toContain(run.staging.token);
      expect(shown).not.toContain(run.prod.token);
      expect(shown).not.toContain('expired-token-0123');
      // Nothing was sent to either API (prod's one write is the test's own POST).
      const writesOf = (which: 'staging' | 'prod') => run!.log(which).filter((l) => l.method !== 'GET' && l.method !== 'HEAD');
      expect(writesOf('staging')).toEqual([]);
      expect(writesOf('prod').map((l) => l.method)).toEqual(['POST']);
    },
    TIMEOUT,
  );

  it(
    'the demo without a config file: the palette says there are no profiles',
    async () => {
      const app = await startApp({ args: ['--demo'] });
      try {
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.press(':');
        await app.type('profiles');
        await app.waitForText(/no profiles +cdn-tui login --profile NAME adds one/);
        await app.press('enter');
        await app.waitForNoText(ENTRIES);
        expect(header(app)).toContain('DEMO');
      } finally {
        await app.close();
      }
    },
    TIMEOUT,
  );
});
