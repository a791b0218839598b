// Who holds a lock, and whether that process still runs. A pid alone is not enough: after the
// owner died, the system may give its pid to another process. So an owner is its pid, its host and
// when it started: on Linux the start time in clock ticks from /proc/<pid>/stat (exact, and the same
// whenever it is read); elsewhere (macOS) the start as wall-clock time, compared with what
// `ps -o etime=` says of the pid, within a few seconds. When it cannot be told (another host, no
// /proc and no ps), an owner counts as alive: its drafts wait rather than being taken from it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isPlainObject } from '../schema/index.js';
import { codeOf } from '../util/errors.js';
import { nodeChildProcess } from '../util/builtins.js';

export interface Owner {
  readonly pid: number;
  readonly host: string;
  /** Wall-clock time the process started (ms). */
  readonly started: number;
  /** Linux: the start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  readonly ticks?: string;
}

/** How far apart two readings of one process's wall-clock start may be (ps says whole seconds). */
const START_SLACK_MS = 3000;

/** Field 22 of /proc/<pid>/stat (after the command's closing parenthesis, which may hold spaces), or undefined. */
function startTicks(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** This process as an owner. */
export function thisProcess(): Owner {
  const ticks = startTicks('self');
  return { pid: process.pid, host: hostname(), started: Math.round(Date.now() - process.uptime() * 1000), ...(ticks ? { ticks } : {}) };
}

/** An owner read back from a lock file, or undefined when it is not one. */
export function ownerOf(json: unknown): Owner | undefined {
  if (!isPlainObject(json) || typeof json.pid !== 'number' || typeof json.host !== 'string' || typeof json.started !== 'number')
    return undefined;
  if (json.ticks !== undefined && typeof json.ticks !== 'string') return undefined;
  return { pid: json.pid, host: json.host, started: json.started, ...(json.ticks !== undefined ? { ticks: json.ticks } : {}) };
}

/** Whether a process with this pid exists (of any user: EPERM says it does). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return codeOf(e) === 'EPERM';
  }
}

/** Seconds since the pid started, from `ps -o etime=` ([[dd-]hh:]mm:ss), or undefined. */
function elapsedSeconds(pid: number): number | undefined {
  try {
    const text = nodeChildProcess()
      .execFileSync('ps', ['-o', 'etime=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] })
      .trim();
    const m = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(text);
    if (!m) return undefined;
    return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  } catch {
    return undefined;
  }
}

/**
 * Whether `owner` still runs. `thorough`: where /proc cannot tell a reused pid, ask `ps` (a
 * process spawned: for taking drafts over, not for a check every few seconds).
 */
export function ownerAlive(owner: Owner, thorough = true): boolean {
  if (owner.host !== hostname()) return true; // another machine's process: cannot be told from here
  if (!pidExists(owner.pid)) return false;
  if (owner.ticks !== undefined) {
    const now = startTicks(owner.pid);
    if (now !== undefined) return now === owner.ticks;
  }
  if (!thorough) return true;
  const elapsed = elapsedSeconds(owner.pid);
  return elapsed === undefined || Math.abs(Date.now() - elapsed * 1000 - owner.started) < START_SLACK_MS;
}
