// What the TUI writes and holds at 10,000 configurations (issue 11's absolute bounds): bytes per
// `j` (inside the window and scrolling), the `/` filter per typed key, tab switches in one frame,
// nothing written while idle, and the app's RSS after 5,000 keys (2,500 `j`, then 2,500 `k`), one
// at a time; then, in a second app started afresh, the RSS after the same 5,000 keys sent ten to a
// write, a write every 20 ms whether or not the app has drawn the last (key repeat, a paste, a slow
// SSH link delivering ten at once: the app reads them together). Each RSS is the process's VmRSS
// (/proc/<pid>/status) once the last frame is written and the app has been quiet for 200 ms. The
// built CLI runs in a pseudo-terminal (node-pty) read by @xterm/headless, 120×40, against
// `cdn-tui serve --seed 10000`.
//   Run: npm run build && node bench/render.mjs
//   BENCH_PHASES=idle,bytes,filter,rss,tabs,burst (default all, in that order); BENCH_RSS_KEYS (5000).
import { readFileSync } from 'node:fs';
import { cpuMs as cpuOf, filterKeys } from './list-keys.mjs';
import { cursorRowId, startBench } from './pty-app.mjs';
import { loadAverage, target, write as report } from './report.mjs';

const COLS = 120;
const ROWS = 40;
const PHASES = new Set((process.env.BENCH_PHASES || 'idle,bytes,filter,rss,tabs,burst').split(','));
const RSS_KEYS = Number(process.env.BENCH_RSS_KEYS) || 5000;
const BURST = 10;
/** Between two writes of a burst's keys (ms). */
const PACE_MS = 20;
const BSU = '\u001b[?2026h';
const start = async () => {
  const started = await startBench({ name: 'bench/render', serveArgs: ['--seed', '10000'], cols: COLS, rows: ROWS, budgetMs: 400_000 });
  await started.until(() => /10000 of 10000 configurations/.test(started.screen()));
  await started.quiet(500);
  return started;
};
const FIRST_APP = ['idle', 'bytes', 'filter', 'rss', 'tabs'].some((p) => PHASES.has(p));
let app = FIRST_APP ? await start() : undefined;
let { term, screen, until, write, bytes, quiet, tap, pid } = app ?? {};

const cursorId = () => cursorRowId(term, ROWS);
/** The id on the first row of the table's window. */
const topId = () => Number(/^\S?\s*(\d+) /.exec(term.buffer.active.getLine(3)?.translateToString(true) ?? '')?.[1]);
/** The title of the tab drawn in inverse video on the tab bar (the screen's third line). */
const activeTab = () => {
  const line = term.buffer.active.getLine(2);
  const text = line?.translateToString(true) ?? '';
  const at = [...text.matchAll(/\d ([A-Z][a-z]+(?: [a-z]+)?)/g)].find((m) => line?.getCell(m.index)?.isInverse());
  return at?.[1];
};
const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
/** The app's CPU time so far (ms). */
const cpuMs = () => cpuOf(pid);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

/** The configurations' ids in list order (id order): where the cursor is after a burst of keys. */
async function listIds() {
  const res = await fetch(`${app.url}/content_delivery/configurations`, { headers: { authorization: `Token ${app.token}` } });
  return (await res.json()).map((c) => c.id).sort((a, b) => a - b);
}

/**
 * 5,000 keys at 10,000 rows: `j` for the first half, then `k` back up (each key a window the app
 * has not drawn before on the way down, and again on the way up, with the bar at its other end),
 * `burst` keys to a write. One key at a time (`burst` 1), each write is waited for until the
 * cursor is where its key takes it. In bursts, the writes go out every `PACE_MS` whether or not the
 * app has drawn the last (as key repeat or a slow link delivers them: a busy app reads what piled
 * up together), and the cursor is waited for once, after the last write. Either way the RSS is
 * the process's VmRSS (/proc/<pid>/status) read once the last frame is written and the app has
 * been quiet for 200 ms. Returns the RSS row.
 */
