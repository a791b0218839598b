// Fast at scale (issue 33 item 5), against `cdn-tui serve --seed 300` (900 rules):
//   1. a query over every rule of the 300 configurations, from lists already read: the query
//      language alone (src/query's matchQuery over the data, bundled from the sources), and in the
//      TUI started a second time (the lists the first start read are kept): the palette's query
//      typed key by key (its last key → the query and a match on screen), the whole query written
//      at once (as a slow link or `tmux send-keys` delivers it: keys in one read), and pasted
//      (bracketed). Target ≤ 100 ms.
//   2. a fleet edit: `cdn-tui bulk 'in:fleet-* path:/fleet/' --set gzip=true --yes`, 200 rules in 50
//      configurations (renamed `fleet-…` and given four `/fleet/N/` rules each, through the API,
//      before the limit is on), under a write limit: wall time against the floor ⌈N/W⌉−1 windows
//      (target within 10 %), the answers 429 the emulator logged (target ≤ 1), every rule PATCHed
//      once. By default the quick variant: 40 rules in 10 configurations at 5 writes per 5 s
//      window (`--rate-limit 80/5 --rate-window 5`, floor 35 s), with ISO resets (the real
//      service's form) and with Unix seconds; BENCH_FLEET=full runs the real service's limit, 200
//      rules at 20 writes/min (`--rate-limit 80/20`, Unix seconds, floor 9 min: ~10 min).
//   3. the results screen of 2,000 matches scrolled, marked and filtered at list speed: a bench of
//      its own, bench/results.mjs (one app at `serve --seed 2000`, against the browser's list).
//   Run: npm run build && node bench/fleet.mjs   (BENCH_RUNS: runs of each TUI query, default 5;
//   BENCH_FLEET_PARTS=query,tui,edit: which parts)
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BIN, spawnInTerminal, startEmulator } from './pty-app.mjs';
import { loadAverage, target, write } from './report.mjs';
import { median, timedRun } from './timed-run.mjs';

const FULL = process.env.BENCH_FLEET === 'full';
const RUNS = Number(process.env.BENCH_RUNS) || 5;
const PARTS = (process.env.BENCH_FLEET_PARTS ?? 'query,tui,edit').split(',');
const QUERIES = ['gzip:false', 'path:/static', 'cache:"static 7d"'];
const TOKEN = 'bench-fleet-token-5b0c';
/** BENCH_APP_NODE_ARGS: node flags for the TUI's starts (a profile: "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const { temp, emulators, env } = timedRun('fleet', FULL ? 1_200_000 : 600_000);
const rows = [];
const ms = (x) => `${x.toFixed(1)} ms`;

/** GET `path` of the emulator at `url`. */
const get = async (url, path) => (await fetch(`${url}${path}`, { headers: { authorization: `Token ${TOKEN}` } })).json();

