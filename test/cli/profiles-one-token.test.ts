// Two profiles of one running TUI on the same API and token are paced as one (docs/ux.md §7): the
// sessions the TUI's profile switcher opens (src/cli/profiles.ts) send through the token's one
// budget. Against an emulator that allows 1 read a 30 s window, the first profile's first load
// spends the window; the second's waits for the next one (its status line says so) instead of
// meeting a 429. Another token on the same API is not held.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/app/profiles.js';
import { profileSource } from '../../src/cli/profiles.js';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';

const SHARED = 'profiles-one-token-3e9a1c';
const OTHER = 'profiles-one-token-other-8b2f4d';
const emu = emulatorFixture(['--seed', 'demo', '--rate-limit', '1/20', '--rate-window', '30', '--token', SHARED, '--token', OTHER], {
  log: true,
});

const opened: Session[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.stop();
});

/** The profile switcher of a TUI started on profile `a`: profiles a and b share a token, c has another. */
function profiles() {
  const home = tempDir();
  mkdirSync(join(home, 'cdn-tui'), { recursive: true });
  const path = join(home, 'cdn-tui', 'config.json');
  const config = {
    profiles: {
      a: { base_url: emu.url, token: SHARED },
      b: { base_url: `${emu.url}/`, token: SHARED },
      c: { base_url: emu.url, token: OTHER },
    },
    default: 'a',
  };
  writeFileSync(path, JSON.stringify(config));
  chmodSync(path, 0o600);
  const env = { XDG_CONFIG_HOME: home };
  const first = { baseUrl: emu.url, token: SHARED, label: 'a', demo: false, readOnly: false, stateDir: tempDir() };
  const source = profileSource({ readOnly: false, demo: false, noCache: true }, env, first, 'a', undefined);
  return (name: string): Session => {
    const { session } = source.open(name);
    opened.push(session);
    return session;
  };
}

const configurationsIn = (s: Session) => s.store.getState().lists.configurations !== undefined;

describe('two TUI profiles on one token', () => {
  it('are paced as one: the second waits for the window the first spent, with no 429; another token goes at once', async () => {
    const open = profiles();
    const a = open('a');
    await vi.waitFor(() => expect(configurationsIn(a)).toBe(true), { timeout: 10_000 });
    const b = open('b');
    // b's first load waits for the read lane's next window, and its status line says so.
    await vi.waitFor(() => expect(b.store.getState().pacing?.lane).toBe('read'), { timeout: 10_000 });
    const c = open('c');
    await vi.waitFor(() => expect(configurationsIn(c)).toBe(true), { timeout: 10_000 });
    expect(configurationsIn(b)).toBe(false);
    const log = emu.log();
    expect(log.map((l) => l.status)).toEqual([200, 200]);
  });
});