async function rssAfterKeys(burst) {
  const ids = await listIds();
  const from = ids.indexOf(cursorId());
  const startRss = rssMiB();
  const samples = [];
  let frames = 0;
  const untap = tap((d) => (frames += d.split(BSU).length - 1));
  const cpu0 = cpuMs();
  const load0 = loadAverage();
  let index = from;
  for (let i = 0; i < RSS_KEYS; i += burst) {
    let keys = '';
    for (let k = i; k < Math.min(i + burst, RSS_KEYS); k++) {
      const down = k < RSS_KEYS / 2;
      keys += down ? 'j' : 'k';
      index = Math.max(0, Math.min(ids.length - 1, index + (down ? 1 : -1)));
    }
    write(keys);
    if (burst === 1) {
      const id = ids[index];
      await until(() => cursorId() === id);
    } else await new Promise((r) => setTimeout(r, PACE_MS));
    if (Math.floor((i + burst) / 1000) > Math.floor(i / 1000)) samples.push(Math.round(rssMiB()));
  }
  const last = ids[index];
  await until(() => cursorId() === last);
  await quiet(200);
  untap();
  const cpu = (cpuMs() - cpu0) / RSS_KEYS;
  const how = `j then k, ${burst === 1 ? 'one key at a time' : `${burst} keys to a write, ${PACE_MS} ms apart`}`;
  return target({
    measure: `RSS after ${RSS_KEYS.toLocaleString('en')} keys, ${how}`,
    value: rssMiB(),
    unit: 'MB',
    limit: 120,
    note: `${Math.round(startRss)} MiB before; per 1,000 keys: ${samples.join(', ')} MiB; frames written: ${frames}; the app's CPU ${cpu.toFixed(1)} ms a key; load average ${load0}–${loadAverage()}`,
  });
}

if (PHASES.has('idle')) {
  // Nothing changes: the header's clock is the only thing that could draw.
  const b0 = bytes();
  await new Promise((r) => setTimeout(r, 10_000));
  rows.push(target({ measure: 'idle: bytes written in 10 s', value: bytes() - b0, unit: 'B', limit: 0 }));
}

if (PHASES.has('bytes')) {
  // `j` from the first row: the bar moves inside the window, then every key scrolls it by a row.
  const inside = [];
  const scrolling = [];
  const cpu0 = cpuMs();
  for (let i = 0; i < 200; i++) {
    const before = cursorId();
    const top = topId();
    const b0 = bytes();
    write('j');
    await until(() => cursorId() !== before);
    await quiet(30);
    (topId() === top ? inside : scrolling).push(bytes() - b0);
  }
  const all = [...inside, ...scrolling];
  const cpu = (cpuMs() - cpu0) / all.length;
  rows.push(
    target({
      measure: `bytes per j, max of ${all.length} keys`,
      value: Math.max(...all),
      unit: 'B',
      limit: 512,
      note: `the app's CPU ${cpu.toFixed(1)} ms a key`,
    }),
  );
  rows.push(target({ measure: `bytes per j inside the window, median of ${inside.length}`, value: median(inside), unit: 'B', limit: 512 }));
  rows.push(
    target({ measure: `bytes per j that scrolls, median of ${scrolling.length}`, value: median(scrolling), unit: 'B', limit: 512 }),
  );
}

if (PHASES.has('filter')) {
  // `/`, then a name typed one key at a time: each key narrows the 10,000 rows. The time of a key
  // runs to the last byte its frame writes (then nothing more comes for 150 ms). Three rounds.
  const { times, cpu } = await filterKeys(app, ['shop-012', 'media-00', 'docs-009'], /10000 of 10000 configurations/);
  const sorted = [...times].sort((a, b) => a - b);
  rows.push(
    target({
      measure: `filter: typed key to end of frame, p50 of ${times.length}`,
      value: median(times),
      unit: 'ms',
      limit: 16,
      note: `max ${sorted.at(-1).toFixed(1)} ms; the app's CPU ${cpu.toFixed(1)} ms a key; ${times.map((t) => t.toFixed(0)).join(' ')}`,
    }),
  );
}

if (PHASES.has('rss')) rows.push(await rssAfterKeys(1));

if (PHASES.has('tabs')) {
  // Open the configuration under the cursor, let it load, then switch tabs: the first frame after
  // the key should already show the tab's rows.
  write('\r');
  await until(() => /1 Settings/.test(screen()) && /cname access only/.test(screen()));
  await quiet(500);
  const frames = [];
  let loadingSeen = 0;
  for (const [key, title] of [
    ['2', 'Rules'],
    ['3', 'Cache settings'],
    ['4', 'Error responses'],
    ['5', 'Origins'],
    ['1', 'Settings'],
    ['2', 'Rules'],
  ]) {
    let out = '';
    const untap = tap((d) => (out += d));
    write(key);
    await until(() => activeTab() === title);
    await quiet(300);
    untap();
    frames.push(out.split(BSU).length - 1);
    if (/loading/.test(out)) loadingSeen++;
  }
  rows.push(
    target({
      measure: 'tab switch: frames from key to settled screen, max',
      value: Math.max(...frames),
      unit: 'frames',
      limit: 1,
      note: `per switch: ${frames.join(' ')}; frames showing "loading": ${loadingSeen}`,
    }),
  );
}

if (PHASES.has('burst')) {
  // A fresh app: what the keys above left in the heap would count here too.
  await app?.done();
  app = await start();
  ({ term, screen, until, write, quiet, tap, pid } = app);
  rows.push(await rssAfterKeys(BURST));
}

report('render', rows);
for (const r of rows) if (r.note) console.log(`  ${r.measure}: ${r.note}`);
await app.done();
