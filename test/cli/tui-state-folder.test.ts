// The demo with a state folder that cannot be made: it starts at once, in memory, and the notice
// says where and why in words. Under /proc, Node's own recursive mkdir spun for ever (makeFolder).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TuiOptions } from '../../src/app/options.js';
import { tempDir } from '../helpers/emulator.js';

const seen: TuiOptions[] = [];
vi.mock('../../src/shell/run-tui.js', () => ({
  runTui: async (o: TuiOptions) => {
    seen.push(o);
    return 0;
  },
}));

const { tuiCommand } = await import('../../src/cli/tui.js');

afterEach(() => {
  seen.length = 0;
});

function envWithState(state: string) {
  const dir = tempDir('cdn-tui-tui-');
  return { CDN_TUI_CONFIG: join(dir, 'config.json'), XDG_STATE_HOME: state, XDG_CACHE_HOME: join(dir, 'cache') };
}

describe('the demo, its state folder not to be made', () => {
  it.skipIf(process.platform !== 'linux')('under /proc: starts in memory, "no such folder"', async () => {
    const t0 = performance.now();
    expect(
      await tuiCommand({ readOnly: false, demo: true }, { env: envWithState('/proc/cdn-tui-no-such-state'), interactive: () => true }),
    ).toBe(0);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(seen[0]?.notice).toBe(
      "The demo's data cannot be kept in /proc/cdn-tui-no-such-state/cdn-tui (no such folder); this demo runs in memory.",
    );
  });

  it('a file in its place: starts in memory, names the file', async () => {
    const state = tempDir('cdn-tui-state-');
    writeFileSync(join(state, 'cdn-tui'), '');
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: envWithState(state), interactive: () => true })).toBe(0);
    expect(seen[0]?.notice).toBe(
      `The demo's data cannot be kept in ${state}/cdn-tui (it is a file, not a folder); this demo runs in memory.`,
    );
  });

  it('a file above it: names that file', async () => {
    const state = join(tempDir('cdn-tui-state-'), 'file');
    writeFileSync(state, '');
    expect(await tuiCommand({ readOnly: false, demo: true }, { env: envWithState(state), interactive: () => true })).toBe(0);
    expect(seen[0]?.notice).toBe(
      `The demo's data cannot be kept in ${state}/cdn-tui (${state} is a file, not a folder); this demo runs in memory.`,
    );
  });
});
