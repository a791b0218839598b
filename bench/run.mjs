// Loopback load benchmarks of the emulator (`cdn-tui serve`), run by `npm run bench`.
//
// Starts `dist/cdn-tui.js serve --seed 10000 --data <tmp file>` as a child process (so the load
// generator and the server do not share an event loop), then drives it with undici over keep-alive
// connections: N workers, each sending requests in a loop, a warm-up, then a fixed measured window.
// Prints a markdown table and writes it as JSON to bench/results/latest.json.
//
// Environment: BENCH_SECONDS (measured seconds per scenario, default 5), BENCH_WARMUP (seconds,
// default 1), BENCH_CONCURRENCY (connections = workers, default 16), BENCH_SCENARIOS (comma list of
// list,get,patch; default all), BENCH_DATA_DIR (folder for the temporary data file, default the OS
// temp folder), BENCH_STRICT=1 (exit 1 when a target is missed, not only on errors),
// BENCH_PATCH (mixed | active | name: what the PATCH bodies change, default mixed),
// BENCH_SERVER_NODE_ARGS (extra node flags for the server child, e.g. "--cpu-prof --cpu-prof-dir=DIR").
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist', 'cdn-tui.js');
const RESULTS = join(ROOT, 'bench', 'results', 'latest.json');
const CONFIGURATIONS = 10_000;
const PATH = '/content_delivery/configurations';

function envNumber(name, fallback, { min = 0, integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    console.error(`bench: ${name}=${raw} is not a valid value (${integer ? 'an integer ' : 'a number '}>= ${min})`);
    process.exit(2);
  }
  return n;
}

const SECONDS = envNumber('BENCH_SECONDS', 5, { min: 0.1 });
const WARMUP = envNumber('BENCH_WARMUP', 1, { min: 0 });
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 16, { min: 1, integer: true });
const STARTUP_TIMEOUT_MS = envNumber('BENCH_STARTUP_TIMEOUT', 120, { min: 1 }) * 1000;
const STRICT = process.env.BENCH_STRICT === '1';
const PATCH_MODE = process.env.BENCH_PATCH || 'mixed';
if (!['mixed', 'active', 'name'].includes(PATCH_MODE)) {
  console.error(`bench: BENCH_PATCH=${PATCH_MODE} is not one of mixed, active, name`);
  process.exit(2);
}
const WANTED = (process.env.BENCH_SCENARIOS || 'list,get,patch')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** Per-request limits: a stuck server cannot hold a worker (and so the bench) for longer. */
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------- the child process and cleanup

let child;
let childExited = false;
let tmpDir;
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (child && !childExited) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut && !childExited) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(2_000)]);
    }
  }
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
}

async function fail(message) {
  console.error(`bench: ${message}`);
  await cleanup();
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void fail(`stopped by ${signal}`));
}
process.once('exit', () => {
  // last resort (synchronous): never leave the server or the temp folder behind
  if (child && !childExited) child.kill('SIGKILL');
  if (tmpDir && !cleaned) rmSync(tmpDir, { recursive: true, force: true });
});

