// A server that comes back, and a token that is rotated (issue 21, point 4), end to end against a
// child emulator that is stopped and started again on the same port with the same data file:
// - offline, the header counts down to the next try and goes back to "updated just now" with no
//   key pressed once the emulator listens again; an idle app that is online writes nothing;
// - the token rejected (401): the login overlay opens, the password is typed masked, the new token
//   is saved to the profile (0600) and used at once, and the draft made before is then sent from
//   the review. Neither the password nor a token is ever on screen.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnEmulator, tempDir, type ChildEmulator } from '../helpers/emulator.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, LIST_LOADED, editField, openConfiguration, reviewOf } from './flows-helpers.js';
import { existsSync } from 'node:fs';
import { demoId } from '../helpers/seed-ids.js';

const TOKEN = 'e2e-reconnect-token-1111';
const ROTATED = 'e2e-reconnect-token-2222';
const USER = 'alice';
const PASSWORD = 'pass-word-4242';
const TIMEOUT = 120_000;

let app: App | undefined;
let emulator: ChildEmulator | undefined;
afterEach(async () => {
  await app?.close();
  await emulator?.close();
  app = undefined;
  emulator = undefined;
});

/** A port nothing listens on now (bound once by the kernel's choice, then let go), for the emulator and its restart. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `cdn-tui serve` on `port` with a data file: started again with the same arguments, it serves the same data. */
function emulatorArgs(port: number, extra: readonly string[]): string[] {
  return ['--seed', 'demo', '--data', join(tempDir('cdn-tui-reconnect-'), 'data.jsonl'), '--port', String(port), ...extra];
}

const header = (a: App) => a.line(0);
const countdown = (a: App) => Number(/offline · retrying in (\d+) s \(r now\)/.exec(header(a))?.[1] ?? NaN);

describe.skipIf(!existsSync(BIN))('a server that comes back, a token that is rotated', () => {
  it(
    'the emulator stopped and started again on the same port: offline with a countdown, then "updated just now" with no key pressed',
    async () => {
      const port = await freePort();
      const args = emulatorArgs(port, ['--token', TOKEN]);
      emulator = await spawnEmulator(args);
      app = await startApp({ args: ['--base-url', emulator.url, '--token', TOKEN], emulator: false });
      const a = app;
      await a.waitForText(LIST_LOADED, FIRST_LOAD_MS);
      await a.waitUntil(() => header(a).includes('updated just now'), 'the header says "updated just now"');

      await emulator.close();
      await a.press('r'); // the idle app asks nothing of the API until something is read
      await a.waitUntil(() => /offline · retrying/.test(header(a)), 'the header says offline', 15_000);
      // The countdown moves by itself, a second at a time.
      await a.waitUntil(() => countdown(a) >= 2, 'a countdown of 2 s or more', 20_000);
      const from = countdown(a);
      await a.waitUntil(() => countdown(a) === from - 1, `the countdown to go from ${from} to ${from - 1}`, 3000);

      emulator = await spawnEmulator(args);
      const back = Date.now();
      await a.waitUntil(() => header(a).includes('updated just now'), 'the header back to "updated just now"', 35_000);
      expect(Date.now() - back).toBeLessThan(35_000);
      expect(header(a)).not.toContain('offline');
      await a.waitForText(LIST_LOADED);
      // Online and idle: the terminal gets nothing (no countdown, no clock).
      await a.waitForIdle(3000, 8000);
      expect(a.rawOutput()).not.toContain(TOKEN);
    },
    TIMEOUT,
  );

  it(
    'the token rotated: the login overlay, user and masked password, the new token saved to the profile, then the draft sent from the review',
    async () => {
      const port = await freePort();
      const args = emulatorArgs(port, ['--user', `${USER}:${PASSWORD}`]);
      emulator = await spawnEmulator([...args, '--token', TOKEN]);
      app = await startApp({ args: ['--base-url', emulator.url, '--token', TOKEN], emulator: false, cols: 120, rows: 30 });
      const a = app;
      await openConfiguration(a, demoId(3));
      await editField(a, 'name', 'acme public api v3', 'replace');
      await a.waitForText(/· 1 pending/); // the footer

      // The API now knows another token only (same data, same port).
      await emulator.close();
      emulator = await spawnEmulator([...args, '--token', ROTATED]);
      await a.press('s');
      await a.waitForText(reviewOf(1));
      await a.press('y');
      await a.waitForText('Log in again to', 15_000);
      const overlay = a.screen().replace(/[│\s]+/g, ' ');
      expect(overlay).toContain('The API rejected the token given by --token (401).');
      expect(overlay).toContain('Logging in here saves a new token in profile "default"');
      expect(overlay).toContain('a new start with --token still sends the old one');

      await a.type(USER);
      await a.press('enter');
      await a.waitForText('Enter: log in · Esc: back to the user name');
      await a.type(PASSWORD);
      await a.waitForText(`Password:  ${'*'.repeat(PASSWORD.length)}`);
      await a.press('enter');
      await a.waitForText(/logged in as alice; token saved in profile "default" \(expires /, 15_000);
      await a.waitForNoText('Log in again to');

      const path = join(a.configDir, 'cdn-tui', 'config.json');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const saved: { profiles: Record<string, { base_url?: string; token?: string }> } = JSON.parse(readFileSync(path, 'utf8'));
      const token = saved.profiles.default?.token ?? '';
      expect(saved.profiles.default?.base_url).toBe(emulator.url);
      expect(token).toMatch(/^\S{8,}$/);
      expect([TOKEN, ROTATED]).not.toContain(token);

      // The draft was kept through the 401: sent now from the review, with the new token.
      await a.waitForText(/· 1 pending/); // the footer
      await a.press('s');
      await a.waitForText(reviewOf(1));
      await a.press('y');
      await a.waitForText('saved configuration acme public api v3', 15_000);
      const record = await emulator.call('GET', `/content_delivery/configurations/${demoId(3)}`, { token });
      expect(record.status).toBe(200);
      expect(record.body.name).toBe('acme public api v3');

      const output = a.rawOutput();
      for (const secret of [PASSWORD, token, TOKEN, ROTATED]) expect(output).not.toContain(secret);
    },
    TIMEOUT,
  );
});
