// What each speed trick of the build saves, measured off and on (docs/dependency-patches.md holds
// the numbers): the app built once with every trick (the bin), once with none (the plain build),
// once without each trick in turn, and once with each stand-in of src/ that can be swapped back for
// the library it stands in for. For each build: the bytes of JavaScript it ships (source maps left
// out) and, in a pseudo-terminal at 120×40, the time from spawn to the first frame showing
// configuration rows at 1,000 configurations (as bench/startup.mjs measures it), with the RSS then.
// Each start is warm, as for a user (each build has its own cache folder, filled by a first start
// not counted), with --no-cache (the lists read from the API every time). The builds take turns:
// every round starts each build once, in an order that rotates, so that a moment the shared
// machine is busy weighs on all of them; the medians are printed, with the load average.
//
//   npm run build && node scripts/measure-patches.mjs
//   MEASURE_RUNS=11 (rounds), MEASURE_ONLY=all,plain,-undici-no-h2 (the builds by name)
//   node scripts/measure-patches.mjs --burst   burst-frames: bench/render.mjs's burst phase
//                                              (5,000 keys ten to a write) with and without it
//
// Everything goes in .tmp/patch-builds/ (removed at the end) and each start's own folders.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnInTerminal, startEmulator } from '../bench/pty-app.mjs';
import { ALL_PATCHES, buildApp } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, '.tmp', 'patch-builds');
const RUNS = Number(process.env.MEASURE_RUNS) || 11;

/** A measurement-only esbuild plugin: `file` of src/ read with `changes` made (each must be found). */
function swap(name, file, changes) {
  return {
    name,
    setup(b) {
      b.onLoad({ filter: new RegExp(`${file.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')}$`) }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        for (const [from, to] of changes) {
          if (!source.includes(from)) throw new Error(`${file}: ${from} not found; update scripts/measure-patches.mjs`);
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'ts' };
      });
    },
  };
}

/** sha256.ts as the library it stands in for: node:crypto, loaded where the hash is first asked for. */
const sha256ByCrypto = swap('sha256-by-crypto', 'src/util/sha256.ts', [
  [
    'export function sha256Hex(text: string): string {',
    "import { createHash } from 'node:crypto';\nexport function sha256Hex(text: string): string {\n  return createHash('sha256').update(text).digest('hex');",
  ],
]);

/** burst-frames.ts doing nothing: Ink builds a frame at every commit, as it does by itself. */
const noBurstFrames = swap('no-burst-frames', 'src/keys/burst-frames.ts', [
  ['const pacer = pacerOf(stdin);', 'const pacer = undefined && pacerOf(stdin);'],
]);

