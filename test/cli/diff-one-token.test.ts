// `cdn-tui diff` of two configurations over one token, through the built command, against an
// emulator that allows 6 reads a 10 s window (docs/api.md §5.2): the two sides read through one
// budget (src/api/token-budget.ts), so the reads that do not fit wait for the next window instead of
// meeting 429s — at most one 429 in the emulator's log, whether both sides name one profile or two
// profiles name the same API and token. Each case has a token of its own: a fresh window.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, emulatorFixture, tempDir } from '../helpers/emulator.js';
import { demoId } from '../helpers/seed-ids.js';

const TOKENS = ['diff-one-token-a-7c1e9f', 'diff-one-token-b-2d4a8b'] as const;
const emu = emulatorFixture(['--seed', 'demo', '--rate-limit', '6/20', '--rate-window', '10', ...TOKENS.flatMap((t) => ['--token', t])], {
  log: true,
});

/** A 0600 config file in a folder of its own: `prod` and `also` on the same API, with `token`. */
function configHome(token: string): string {
  const home = tempDir();
  mkdirSync(join(home, 'cdn-tui'), { recursive: true });
  const path = join(home, 'cdn-tui', 'config.json');
  const profiles = { prod: { base_url: emu.url, token }, also: { base_url: `${emu.url}/`, token } };
  writeFileSync(path, JSON.stringify({ profiles, default: 'prod' }));
  chmodSync(path, 0o600);
  return home;
}

/** The built command with `home` as its config folder (the emulator answers from this process). */
function run(home: string, args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: home };
  for (const name of ['CDN_TUI_BASE_URL', 'CDN_TUI_TOKEN', 'CDN_TUI_PROFILE', 'CDN_TUI_CONFIG']) delete env[name];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill(), 40_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ status: code ?? 1, stdout, stderr });
    });
  });
}

describe('cdn-tui diff over one token under --rate-limit 6/20 --rate-window 10', () => {
  const cases = [
    { name: 'both sides of one profile', token: TOKENS[0], args: [`prod:${demoId(1)}`, `prod:${demoId(2)}`] },
    { name: 'two profiles on the same API and token', token: TOKENS[1], args: [`prod:${demoId(1)}`, `also:${demoId(3)}`] },
  ];
  for (const c of cases) {
    it(`${c.name}: reads paced into the next window, at most one 429`, { timeout: 60_000 }, async () => {
      const before = emu.log().length;
      const result = await run(configHome(c.token), ['diff', ...c.args]);
      expect([result.status, result.stderr]).toEqual([1, '']);
      expect(result.stdout).toMatch(/^--- prod:/);
      const reads = emu.log().slice(before);
      // More reads than one window holds: the limit was met, and waited for.
      expect(reads.filter((l) => l.status === 200).length).toBeGreaterThan(6);
      expect(reads.filter((l) => l.status === 429).length).toBeLessThanOrEqual(1);
    });
  }
});
