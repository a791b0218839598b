// Kept reads (issue 20), the built CLI in a pseudo-terminal:
//   1. warm start against an API 1.5 s away (`serve --seed 200 --latency 1500`): spawn → the first
//      configuration rows, with the lists an earlier start kept (target < 1 s), next to the same
//      start with --no-cache (which waits for the first page's answer);
//   2. find under the real read limit (`serve --seed 60 --rate-limit 30/20`, one-minute window): a
//      rule path typed to every configuration searched (target ≤ 150 s: 61 reads at 30 a minute),
//      then, after a restart in the same minute (the limit still spent), the same path typed to its
//      first result, from the kept index (target ≤ 5 s).
// Every start has its own XDG_STATE_HOME; the kept lists live in one temporary XDG_CACHE_HOME per part.
//   Run: npm run build && node bench/kept.mjs   (~3 min; BENCH_FRAMES: warm/cold starts, default 5)
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, spawnInTerminal, startEmulator } from './pty-app.mjs';
import { target, write } from './report.mjs';
import { median, timedRun } from './timed-run.mjs';

const FRAMES = Number(process.env.BENCH_FRAMES) || 5;
const { temp, emulators, env } = timedRun('kept');
const ROW = /^\S?\s*\d+ \S+\s+\S+\.map\./m; // a configuration row: id, name, domain
const cacheHome = (name) => join(temp, name);

/** The TUI against `emu`, keeping lists in `cache`; `until(check)` resolves with the time (performance.now()) the screen first satisfied it. */
function tui(emu, cache, args = []) {
  const state = mkdtempSync(join(temp, 'state-'));
  return spawnInTerminal({
    args: [BIN, '--base-url', emu.url, '--token', emu.token, ...args],
    env: { ...env, XDG_STATE_HOME: state, XDG_CACHE_HOME: cache },
  });
}

/** Quits with q (nothing pending): the kept lists are written as it ends. */
async function quit(t) {
  t.write('q');
  await t.exited;
}

// ---------------------------------------------------------------- 1. warm start
const slow = await startEmulator(['--seed', '200', '--latency', '1500']);
emulators.push(slow);
const warmCache = cacheHome('warm');
const prime = tui(slow, warmCache);
await prime.until((s) => ROW.test(s) && s.includes('updated just now'));
await quit(prime);

const starts = { warm: [], cold: [] };
for (let i = 0; i < FRAMES; i++) {
  for (const [kind, args] of [
    ['warm', []],
    ['cold', ['--no-cache']],
  ]) {
    const start = performance.now();
    const t = tui(slow, warmCache, args);
    const at = await t.until((s) => ROW.test(s));
    if (kind === 'warm' && !/as of /.test(t.screen().split('\n')[0]))
      throw new Error(`a warm start without "as of" in its header:\n${t.screen()}`);
    starts[kind].push(at - start);
    await t.stop();
  }
}

// ---------------------------------------------------------------- 2. find under the limit, then after a restart
const limited = await startEmulator(['--seed', '60', '--rate-limit', '30/20']);
emulators.push(limited);
const findCache = cacheHome('find');
const first = tui(limited, findCache);
await first.until((s) => /60 of 60 configurations/.test(s));
first.write(':');
await first.until((s) => /^\s*[│|] :/m.test(s));
let typed = performance.now();
first.write('/admin');
await first.until((s) => /rule \/admin/.test(s) && /searched \d+ of 60 configurations/.test(s), 30_000);
const findDone = await first.until((s) => /rule \/admin/.test(s) && !/searched \d+ of \d+ configurations/.test(s), 240_000);
const findMs = findDone - typed;
first.write('\u001b'); // Esc closes the palette
await first.until((s) => !/^\s*[│|] :/m.test(s));
await quit(first);

const restarted = performance.now();
const second = tui(limited, findCache);
await second.until((s) => ROW.test(s));
second.write(':');
await second.until((s) => /^\s*[│|] :/m.test(s));
typed = performance.now();
second.write('/admin');
const answered = await second.until((s) => /rule \/admin .*as of/.test(s), 30_000);
const againMs = answered - typed;
const sinceRestartMs = answered - restarted;
await second.stop();

write('kept', [
  target({
    measure: 'warm start at 1.5 s latency: spawn → kept rows, 200 configurations',
    value: median(starts.warm),
    unit: 'ms',
    limit: 1000,
    note: `with --no-cache: ${Math.round(median(starts.cold))} ms (medians of ${FRAMES})`,
  }),
  target({
    measure: 'find at 30 reads/min over 60 configurations: a rule path typed → every configuration searched',
    value: findMs,
    unit: 'ms',
    limit: 150_000,
  }),
  target({
    measure: 'the same find after a restart in the same minute: typed → first result (kept index)',
    value: againMs,
    unit: 'ms',
    limit: 5000,
    note: `${Math.round(sinceRestartMs)} ms from the restart`,
  }),
]);
process.exit(0);