/** The builds by name: which tricks are on, what plugin swaps a stand-in, what the app's environment adds. */
function variants() {
  const list = [
    { name: 'all', on: ALL_PATCHES },
    // The same build again, in a folder and cache of its own: how far two builds that do not
    // differ are measured apart here (the noise of the method).
    { name: 'all again', on: ALL_PATCHES },
    { name: 'plain', on: [] },
    ...ALL_PATCHES.map((p) => ({ name: `-${p}`, on: ALL_PATCHES.filter((q) => q !== p) })),
    { name: '-sha256', on: ALL_PATCHES, extraPlugins: [sha256ByCrypto] },
    { name: 'all, no code caches', on: ALL_PATCHES, same: 'all', env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
    { name: 'plain, no code caches', on: [], same: 'plain', env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
  ];
  const only = process.env.MEASURE_ONLY?.split(',');
  return only ? list.filter((v) => only.includes(v.name)) : list;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Bytes of JavaScript under `dir` (source maps left out). */
function jsBytes(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(c?js)$/.test(e.name))
    .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
}

/** Builds `v` into WORK/<slug>/dist (a package.json beside it, which the bin reads); returns the bin. */
async function buildVariant(v, slug) {
  const dir = join(WORK, slug);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  const out = join(dir, 'dist');
  await buildApp({ on: v.on, out, extraPlugins: v.extraPlugins ?? [] });
  return { bin: join(out, 'cdn-tui.cjs'), bytes: jsBytes(out), cache: join(dir, 'cache') };
}

// The children run as from a user's shell: no compile cache or flags from npm.
const baseEnv = { ...process.env };
delete baseEnv.NODE_COMPILE_CACHE;
delete baseEnv.NODE_OPTIONS;
delete baseEnv.NODE_DISABLE_COMPILE_CACHE;

const ROW = /^\S?\s*\d+ \S+\s+\S+\.map\./m; // a configuration row: id, name, domain

/** The CPU time the main thread of process `pid` has run so far, in ms (the scheduler's count, in ns). */
function cpuMs(pid) {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** Spawn → first frame with configuration rows; the CPU time and the RSS then. `linger`: ms to wait before stopping it. */
async function firstFrame(v, emulator, linger = 0) {
  const state = mkdtempSync(join(tmpdir(), 'cdn-tui-patches-'));
  const start = performance.now();
  const t = spawnInTerminal({
    args: [v.bin, '--base-url', emulator.url, '--token', emulator.token, '--no-cache'],
    env: { ...baseEnv, XDG_STATE_HOME: state, XDG_CACHE_HOME: v.cache, ...v.env },
  });
  try {
    const ms = (await t.until((s) => ROW.test(s), 60_000)) - start;
    const cpu = cpuMs(t.pid);
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${t.pid}/status`, 'utf8'))?.[1]);
    await new Promise((r) => setTimeout(r, linger));
    return { ms, cpu, rss: kb / 1024 };
  } finally {
    await t.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

async function startup() {
  const list = variants();
  const built = new Map();
  for (const v of list) {
    const slug = v.same ?? v.name.replace(/[^a-z0-9-]+/gi, '_');
    if (!built.has(slug)) built.set(slug, await buildVariant(v, slug));
    Object.assign(v, built.get(slug), { ms: [], cpu: [], rss: [] });
  }
  const emulator = await startEmulator(['--seed', '1000']);
  const load = [loadavg()[0]];
  try {
    // Not counted: two starts of each build, each left running long enough to write its code caches.
    for (let i = 0; i < 2; i++) for (const v of list) await firstFrame(v, emulator, 1500);
    for (let round = 0; round < RUNS; round++) {
      const order = list.map((_, i) => list[(i + round) % list.length]);
      for (const v of round % 2 ? order.reverse() : order) {
        const { ms, cpu, rss } = await firstFrame(v, emulator);
        v.ms.push(ms);
        v.cpu.push(cpu);
        v.rss.push(rss);
      }
      load.push(loadavg()[0]);
    }
  } finally {
    emulator.stop();
  }
  const all = list.find((v) => v.name === 'all');
  // Against 'all' round by round (the two started within seconds of each other): the median of
  // the differences, which a busy moment shifts less than it does either time.
  const paired = (v, k) => (all ? median(v[k].map((x, i) => x - all[k][i])) : NaN);
  const signed = (n) => `${n >= 0 ? '+' : ''}${n.toFixed(0)}`;
  console.log(
    `\n${RUNS} rounds; load average (1 min) ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on 2 cores, Node ${process.version}`,
  );
  console.log(
    '| build | JS shipped | first rows (median, quartiles) | Δ vs all, paired | main thread CPU to first rows | Δ CPU, paired | RSS then |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const v of list) {
    const s = [...v.ms].sort((a, b) => a - b);
    const q = (f) => s[Math.round(f * (s.length - 1))].toFixed(0);
    console.log(
      `| ${v.name} | ${(v.bytes / 1024).toFixed(0)} KiB | ${median(v.ms).toFixed(0)} ms (${q(0.25)}–${q(0.75)}) | ${signed(paired(v, 'ms'))} ms | ${median(v.cpu).toFixed(0)} ms | ${signed(paired(v, 'cpu'))} ms | ${median(v.rss).toFixed(0)} MiB |`,
    );
  }
}

/** bench/render.mjs's burst phase on `bin`: its report row's value (RSS) and note. */
function burstRun(bin) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'render.mjs')], {
    cwd: ROOT,
    env: { ...baseEnv, BENCH_PHASES: 'burst', BENCH_BIN: bin },
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`bench/render.mjs failed: ${r.stderr}`);
  const row = JSON.parse(readFileSync(join(ROOT, 'bench', 'results', 'render.json'), 'utf8')).rows[0];
  const frames = Number(/frames written: (\d+)/.exec(row.note)?.[1]);
  const cpu = Number(/CPU ([\d.]+) ms a key/.exec(row.note)?.[1]);
  return { rss: row.value, frames, cpu };
}

async function burst() {
  const on = { name: 'all', ...(await buildVariant({ on: ALL_PATCHES }, 'all')) };
  const off = { name: '-burst-frames', ...(await buildVariant({ on: ALL_PATCHES, extraPlugins: [noBurstFrames] }, 'no-burst')) };
  const runs = Number(process.env.MEASURE_RUNS) || 3;
  const got = { all: [], '-burst-frames': [] };
  for (let i = 0; i < runs; i++) for (const v of i % 2 ? [off, on] : [on, off]) got[v.name].push(burstRun(v.bin));
  console.log(`\n5,000 keys ten to a write at 10,000 configurations (bench/render.mjs burst), ${runs} runs each, medians`);
  console.log('| build | frames written | app CPU per key | RSS after |');
  console.log('|---|---:|---:|---:|');
  for (const [name, rs] of Object.entries(got)) {
    const m = (k) => median(rs.map((r) => r[k]));
    console.log(`| ${name} | ${m('frames').toFixed(0)} | ${m('cpu').toFixed(1)} ms | ${m('rss').toFixed(1)} MB |`);
  }
}

const cleanup = () => rmSync(WORK, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
cleanup();
await (process.argv.includes('--burst') ? burst() : startup());
process.exit(0);
