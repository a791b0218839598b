// A rate limit paces the work, it never fails it (docs/ux.md §7): against `cdn-tui serve --rate-limit`
// with a 5 s window (the real service's minute, shorter), a bulk edit of 30 rules at 10 writes a
// window ends with each rule written exactly once and at most one 429, the status line counting
// down meanwhile; Esc mid-job keeps what has not gone as drafts, and `y` later sends just those;
// a clone of a configuration with 20 rules goes through whole; find anywhere over 40
// configurations at 10 reads a window searches them all, saying how far it is.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FLOW_TIMEOUT, LIST_LOADED, openConfiguration, reviewOf } from './flows-helpers.js';
import { readLog, spawnEmulator, tempDir, type ChildEmulator, type LogLine } from '../helpers/emulator.js';
import { confNamed, contentsOf, requestsToMake } from '../helpers/contents.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const APP_TOKEN = 'paced-app-token-5f1c9a';
/** Another token sets the scene: the rate limit counts per token. */
const SETUP_TOKEN = 'paced-setup-token-83d2e0';
const PACED_TIMEOUT = 4 * FLOW_TIMEOUT;

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
});

interface Scene {
  readonly app: App;
  readonly emu: ChildEmulator;
  log(): LogLine[];
}

/** The demo at 10 writes (and 1000 reads) a 5 s window, configuration 5 grown to `rules` rules, and the TUI on it. */
async function scene(rules: number): Promise<Scene> {
  const logFile = join(tempDir(), 'emulator.log');
  const emu = await spawnEmulator([
    '--seed',
    'demo',
    '--log',
    logFile,
    '--token',
    APP_TOKEN,
    '--token',
    SETUP_TOKEN,
    '--rate-limit',
    '1000/10',
    '--rate-window',
    '5',
  ]);
  closing.push(() => emu.close());
  const setup = (method: string, path: string, body?: unknown) =>
    emu.call(method, path, { token: SETUP_TOKEN, ...(body === undefined ? {} : { body }) });
  const origin = ((await setup('GET', `${CFG}/${demoId(5)}/origins`)).body as Array<{ id: number }>)[0]!.id;
  const have = ((await setup('GET', `${CFG}/${demoId(5)}/rules_engine`)).body as unknown[]).length;
  for (let i = have; i < rules; i++) {
    for (;;) {
      const made = await setup('POST', `${CFG}/${demoId(5)}/rules_engine`, {
        path: `/paced-${i}/`,
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: origin,
      });
      if (made.status === 201) break;
      expect(made.status).toBe(429);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const app = await startApp({ emulator: emu, rows: 40, cols: 120 });
  closing.push(() => app.close());
  // The app's own requests (the setup's token is not in the log, but its requests came first).
  const before = readLog(logFile).length;
  return { app, emu, log: () => readLog(logFile).slice(before) };
}

/** Opens configuration 5's rules, marks the first `n`, and opens the bulk form's review of a changed forward_cookies. */
async function reviewBulk(app: App, n: number): Promise<void> {
  await openConfiguration(app, demoId(5));
  await app.press('2');
  await app.waitForText(/\/paced-\d+\//);
  for (let i = 0; i < n; i++) await app.press('space');
  await app.press('enter');
  await app.waitForText(`Bulk edit of ${n} rules`);
  // forward cookies: the eighth field; → cycles its value for every marked rule.
  await app.press('j', 'j', 'j', 'j', 'j', 'j', 'j', 'l');
  await app.waitForText(/^\* forward cookies/m);
  await app.press('s');
  await app.waitForText(reviewOf(n));
}

const patches = (log: readonly LogLine[]) => log.filter((l) => l.method === 'PATCH' && /\/rules_engine\/\d+$/.test(l.path));

describe.skipIf(!existsSync(BIN))('paced by the rate limit', () => {
  it(
    'a bulk edit of 30 rules at 10 writes a window: the countdown on screen, each rule written once, at most one 429',
    async () => {
      const { app, log } = await scene(30);
      await reviewBulk(app, 30);
      await app.press('y');
      // The first wait: the window's length is not known from one window's answers.
      await app.waitForText(/sent \d+ of 30 · rate limit reached · next in \d+ s · about \d+ s left/, 10_000);
      // The next: the two windows' resets show it.
      await app.waitForText(/sent \d+ of 30 · rate limit 10 writes\/\d+ s · next in \d+ s · about \d+ s left/, 20_000);
      const first = /next in (\d+) s/.exec(app.screen())![1]!;
      // The seconds count down while it waits.
      await app.waitUntil(() => {
        const now = /next in (\d+) s/.exec(app.screen())?.[1];
        return now !== undefined && Number(now) < Number(first);
      }, 'the countdown to move');
      await app.waitForText('✓ 30 applied', 30_000);
      const sent = patches(log());
      expect(sent.filter((l) => l.status === 200)).toHaveLength(30);
      expect(new Set(sent.filter((l) => l.status === 200).map((l) => l.path)).size).toBe(30);
      expect(sent.filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
      // The header never showed the limit as an error.
      expect(app.screen()).not.toMatch(/rate limited \(429\)/);
    },
    PACED_TIMEOUT,
  );

  it(
    'a first answer mid-window: "rate limit reached" with the time left, never that time as the window; the next window says its length',
    async () => {
      const { app, emu } = await scene(25);
      await reviewBulk(app, 25);
      // The app's token opens its write window now (a PATCH of a name to itself); 2 s later the
      // bulk edit's first answer comes with about 3 s of that 5 s window left.
      const { name } = (await emu.call('GET', `${CFG}/${demoId(1)}`, { token: SETUP_TOKEN })).body as { name: string };
      expect((await emu.call('PATCH', `${CFG}/${demoId(1)}`, { token: APP_TOKEN, body: { name } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_000));
      await app.press('y');
      await app.waitForText(/sent \d+ of 25 · rate limit reached · next in [1-4] s/, 10_000);
      expect(app.screen()).not.toMatch(/writes\//);
      await app.waitForText(/sent \d+ of 25 · rate limit 10 writes\/[56] s · next in \d+ s/, 20_000);
      await app.waitForText('✓ 25 applied', 30_000);
    },
    PACED_TIMEOUT,
  );

  it(
    'Esc while it waits: what went stays, the rest are drafts listed in the review; y later sends just those',
    async () => {
      const { app, log } = await scene(30);
      await reviewBulk(app, 30);
      await app.press('y');
      await app.waitForText(/next in \d+ s/, 10_000);
      await app.press('esc');
      await app.waitForText(/\d+ applied, \d+ not sent \(kept as drafts\)/);
      const [, applied, held] = /(\d+) applied, (\d+) not sent/.exec(app.screen())!.map(Number);
      expect(applied! + held!).toBe(30);
      expect(held).toBeGreaterThan(0);
      expect(app.screen()).toContain('stopped before it was sent (kept as a draft)');
      expect(patches(log()).filter((l) => l.status === 200)).toHaveLength(applied!);
      // The held drafts are still pending; sending again goes on from there.
      await app.waitForText(new RegExp(`${held} pending`));
      await app.press('y');
      await app.waitForText(`✓ ${held} applied`, 30_000);
      const ok = patches(log()).filter((l) => l.status === 200);
      expect(ok).toHaveLength(30);
      expect(new Set(ok.map((l) => l.path)).size).toBe(30);
    },
    PACED_TIMEOUT,
  );

  it(
    'a clone of a configuration with 20 rules, sent one at a time under the limit, holds what the source holds',
    async () => {
      const { app, emu, log } = await scene(20);
      await app.waitForText(LIST_LOADED);
      const source = await contentsOf(emu, demoId(5));
      const requests = requestsToMake(source);
      expect(requests).toBeGreaterThan(20);
      await app.press('j', 'j', 'j', 'j', 'C');
      await app.waitForText('Name of the clone: acme brand site (copy)');
      await app.press('enter');
      await app.waitForText(new RegExp(`Review: \\d+ changes, ${requests} requests`));
      await app.press('y');
      await app.waitForText(/next in \d+ s/, 10_000);
      await app.waitForText(`✓ ${requests} applied`, 60_000);
      const clone = await confNamed(emu, 'acme brand site (copy)');
      expect(await contentsOf(emu, clone!)).toEqual(source);
      const writes = log().filter((l) => l.method !== 'GET');
      expect(writes.filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
      expect(writes.filter((l) => l.status !== 429)).toHaveLength(requests);
    },
    PACED_TIMEOUT,
  );

  it(
    'find anywhere over 40 configurations at 10 reads a window: progress with the countdown, every configuration searched, no 429',
    async () => {
      const logFile = join(tempDir(), 'emulator.log');
      const emu = await spawnEmulator([
        '--seed',
        '40',
        '--log',
        logFile,
        '--token',
        APP_TOKEN,
        '--rate-limit',
        '10/100',
        '--rate-window',
        '5',
      ]);
      closing.push(() => emu.close());
      const app = await startApp({ emulator: emu, rows: 30, cols: 100 });
      closing.push(() => app.close());
      await app.waitForText(LIST_LOADED);
      await app.press(':');
      await app.type('/admin');
      await app.waitForText(/searched \d+ of 40 configurations · rate limit 10 reads\/\d+ s · next in \d+ s/, 15_000);
      await app.waitForText(/rule \/admin/);
      // A path needs the rules only: done once every configuration's rules are in.
      await app.waitUntil(() => !/searched \d+ of 40/.test(app.screen()), 'every configuration searched', 60_000);
      const rulesRead = readLog(logFile).filter((l) => l.method === 'GET' && /\/rules_engine/.test(l.path));
      expect(new Set(rulesRead.filter((l) => l.status === 200).map((l) => l.path.split('?')[0])).size).toBe(40);
      expect(readLog(logFile).filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
    },
    PACED_TIMEOUT,
  );
});
