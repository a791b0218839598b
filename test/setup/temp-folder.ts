// `npm test` leaves nothing behind in the temp folder. The run gets a temp folder of its own
// (TMPDIR, inherited by every worker and every process a test starts), so what other programs do
// in the shared one at the same time cannot be mistaken for a leak. When the run ends, whatever
// is still in it, and any process still running with it, fails the run by name; then both go.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const run = mkdtempSync(join(tmpdir(), 'cdn-tui-test-run-'));
  process.env.TMPDIR = run;
  // The CLIs the tests start keep their compiled code in the repo's cache (as `npm test` sets it),
  // not in the user's ~/.cache; test/cli/code-cache.test.ts checks the app's own cache folder.
  const cache = process.env.NODE_COMPILE_CACHE;
  process.env.NODE_COMPILE_CACHE ??= join(process.cwd(), 'node_modules', '.cache', 'node-compile-cache');
  // What commands run inside the tests keep per profile (`cdn-tui apply` writes its send into the
  // profile's history) goes to a state folder of the run's own, never the user's ~/.local/state.
  const state = process.env.XDG_STATE_HOME;
  const runState = mkdtempSync(join(tmpdir(), 'cdn-tui-test-state-'));
  process.env.XDG_STATE_HOME = runState;
  return () => {
    if (state === undefined) delete process.env.XDG_STATE_HOME;
    else process.env.XDG_STATE_HOME = state;
    rmSync(runState, { recursive: true, force: true });
    if (cache === undefined) delete process.env.NODE_COMPILE_CACHE;
    else process.env.NODE_COMPILE_CACHE = cache;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const problems: string[] = [];
    const left = readdirSync(run);
    if (left.length > 0) problems.push(`left in the temp folder: ${left.join(', ')}`);
    const alive = processesWithEnv(`TMPDIR=${run}`);
    for (const p of alive) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // it ended meanwhile
      }
    }
    if (alive.length > 0) problems.push(`still running: ${alive.map((p) => `${p.pid} (${p.command})`).join(', ')}`);
    rmSync(run, { recursive: true, force: true });
    if (problems.length > 0)
      throw new Error(`the tests left things behind (they must clean up what they create):\n  ${problems.join('\n  ')}`);
  };
}

/** Processes started by the tests whose environment holds `entry` (Linux /proc; elsewhere none are found). */
function processesWithEnv(entry: string): Array<{ pid: number; command: string }> {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
  const found: Array<{ pid: number; command: string }> = [];
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) continue;
      if (parentOf(pid) === process.pid) continue; // vitest's own workers and watchdog
      found.push({ pid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

function parentOf(pid: number): number {
  return Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}
