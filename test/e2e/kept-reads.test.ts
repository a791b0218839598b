// Kept reads in a real terminal (docs/ux.md §7), against an API 1.5 s away: a restart draws the kept
// rows before any answer, the header saying how old they are, until the refresh is in; find answers
// from the kept index, its results marked with their age until read again; the settings and a
// rule's form wait for a fresh read. A damaged keep file does not stop the start and is replaced; --no-cache neither
// shows nor writes kept lists.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepFile } from '../../src/store/keep/file.js';
import { decodeKeep, KEEP_FORMAT, KEEP_VERSION } from '../../src/store/keep/format.js';
import { readLog, spawnEmulator, tempDir, type ChildEmulator } from '../helpers/emulator.js';
import { BIN, startApp, type App } from './harness.js';
import { FIRST_LOAD_MS, LIST_LOADED } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const TIMEOUT = 90_000;
const SLOW = ['--seed', 'demo', '--latency', '1500'];

/** The keep file of the app's API in the cache folder `cache` (XDG_CACHE_HOME). */
const fileIn = (cache: string, emu: ChildEmulator) => keepFile(join(cache, 'cdn-tui'), emu.url);

interface Run {
  readonly emu: ChildEmulator;
  /** The emulator's request log. */
  readonly log: string;
  /** XDG_CACHE_HOME of every app of the run. */
  readonly cache: string;
  /** Starts the app against the emulator, with the run's cache folder. */
  start(args?: readonly string[]): Promise<App>;
}

/** Runs `test` with an emulator (`args`) and a cache folder; closes the apps and the emulator whatever happens. */
async function withEmulator(args: readonly string[], test: (run: Run) => Promise<void>): Promise<void> {
  const log = join(tempDir(), 'serve.log');
  const emu = await spawnEmulator([...args, '--log', log]);
  const apps: App[] = [];
  const cache = tempDir('cdn-tui-cache-');
  try {
    await test({
      emu,
      log,
      cache,
      start: async (more = []) => apps[apps.push(await startApp({ emulator: emu, cacheDir: cache, args: more })) - 1]!,
    });
  } finally {
    for (const app of apps) await app.close();
    await emu.close();
  }
}

/** `q` at the top quits (nothing pending): the kept lists are written as it ends. */
async function quit(app: App): Promise<void> {
  await app.press('q');
  await app.exited;
}

describe.skipIf(!existsSync(BIN))('kept reads', () => {
  it(
    'a restart 1.5 s from the API: kept rows and "as of" before any answer, find from the kept index, the settings and a rule form read again first',
    () =>
      withEmulator(SLOW, async ({ emu, log, cache, start }) => {
        const first = await start();
        await first.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await first.press(':');
        await first.type('/admin');
        await first.waitForText(/rule \/admin \(access_denied\)/, 20_000);
        await first.waitForNoText(/searched \d+ of \d+ configurations/, 30_000); // every rules list is in
        await first.press('escape');
        await quit(first);

        const file = fileIn(cache, emu);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
        const text = readFileSync(file, 'utf8');
        expect(text).not.toContain(emu.token);
        expect(decodeKeep(text)?.map((l) => l.list)).toEqual(
          expect.arrayContaining(['configurations', `rule:${demoId(1)}`, `rule:${demoId(2)}`]),
        );
        // Kept 12 minutes ago, as far as the next start can tell.
        const aged = JSON.parse(text) as { lists: Array<{ readAt: number }> };
        for (const l of aged.lists) l.readAt -= 12 * 60_000;
        writeFileSync(file, JSON.stringify(aged));

        // Requests the first app left out (find's origins, read behind) are answered and logged up
        // to 1.5 s after it quit: the count starts once the log is still.
        let answered = readLog(log).length;
        for (let still = Date.now(); Date.now() - still < 1800; await new Promise((r) => setTimeout(r, 100))) {
          if (readLog(log).length !== answered) [answered, still] = [readLog(log).length, Date.now()];
        }
        const second = await start();
        await second.waitForText(/as of 12 min ago/, 5000);
        expect(second.screen()).toMatch(new RegExp(`^[ !] +${demoId(1)} acme-outdoor shop`, 'm'));
        expect(readLog(log).length, 'rows before any answer').toBe(answered);
        // The settings are a form: read again before they are shown; a rule's form opens once its
        // kept list is read again.
        await second.press('enter');
        await second.waitForText(/loading this configuration…/, 5000);
        await second.press('2');
        await second.waitForText(/\/admin +access_denied/);
        await second.press('enter');
        await second.waitForText(/reading the rules as they are now…/, 5000);
        await second.waitForText(/^ {2}path +\/$/m, 10_000);
        await second.press('escape', '1');
        await second.waitForText(/^ {2}name +acme-outdoor shop \(prod\)$/m, 10_000);
        await second.press('q');
        await second.waitForText(/updated just now/, 10_000);
        expect(second.line(0)).not.toMatch(/as of/);

        // Find answers at once from the kept rules lists, marked, and reads them again behind.
        await second.press(':');
        await second.type('/admin');
        await second.waitForText(/rule \/admin \(access_denied\) .*· as of 12 min ago/, 2000);
        await second.waitForNoText(/as of 12 min ago/, 20_000);
        expect(second.screen()).toMatch(/rule \/admin \(access_denied\)/);
        await second.press('escape');
        await quit(second);
      }),
    TIMEOUT,
  );

  it(
    'a damaged keep file: the start goes on as without one, and the file is replaced',
    () =>
      withEmulator(['--seed', 'demo'], async ({ emu, cache, start }) => {
        const file = fileIn(cache, emu);
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        writeFileSync(file, `{"format":"${KEEP_FORMAT}","version":${KEEP_VERSION},"lists":[{"list":"configurations","readAt":17`, {
          mode: 0o600,
        });
        const app = await start();
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        await app.waitForText(/updated just now/);
        expect(app.screen()).not.toMatch(/error|as of/);
        await app.waitUntil(
          () => decodeKeep(readFileSync(file, 'utf8'))?.[0]?.list === 'configurations',
          'the keep file written anew',
          10_000,
        );
        await quit(app);
      }),
    TIMEOUT,
  );

  it(
    '--no-cache: kept rows never shown, nothing written',
    () =>
      withEmulator(SLOW, async ({ emu, cache, start }) => {
        const file = fileIn(cache, emu);
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        const record = {
          id: 1,
          name: 'only-in-the-keep',
          domain_name: 'kept.map.edge.example',
          active: true,
          delivery_protocol: 'http',
          cname: [],
        };
        const kept = JSON.stringify({
          format: KEEP_FORMAT,
          version: KEEP_VERSION,
          lists: [{ list: 'configurations', readAt: Date.now(), total: 1, records: [record] }],
        });
        writeFileSync(file, kept, { mode: 0o600 });
        const app = await start(['--no-cache']);
        await app.waitForText(LIST_LOADED, FIRST_LOAD_MS);
        expect(app.rawOutput()).not.toMatch(/only-in-the-keep|as of/);
        await quit(app);
        expect(readdirSync(dirname(file)).filter((n) => n.startsWith('lists-'))).toEqual([file.slice(dirname(file).length + 1)]);
        expect(readFileSync(file, 'utf8')).toBe(kept);
      }),
    TIMEOUT,
  );
});