/** Starts the emulator; resolves with its URL and token once it prints them. */
function startServer(dataFile) {
  return new Promise((resolve, reject) => {
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const args = [...nodeArgs, BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--seed', String(CONFIGURATIONS), '--data', dataFile];
    child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let url;
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${STARTUP_TIMEOUT_MS / 1000} s`)), STARTUP_TIMEOUT_MS);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      stderr += text;
      for (const l of text.split('\n').filter(Boolean)) console.error(`  [server] ${l}`);
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code, signal) => {
      childExited = true;
      clearTimeout(timer);
      reject(new Error(`the server exited (code ${code}, signal ${signal}) before it was ready: ${stderr.trim()}`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (l) => {
      const listening = /^listening on (http:\/\/\S+)$/.exec(l);
      if (listening) url = listening[1];
      const token = /^token: (\S+)$/.exec(l);
      if (token && url) {
        clearTimeout(timer);
        resolve({ url, token: token[1] });
      }
    });
  });
}

// ---------------------------------------------------------------- the load generator

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Child CPU time in seconds (user + system) from /proc; undefined off Linux. */
function childCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

/**
 * Runs `concurrency` workers, each sending `makeRequest(workerIndex)` in a loop for warm-up + duration.
 * Counts the requests that complete inside the measured window.
 */
async function load({ url, concurrency, makeRequest }) {
  const pool = new Pool(url, {
    connections: concurrency,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const latencies = [];
  const samples = [];
  let ok = 0;
  let non2xx = 0;
  let failures = 0;
  let bytes = 0;
  let sent = 0; // every request answered 2xx, warm-up and tail included (for the data file growth)
  let measuring = false;
  let stop = false;
  let windowStart = 0;
  let windowEnd = Infinity;

  async function worker(w) {
    while (!stop && !childExited) {
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request(makeRequest(w));
        let size = 0;
        let text = '';
        const sample = (statusCode < 200 || statusCode >= 300) && samples.length < 3;
        for await (const chunk of body) {
          size += chunk.length;
          if (sample && text.length < 300) text += chunk.toString('utf8');
        }
        const ended = performance.now();
        const ok2xx = statusCode >= 200 && statusCode < 300;
        if (ok2xx) sent++;
        if (sample) samples.push(`${statusCode} ${text.slice(0, 300)}`);
        if (measuring && ended <= windowEnd && started >= windowStart) {
          latencies.push(ended - started);
          bytes += size;
          if (ok2xx) ok++;
          else non2xx++;
        }
      } catch (e) {
        if (measuring && performance.now() <= windowEnd) failures++;
        if (samples.length < 3) samples.push(`${e.code ?? e.name}: ${e.message}`);
        await sleep(10); // no tight loop when the server is gone
      }
    }
  }

  const cpuBefore = { client: process.cpuUsage() };
  const workers = Array.from({ length: concurrency }, (_, w) => worker(w));
  await sleep(WARMUP * 1000);
  cpuBefore.server = childCpuSeconds();
  cpuBefore.client = process.cpuUsage();
  windowStart = performance.now();
  windowEnd = windowStart + SECONDS * 1000;
  measuring = true;
  await sleep(SECONDS * 1000);
  const serverCpu = childCpuSeconds();
  const clientCpu = process.cpuUsage(cpuBefore.client);
  stop = true;
  await Promise.all(workers);
  await pool.close();

  const elapsed = SECONDS;
  latencies.sort((a, b) => a - b);
  const round = (n, d = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** d) / 10 ** d : null);
  return {
    requests: latencies.length,
    ok,
    non2xx,
    failures,
    errors: non2xx + failures,
    rps: round((ok + non2xx) / elapsed, 0),
    p50_ms: round(percentile(latencies, 0.5)),
    p99_ms: round(percentile(latencies, 0.99)),
    max_ms: round(latencies.at(-1)),
    mean_ms: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1)),
    mib_per_s: round(bytes / elapsed / 2 ** 20, 1),
    server_cpu_pct:
      serverCpu !== undefined && cpuBefore.server !== undefined ? round(((serverCpu - cpuBefore.server) / elapsed) * 100, 0) : null,
    client_cpu_pct: round(((clientCpu.user + clientCpu.system) / 1e6 / elapsed) * 100, 0),
    answered_2xx_total: sent,
    error_samples: samples,
  };
}

// ---------------------------------------------------------------- the scenarios

const pick = (ids) => ids[Math.floor(Math.random() * ids.length)];

const SCENARIOS = {
  list: {
    title: `GET list (${CONFIGURATIONS.toLocaleString('en')} configurations)`,
    target: null,
    request: (ctx) => () => ({ method: 'GET', path: PATH, headers: ctx.headers }),
  },
  get: {
    title: 'GET one configuration',
    target: 5000,
    request: (ctx) => () => ({ method: 'GET', path: `${PATH}/${pick(ctx.ids)}`, headers: ctx.headers }),
  },
  patch: {
    title: `durable PATCH (--data${PATCH_MODE === 'mixed' ? '' : `, ${PATCH_MODE} only`})`,
    target: 500,
    request: (ctx) => {
      let n = 0;
      const headers = { ...ctx.headers, 'content-type': 'application/json' };
      return () => {
        const id = pick(ctx.ids);
        n++;
        // by default half flip `active`, half rename (id + counter keeps the name unique among configurations)
        const rename = PATCH_MODE === 'name' || (PATCH_MODE === 'mixed' && n % 2 === 0);
        const body = rename ? { name: `bench-${id}-${n}` } : { active: Math.random() < 0.5 };
        return { method: 'PATCH', path: `${PATH}/${id}`, headers, body: JSON.stringify(body) };
      };
    },
  },
};

// ---------------------------------------------------------------- main

async function main() {
  for (const name of WANTED) if (!SCENARIOS[name]) await fail(`unknown scenario "${name}" in BENCH_SCENARIOS (list, get, patch)`);
  if (!existsSync(BIN)) await fail(`${BIN} is missing: run \`npm run bench\` (it builds first)`);

  // The whole run is bounded even if something hangs: startup + each scenario + slack.
  const budgetMs = STARTUP_TIMEOUT_MS + WANTED.length * ((WARMUP + SECONDS) * 1000 + REQUEST_TIMEOUT_MS + 5_000) + 15_000;
  setTimeout(() => void fail(`the run took longer than its ${Math.round(budgetMs / 1000)} s budget`), budgetMs).unref();

  const dataRoot = process.env.BENCH_DATA_DIR || tmpdir();
  tmpDir = mkdtempSync(join(dataRoot, 'cdn-tui-bench-'));
  const dataFile = join(tmpDir, 'data.jsonl');

  console.log(`bench: node ${process.version}, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}`.trim());
  console.log(`bench: ${WARMUP} s warm-up + ${SECONDS} s measured per scenario, ${CONCURRENCY} connections; data file in ${tmpDir}`);
  const startedAt = performance.now();
  const { url, token } = await startServer(dataFile);
  console.log(`bench: server ${url} ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (pid ${child.pid})`);
  child.removeAllListeners('exit');
  child.once('exit', (code, signal) => {
    childExited = true;
    if (!cleaned) console.error(`bench: the server exited during the run (code ${code}, signal ${signal})`);
  });

  const headers = { authorization: `Token ${token}` };
  // Preflight: the list is the whole bare array of 10,000; its ids feed the random picks.
  const pre = new Pool(url, { connections: 1 });
  const { statusCode, body } = await pre.request({ method: 'GET', path: PATH, headers });
  const list = await body.json();
  await pre.close();
  if (statusCode !== 200 || !Array.isArray(list) || list.length !== CONFIGURATIONS) {
    await fail(
      `preflight GET ${PATH}: expected 200 with ${CONFIGURATIONS} configurations, got ${statusCode} with ${Array.isArray(list) ? list.length : typeof list}`,
    );
  }
  const ctx = { headers, ids: list.map((c) => c.id) };

  const dataFileSize = () => statSync(dataFile).size;
  /**
   * Watches the data file during the PATCH run: an appended write grows it; a compaction replaces it
   * (a snapshot written aside, then renamed over it), which shows as a new inode.
   */
  function watchDataFile() {
    let ino = statSync(dataFile).ino;
    let compactions = 0;
    const timer = setInterval(() => {
      try {
        const now = statSync(dataFile).ino;
        if (now !== ino) compactions++;
        ino = now;
      } catch {
        // between the unlink and the rename of a compaction: next tick sees it
      }
    }, 20);
    return () => {
      clearInterval(timer);
      const now = statSync(dataFile).ino;
      return compactions + (now !== ino ? 1 : 0);
    };
  }
  const results = [];
  let dataFileReport;
  for (const name of WANTED) {
    const s = SCENARIOS[name];
    const before = name === 'patch' ? dataFileSize() : undefined;
    const stopWatching = name === 'patch' ? watchDataFile() : undefined;
    process.stdout.write(`bench: ${s.title} ... `);
    const makeRequest = s.request(ctx);
    const r = await load({ url, concurrency: CONCURRENCY, makeRequest });
    if (childExited) await fail('the server died during the run');
    const met = s.target === null ? null : r.errors === 0 && r.rps >= s.target;
    results.push({ scenario: name, title: s.title, concurrency: CONCURRENCY, seconds: SECONDS, target_rps: s.target, met, ...r });
    console.log(`${r.rps} req/s, server CPU ${r.server_cpu_pct ?? '?'} %, client CPU ${r.client_cpu_pct} %`);
    for (const sample of r.error_samples) console.log(`  error sample: ${sample}`);
    if (name === 'patch') {
      const compactions = stopWatching();
      const after = dataFileSize();
      const writes = r.answered_2xx_total;
      dataFileReport = {
        before_bytes: before,
        after_bytes: after,
        growth_bytes: after - before,
        acknowledged_writes: writes,
        bytes_per_write: writes && compactions === 0 ? Math.round((after - before) / writes) : null,
        compactions,
      };
    }
  }

  const fmt = (n) => (n === null || n === undefined ? '—' : String(n));
  const rows = [
    '| scenario | concurrency | req/s | p50 ms | p99 ms | errors | target | met? |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.title} | ${r.concurrency} | ${r.rps} | ${fmt(r.p50_ms)} | ${fmt(r.p99_ms)} | ${r.errors} | ${r.target_rps === null ? '—' : `≥ ${r.target_rps}/s`} | ${r.met === null ? '—' : r.met ? 'yes' : '**no**'} |`,
    ),
  ];
  console.log('');
  console.log(rows.join('\n'));
  console.log('');
  if (dataFileReport) {
    const { before_bytes, after_bytes, growth_bytes, acknowledged_writes, bytes_per_write, compactions } = dataFileReport;
    const n = (x) => x.toLocaleString('en');
    console.log(
      `data file: ${n(before_bytes)} bytes before the PATCH run, ${n(after_bytes)} after, ` +
        `${n(acknowledged_writes)} acknowledged writes (warm-up and tail included); ` +
        (compactions === 0
          ? `+${n(growth_bytes)} bytes, ~${bytes_per_write} bytes per write: each write appends one journal line, the store is not rewritten`
          : `${compactions} compaction(s) during the run (past its line threshold the journal is replaced by one snapshot), so the growth is not per write`),
    );
  }

  mkdirSync(dirname(RESULTS), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    configurations: CONFIGURATIONS,
    warmup_seconds: WARMUP,
    seconds: SECONDS,
    concurrency: CONCURRENCY,
    data_file: dataFileReport ?? null,
    results,
    table: rows.join('\n'),
  };
  writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
  console.log(`bench: wrote ${RESULTS.slice(ROOT.length + 1)}`);

  await cleanup();
  const errors = results.some((r) => r.errors > 0);
  const missed = results.some((r) => r.met === false);
  if (errors) console.error('bench: some requests failed or were not 2xx: the numbers are not valid');
  if (missed) console.error(`bench: a target was missed${STRICT ? '' : ' (set BENCH_STRICT=1 to fail on it)'}`);
  process.exit(errors || (STRICT && missed) ? 1 : 0);
}

main().catch((e) => fail(e?.stack ?? String(e)));
