// Start-up (issue 11): how long the CLI takes to answer --help and --version next to `node -e 0`,
// and how long the TUI takes from spawn to a first frame showing configuration rows next to an
// Ink + React hello world bundled the same way (scripts/build.mjs), at 1,000 and 100,000
// configurations. Whole processes, every measure several times interleaved, medians. The first
// frame at 1,000 configurations is judged pair by pair: each TUI start next to a hello world
// started just before or after it (the order alternates), the median of the pairs' ratios and
// their spread, so that a machine busy in one moment weighs on both sides of a pair.
// Run: npm run build && node bench/startup.mjs   (BENCH_RUNS: process runs, BENCH_FRAMES: pty runs, ≥ 15)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../scripts/build.mjs';
import { BIN, spawnInTerminal, startEmulator } from './pty-app.mjs';
import { loadAverage, target, write } from './report.mjs';

const RUNS = Number(process.env.BENCH_RUNS) || 21;
const FRAMES = Number(process.env.BENCH_FRAMES) || 15;
const BIG = 100_000;
const ROOT = resolve(import.meta.dirname, '..');

const temp = mkdtempSync(join(tmpdir(), 'cdn-tui-startup-'));
const emulators = [];
const cleanup = () => {
  for (const e of emulators) e.stop();
  rmSync(temp, { recursive: true, force: true });
};
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
setTimeout(() => {
  console.error('bench/startup: took too long, stopping');
  process.exit(1);
}, 600_000).unref();

// The children run as a user's shell would start them: no compile cache or flags from npm.
const env = { ...process.env };
delete env.NODE_COMPILE_CACHE;
delete env.NODE_OPTIONS;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Wall time of one whole process, spawn to exit. */
function timeProcess(args) {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const processes = { base: [], help: [], version: [] };
timeProcess([BIN, '--version']); // warm the disk cache (and a compile cache, if the bin keeps one)
for (let i = 0; i < RUNS; i++) {
  processes.base.push(timeProcess(['-e', '0']));
  processes.help.push(timeProcess([BIN, '--help']));
  processes.version.push(timeProcess([BIN, '--version']));
}

// The baseline app: a hello world with the TUI's render options, kept alive like the TUI.
const hello = join(temp, 'hello.js');
await build({
  ...bundleOptions,
  absWorkingDir: ROOT,
  stdin: {
    contents: `import { render, Text } from 'ink';
if (process.stdin.isTTY) process.stdin.setRawMode(true);
render(<Text>hello, world</Text>, { alternateScreen: true, interactive: true, incrementalRendering: true, maxFps: 60, exitOnCtrlC: false, patchConsole: true });
setInterval(() => undefined, 1 << 30);`,
    loader: 'jsx',
    resolveDir: ROOT,
  },
  outfile: hello,
});

/** Spawn → the first frame where `shown(screen)` holds; then, if asked, → `done(screen)`. */
async function timeFrame(args, shown, done) {
  const state = mkdtempSync(join(temp, 'state-'));
  // BENCH_COLD=1: every start with an empty cache folder, as the first start after an install.
  const cache = process.env.BENCH_COLD === '1' ? { XDG_CACHE_HOME: state } : {};
  const start = performance.now();
  const t = spawnInTerminal({ args, env: { ...env, XDG_STATE_HOME: state, ...cache } });
  try {
    const first = (await t.until(shown)) - start;
    if (!done) return { first };
    const all = (await t.until(done)) - start;
    return { first, all, rssMiB: rssMiB(t.pid) };
  } finally {
    await t.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

function rssMiB(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

const ROW = /^\S?\s*\d+ \S+\s+\S+\.map\./m; // a configuration row: id, name, domain
/** The count line once every row is in (with or without thousands separators). */
const everyRow = (n) => {
  const text = `${n.toLocaleString('en')} of ${n.toLocaleString('en')} configurations`;
  return (s) => s.split('\n').some((l) => l.trim() === text || l.trim() === `${n} of ${n} configurations`);
};

const small = await startEmulator(['--seed', '1000']);
emulators.push(small);
const big = await startEmulator(['--seed', String(BIG)]);
emulators.push(big);
// --no-cache: every start a cold one for the lists (kept lists would make each start after the
// first draw them before any answer); the compiled code in ~/.cache/cdn-tui stays warm, as for a user.
// BENCH_APP_NODE_ARGS: node flags for the TUI's starts only (a profile of the start-up, say).
const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const tui = (e) => [...appNodeArgs, BIN, '--base-url', e.url, '--token', e.token, '--no-cache'];

const frames = { hello: [], small: [], big: [], bigAll: [], bigRss: [] };
const loadBefore = loadAverage();
const helloFrame = async () => frames.hello.push((await timeFrame([hello], (s) => s.includes('hello, world'))).first);
const smallFrame = async () => frames.small.push((await timeFrame(tui(small), (s) => ROW.test(s))).first);
for (let i = 0; i < FRAMES; i++) {
  for (const run of i % 2 ? [smallFrame, helloFrame] : [helloFrame, smallFrame]) await run();
  const b = await timeFrame(tui(big), (s) => ROW.test(s), everyRow(BIG));
  frames.big.push(b.first);
  frames.bigAll.push(b.all);
  frames.bigRss.push(b.rssMiB);
}

const m = Object.fromEntries(Object.entries({ ...processes, ...frames }).map(([k, v]) => [k, median(v)]));
/** The first frame at 1,000 configurations over the hello world's, pair by pair. */
const pairs = frames.small.map((t, i) => t / frames.hello[i]).sort((a, b) => a - b);
const quartile = (q) => pairs[Math.round(q * (pairs.length - 1))];
const spread = `${pairs.length} pairs: ratio median ${median(pairs).toFixed(2)}×, quartiles ${quartile(0.25).toFixed(2)}–${quartile(0.75).toFixed(2)}×, min–max ${pairs[0].toFixed(2)}–${pairs.at(-1).toFixed(2)}×; ${pairs.filter((r) => r > 1.3).length} above 1.3×; load average ${loadBefore}–${loadAverage()}`;
write('startup', [
  target({ measure: '`cdn-tui --help`', value: m.help, unit: 'ms', baseline: m.base, baselineWhat: '`node -e 0`', limit: 1.5 }),
  target({ measure: '`cdn-tui --version`', value: m.version, unit: 'ms', baseline: m.base, baselineWhat: '`node -e 0`', limit: 1.5 }),
  target({
    measure: `spawn → first rows, 1,000 configurations (median of ${pairs.length} pairs)`,
    value: m.small,
    unit: 'ms',
    baseline: m.hello,
    baselineWhat: 'Ink + React hello world',
    ratio: median(pairs),
    limit: 1.3,
    note: spread,
  }),
  target({
    measure: `spawn → first rows, ${BIG.toLocaleString('en')} configurations`,
    value: m.big,
    unit: 'ms',
    baseline: m.small,
    baselineWhat: 'the 1,000 case',
    limit: 1.5,
    note: `all ${BIG.toLocaleString('en')} listed after ${Math.round(m.bigAll)} ms; RSS then ${Math.round(m.bigRss)} MiB`,
  }),
]);
console.log(
  `\n${BIG.toLocaleString('en')} configurations: all listed after ${Math.round(m.bigAll)} ms (median), RSS then ${Math.round(m.bigRss)} MiB`,
);
console.log(`first rows at 1,000 configurations: ${spread}`);
console.log(`runs: ${RUNS} per process measure, ${FRAMES} per first frame`);
process.exit(0);