// ---------------------------------------------------------------- 1. the query language alone
if (PARTS.includes('query')) {
  const out = join(temp, 'query.mjs');
  await build({
    entryPoints: [resolve(import.meta.dirname, '../src/query/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'error',
  });
  const { matchQuery, parseQuery } = await import(pathToFileURL(out).href);
  const emu = await startEmulator(['--seed', '300'], TOKEN);
  emulators.push(emu);
  const configurations = await get(emu.url, '/content_delivery/configurations?page_size=1000');
  const lists = new Map();
  for (const c of configurations)
    for (const [kind, path] of [
      ['rule', 'rules_engine'],
      ['cache_setting', 'cache_settings'],
    ])
      lists.set(`${kind}:${c.id}`, await get(emu.url, `/content_delivery/configurations/${c.id}/${path}`));
  emu.stop();
  const data = { configurations, records: (kind, conf) => lists.get(`${kind}:${conf}`) };
  const notes = [];
  let worst = 0;
  for (const text of QUERIES) {
    const times = [];
    let found;
    for (let i = 0; i < 21; i++) {
      const start = performance.now();
      const parsed = parseQuery(text);
      found = matchQuery(parsed.query, data);
      times.push(performance.now() - start);
    }
    const confs = new Set(found.matches.map((m) => m.conf)).size;
    notes.push(`${text}: ${found.matches.length} matches in ${confs} configurations, ${ms(median(times))} (first ${ms(times[0])})`);
    worst = Math.max(worst, median(times));
  }
  console.log(`the query language alone, medians of 21 (load ${loadAverage()}):\n  ${notes.join('\n  ')}`);
  rows.push(
    target({
      measure: 'a query over the 900 rules of 300 configurations, parsed and matched (src/query alone, slowest of 3 queries)',
      value: worst,
      unit: 'ms',
      limit: 100,
      note: notes.join('; '),
    }),
  );
}

// ---------------------------------------------------------------- 1. the query in the TUI, from kept lists
const INPUT = /^\s*[│|] :/m; // the palette's input line
const MATCH = /^\s*[│|].*\brule \/\S* \(/m; // a rule among the palette's entries
const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The palette's input shows `text` (and nothing after it) and a rule is listed. */
const answered = (text) => {
  const typed = new RegExp(`^\\s*[│|] :${escaped(text)}\\s*[│|]?\\s*$`, 'm');
  return (s) => typed.test(s) && MATCH.test(s);
};

/** Closes the palette (Esc) and quits (q): the lists read are kept as the TUI ends. */
async function quit(t) {
  t.write('\u001b');
  await t.until((s) => !INPUT.test(s));
  t.write('q');
  await t.exited;
}

if (PARTS.includes('tui')) {
  const emu = await startEmulator(['--seed', '300'], TOKEN);
  emulators.push(emu);
  const cache = join(temp, 'cache');
  const tui = () =>
    spawnInTerminal({
      args: [...APP_NODE_ARGS, BIN, '--base-url', emu.url, '--token', TOKEN],
      env: { ...env, XDG_STATE_HOME: mkdtempSync(join(temp, 'state-')), XDG_CACHE_HOME: cache },
    });
  const ROW = /^\S?\s*\d+ \S+\s+\S+\.map\./m;
  // The first start reads every rules list and cache settings list (the query needs both) and keeps them as it quits.
  const first = tui();
  await first.until((s) => /300 of 300 configurations/.test(s));
  first.write(':');
  await first.until((s) => INPUT.test(s));
  first.write(QUERIES[2]);
  await first.until((s) => MATCH.test(s) && !/searched \d+ of \d+ configurations/.test(s), 120_000);
  await quit(first);

  const second = tui();
  await second.until((s) => ROW.test(s));
  second.write(':');
  await second.until((s) => INPUT.test(s));
  const clear = async () => {
    second.write('\u0015'); // Ctrl-u
    await second.until((s) => /^\s*[│|] :\s*[│|]?\s*$/m.test(s) && !MATCH.test(s));
  };
  const times = { typed: [], written: [], pasted: [] };
  let firstTyped;
  for (let run = 0; run < RUNS; run++)
    for (const text of QUERIES) {
      // Key by key, each waited for on screen; the clock runs from the last.
      for (let i = 1; i < text.length; i++) {
        second.write(text[i - 1]);
        const prefix = new RegExp(`^\\s*[│|] :${escaped(text.slice(0, i))}\\s*[│|]?\\s*$`, 'm');
        await second.until((s) => prefix.test(s));
      }
      let start = performance.now();
      second.write(text.at(-1));
      const typedMs = (await second.until(answered(text))) - start;
      times.typed.push(typedMs);
      firstTyped ??= typedMs;
      // The rest of the lists (read again in the background, after the kept answer) before the next.
      await second.until((s) => !/searched \d+ of \d+ configurations/.test(s), 120_000);
      await clear();
      start = performance.now();
      second.write(text);
      times.written.push((await second.until(answered(text))) - start);
      await clear();
      start = performance.now();
      second.write(`\u001b[200~${text}\u001b[201~`);
      times.pasted.push((await second.until(answered(text))) - start);
      await clear();
    }
  await quit(second); // not killed: a profile (BENCH_APP_NODE_ARGS) is written as it ends
  emu.stop();
  const each = (xs) => QUERIES.map((q, i) => `${q} ${ms(median(xs.filter((_, j) => j % QUERIES.length === i)))}`).join(', ');
  const load = `load ${loadAverage()} after`;
  rows.push(
    target({
      measure: 'palette, 300 configurations from kept lists: the last key of a query typed → its matches on screen (median)',
      value: median(times.typed),
      unit: 'ms',
      limit: 100,
      note: `${RUNS} runs of ${QUERIES.length} queries: ${each(times.typed)}; the first after the restart ${ms(firstTyped)}; ${load}`,
    }),
    target({
      measure: 'palette: the whole query written at once (keys in one read) → its matches on screen (median)',
      value: median(times.written),
      unit: 'ms',
      limit: 100,
      note: `${each(times.written)}; ${load}`,
    }),
    target({
      measure: 'palette: the whole query pasted (bracketed) → its matches on screen (median)',
      value: median(times.pasted),
      unit: 'ms',
      limit: 100,
      note: `${each(times.pasted)}; ${load}`,
    }),
  );
}

// ---------------------------------------------------------------- 2. the fleet edit, paced
const FLEET = 50;
const PER = 4;
const LIMIT = FULL ? { writes: 20, window: 60 } : { writes: 5, window: 5 };
const QUERY = FULL ? 'in:fleet-* path:/fleet/' : 'in:fleet-0000? path:/fleet/'; // 50 configurations, or 10
const COUNT = (FULL ? FLEET : 10) * PER;
const floorMs = (Math.ceil(COUNT / LIMIT.writes) - 1) * LIMIT.window * 1000;

/** A data file of `--seed 300` where configurations 1–50 are `fleet-00000`…`fleet-00049`, each with rules /fleet/1/ … /fleet/4/ (gzip off). */
async function prepareData() {
  const file = join(temp, 'prepared.jsonl');
  const emu = await startEmulator(['--seed', '300', '--data', file], TOKEN);
  const send = async (method, path, body) => {
    const res = await fetch(`${emu.url}/content_delivery/configurations${path}`, {
      method,
      headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  const confs = (await get(emu.url, '/content_delivery/configurations?page_size=1000')).slice(0, FLEET);
  for (const [n, c] of confs.entries()) {
    await send('PATCH', `/${c.id}`, { name: `fleet-${String(n).padStart(5, '0')}` });
    const origin = (await get(emu.url, `/content_delivery/configurations/${c.id}/origins`))[0].id;
    for (let i = 1; i <= PER; i++)
      await send('POST', `/${c.id}/rules_engine`, {
        path: `/fleet/${i}/`,
        regex: false,
        protocol_policy: 'http',
        behavior: 'delivery',
        path_origin_id: origin,
        gzip: false,
      });
  }
  await emu.stopped();
  return file;
}

const bulk = (url, state) =>
  new Promise((done) => {
    const start = performance.now();
    execFile(
      process.execPath,
      [BIN, 'bulk', QUERY, '--set', 'gzip=true', '--yes', '--base-url', url, '--token', TOKEN],
      { encoding: 'utf8', env: { ...env, XDG_STATE_HOME: state }, timeout: FULL ? 900_000 : 300_000 },
      (error, stdout, stderr) => done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr, ms: performance.now() - start }),
    );
  });

/** The bulk edit against the prepared data under the limit, X-RateLimit-Reset written as `format`: its rows. */
async function fleetEdit(prepared, format) {
  const data = join(temp, `data-${format}.jsonl`);
  copyFileSync(prepared, data);
  const logFile = join(temp, `serve-log-${format}.jsonl`);
  const rate = ['--rate-limit', `80/${LIMIT.writes}`, '--rate-window', String(LIMIT.window), '--reset-format', format];
  const emu = await startEmulator(['--data', data, '--log', logFile, '--latency', '150', ...rate], TOKEN);
  emulators.push(emu);
  const loadBefore = loadAverage();
  const run = await bulk(emu.url, mkdtempSync(join(temp, 'state-')));
  await emu.stopped();
  const log = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const patched = log.filter((l) => l.method === 'PATCH' && l.status === 200);
  const once = new Set(patched.map((l) => l.path)).size;
  const refused = log.filter((l) => l.status === 429).length;
  const reads = log.filter((l) => l.method === 'GET').length;
  const load = `load ${loadBefore} before, ${loadAverage()} after`;
  console.log(
    `bulk ${QUERY} --set gzip=true --yes, --reset-format ${format}: exit ${run.status}, ${patched.length} PATCH 200 (${once} rules), ${refused} answers 429, ${reads} GETs, ${(run.ms / 1000).toFixed(1)} s (floor ${floorMs / 1000} s, ${load})\nits stderr:\n${run.stderr.trimEnd()}`,
  );
  if (run.status !== 0 || patched.length !== COUNT || once !== COUNT) {
    console.error(`bench/fleet: the bulk edit did not PATCH each of the ${COUNT} rules once:\n${run.stdout}`);
    process.exit(1);
  }
  const what = `${COUNT} rules in ${COUNT / PER} configurations at ${LIMIT.writes} writes per ${LIMIT.window === 60 ? 'minute' : `${LIMIT.window} s`}`;
  // Unix seconds are rounded up: each window ends up to 1 s after the reset the client is told of
  // (and the emulator starts the next with the first request after it), so a second a window is
  // lost — 1.7 % of a minute's window, 20 % of a 5 s one. An ISO reset has microseconds.
  const windows = Math.ceil(COUNT / LIMIT.writes) - 1;
  const unix = format === 'unix' && LIMIT.window < 60;
  return [
    target({
      measure: `fleet edit (\`cdn-tui bulk\`): ${what}, ${format === 'iso' ? 'ISO' : 'Unix-second'} resets, --latency 150${unix ? ` (floor + 1 s a window: ${(1 + 1 / LIMIT.window).toFixed(1)}×)` : ''}`,
      value: run.ms,
      unit: 'ms',
      baseline: floorMs,
      baselineWhat: `floor: ${windows} windows`,
      limit: unix ? 1 + 1 / LIMIT.window + 0.05 : 1.1,
      note: `${refused} × 429; ${reads} GETs (the lists, then each rule read again before its PATCH); ${load}`,
    }),
    target({ measure: `answers 429 during that fleet edit (${format} resets)`, value: refused, unit: '', limit: 1 }),
  ];
}

if (PARTS.includes('edit')) {
  const prepared = await prepareData();
  // The quick run: both forms of the reset (the real service's ISO time, and Unix seconds); the full one Unix seconds.
  for (const format of FULL ? ['unix'] : ['iso', 'unix']) rows.push(...(await fleetEdit(prepared, format)));
}

write('fleet', rows);
process.exit(0);
