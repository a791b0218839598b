// The TUI against APIs that fail in one way each (issue 12): the sentence of that cause in the
// status line and where the data would have been, a header that does not claim "updated", the
// token nowhere on screen, `q` quitting at once; against a 50 MiB and an endless answer, memory
// bounded.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokenApi, type BrokenApi, type BrokenCase } from '../helpers/broken-api.js';
import { BIN, startApp, type App } from './harness.js';

const TOKEN = 'e2e-failure-token-31337';
const TIMEOUT = 60_000;

let api: BrokenApi | undefined;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  await api?.close();
  app = undefined;
  api = undefined;
});

async function against(kind: BrokenCase, args: readonly string[] = []): Promise<App> {
  api = await startBrokenApi(kind);
  app = await startApp({ args: ['--base-url', api.url, '--token', TOKEN, ...args], emulator: false });
  return app;
}

/** `q` ends the TUI at once, whatever is still out (`keys`: q from a screen under the list goes back first). */
async function quitsAtOnce(a: App, keys: readonly string[] = ['q']): Promise<void> {
  const started = Date.now();
  await a.press(...keys);
  const status = await Promise.race([a.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 2000).unref())]);
  expect(status).not.toBe('still running');
  expect(Date.now() - started).toBeLessThan(2000);
}

function checkScreen(a: App, sentence: RegExp): void {
  const screen = a.screen();
  const lines = screen.split('\n');
  expect(lines[0], 'the header').not.toMatch(/updated/);
  expect(
    lines.filter((l) => sentence.test(l.replace(/\s+/g, ' '))).length,
    `the sentence twice (status line and list):\n${screen}`,
  ).toBeGreaterThanOrEqual(1);
  expect(a.rawOutput()).not.toContain(TOKEN);
}

const CASES: ReadonlyArray<readonly [BrokenCase, RegExp]> = [
  ['401', /token was rejected \(401\)/],
  ['403', /not permitted \(403\)/],
  ['500', /server error \(500/],
  ['301', /redirected \(301\) to https:\/\/elsewhere\.example/],
  ['html', /is not JSON/],
  ['item-shape', /wrong shape: item 1 has no id/],
];

describe.skipIf(!existsSync(BIN))('the TUI against a failing API', () => {
  for (const [kind, sentence] of CASES) {
    it(
      `${kind}: its own sentence, no "updated", q quits at once`,
      async () => {
        const a = await against(kind);
        await a.waitForText(sentence, 20_000);
        // A rejected token offers a login in the app (issue 21): Esc says "not now".
        if (kind === '401') {
          await a.waitForText('Log in again to');
          await a.press('esc');
          await a.waitForNoText('Log in again to');
        }
        await a.waitForText(/\(r (retries|tries again|now)\)|trying again/);
        checkScreen(a, sentence);
        await quitsAtOnce(a);
      },
      TIMEOUT,
    );
  }

  it(
    'a rules list of the wrong shape: the tab says why and that r retries, never "loading…" for ever',
    async () => {
      const a = await against('sub-shape');
      await a.waitForText('broken-1');
      await a.press('enter');
      await a.waitForText(/Settings/);
      await a.press('2');
      await a.waitForText(/could not load the rules: [\s\S]*wrong shape/, 10_000);
      expect(a.screen()).toMatch(/\(r retries\)/);
      await quitsAtOnce(a, ['q', 'q']);
    },
    TIMEOUT,
  );

  it(
    'a server that never answers: "no answer for 10 s" within 15 s, q quits at once',
    async () => {
      const a = await against('hang');
      await a.waitForText(/loading configurations… \(no answer for 10 s; still waiting\)/, 15_000);
      expect(a.screen().split('\n')[0]).not.toMatch(/updated/);
      await quitsAtOnce(a);
    },
    TIMEOUT,
  );

  for (const kind of ['huge', 'endless'] as const) {
    it(
      `a ${kind === 'huge' ? '50 MiB' : 'never-ending'} answer: cut at --max-body, memory bounded, not fetched again and again`,
      async () => {
        const a = await against(kind, ['--max-body', '8MiB']);
        await a.waitForText(/larger than 8 MiB/, 30_000);
        const peakMiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${a.pid}/status`, 'utf8'))?.[1]) / 1024;
        expect(peakMiB).toBeLessThan(300);
        const asked = api!.requests();
        await a.waitForIdle(1500);
        expect(api!.requests()).toBe(asked);
        expect(a.screen().split('\n')[0]).not.toMatch(/updated/);
        await quitsAtOnce(a);
      },
      TIMEOUT,
    );
  }
});
