// The results screen of 2,000 matches at list speed (issue 33 item 5; the third part of
// bench/fleet.mjs's): against `cdn-tui serve --seed 2000` (one `/admin` rule in each configuration),
// the palette's `:path:/admin`, waited for until every rules list is read (no `searched N of M`
// left), then its first entry `all 2000 matches in 2000 configurations` (Enter) to the results
// screen. There and on the browser's list of the same 2,000 configurations, in the same app and the
// same run (the two lists take turns, BENCH_RUNS rounds, the first list alternating), the same keys
// (bench/list-keys.mjs): 200 cursor moves from the top (`j`, every 50th a PgDn: key to the end of
// its frame, bytes a key), 20 `Space` and four `a` (to the status line's `N marked`: 2,000, none,
// 2,000, none), and the `/` filter typed a key at a time. The results screen against the README's
// bounds for lists, and against the browser's numbers (a ratio).
//   Run: npm run build && node bench/results.mjs   (BENCH_RUNS: rounds, default 2; BENCH_KEYS: moves a round, 200)
import { filterKeys, markKeys, moveKeys } from './list-keys.mjs';
import { startBench } from './pty-app.mjs';
import { loadAverage, target, write as report } from './report.mjs';
import { median } from './timed-run.mjs';

const COUNT = 2000;
const QUERY = 'path:/admin';
const RUNS = Number(process.env.BENCH_RUNS) || 2;
/** BENCH_LISTS=results: that list only (a profile of it, BENCH_APP_NODE_ARGS); the rows need both. */
const LISTS = (process.env.BENCH_LISTS ?? 'browser,results').split(',');
const KEYS = Number(process.env.BENCH_KEYS) || 200;
const SPACES = 20;
const FILTERS = ['shop-012', 'media-00', 'docs-009'];
const ROWS = 40;
const BROWSER = new RegExp(`^${COUNT} of ${COUNT} configurations`, 'm');
const RESULTS = new RegExp(`^${COUNT} of ${COUNT} rules · ${QUERY}`, 'm');
const ENTRY = new RegExp(`all ${COUNT} matches in ${COUNT} configurations`);
const INPUT = /^\s*[│|] :/m; // the palette's input line

const app = await startBench({ name: 'bench/results', serveArgs: ['--seed', String(COUNT)], cols: 120, rows: ROWS, budgetMs: 900_000 });
const { screen, until, write, quiet } = app;
await until(() => BROWSER.test(screen()));
await quiet(300);
const loadBefore = loadAverage();

/** The palette's query, every rules list read for it (the first time, in the background), then its first entry: the results screen. */
async function toResults() {
  write(':');
  await until(() => INPUT.test(screen()));
  write('\u0015'); // Ctrl-u: what the palette kept of the last query
  await until(() => /^\s*[│|] :\s*[│|]?\s*$/m.test(screen()));
  write(QUERY);
  await until(() => ENTRY.test(screen()) && !/searched \d+ of \d+ configurations/.test(screen()), 120_000);
  write('\r');
  await until(() => RESULTS.test(screen()));
  await quiet(300);
}

/** Esc: from the results screen back to the browser. */
async function toBrowser() {
  write('\u001b');
  await until(() => BROWSER.test(screen()));
  await quiet(300);
}

const lists = { browser: { unfiltered: BROWSER }, results: { unfiltered: RESULTS } };
for (const l of Object.values(lists))
  Object.assign(l, { times: [], inside: [], scrolling: [], pages: [], space: [], all: [], filter: [], cpu: [] });
let where = 'browser';
for (let run = 0; run < RUNS; run++)
  for (const name of (run % 2 ? ['results', 'browser'] : ['browser', 'results']).filter((n) => LISTS.includes(n))) {
    if (name !== where) await (name === 'results' ? toResults() : toBrowser());
    where = name;
    const l = lists[name];
    const moves = await moveKeys(app, ROWS, KEYS);
    for (const k of ['times', 'inside', 'scrolling', 'pages']) l[k].push(...moves[k]);
    l.cpu.push(moves.cpu);
    const marks = await markKeys(app, ROWS, SPACES, COUNT);
    l.space.push(...marks.space);
    l.all.push(...marks.all);
    l.filter.push(...(await filterKeys(app, FILTERS, l.unfiltered)).times);
  }
await app.done();
if (LISTS.length < 2) process.exit(0);

const load = `load ${loadBefore} before, ${loadAverage()} after`;
const { browser, results } = lists;
const ms = (x) => `${x.toFixed(1)} ms`;
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const spread = (xs) => `p50 ${ms(median(xs))}, p95 ${ms(q(xs, 0.95))}, max ${ms(Math.max(...xs))}`;
const moved = (l) => [...l.inside, ...l.scrolling];
const bytesNote = (l) => `median inside the window ${median(l.inside)} B, scrolling ${median(l.scrolling)} B, PgDn ${median(l.pages)} B`;
const cpu = (l) => `the app's CPU ${median(l.cpu).toFixed(1)} ms a move`;
const what = `${COUNT.toLocaleString('en')} matches in ${COUNT.toLocaleString('en')} configurations`;
const rows = [
  target({
    measure: `results screen, ${what}: j / PgDn → end of frame, p50 of ${results.times.length}`,
    value: median(results.times),
    unit: 'ms',
    limit: 16,
    note: `${spread(results.times)}; ${cpu(results)}; ${load}`,
  }),
  target({
    measure: 'results screen against the browser list of the same configurations: j / PgDn, p50',
    value: median(results.times),
    unit: 'ms',
    baseline: median(browser.times),
    baselineWhat: 'the browser',
    limit: 1.25,
    note: `the browser's ${spread(browser.times)}; ${cpu(browser)}`,
  }),
  target({
    measure: `results screen: bytes per j, max of ${moved(results).length}`,
    value: Math.max(...moved(results)),
    unit: 'B',
    limit: 512,
    note: `${bytesNote(results)}; the browser's max ${Math.max(...moved(browser))} B, ${bytesNote(browser)}`,
  }),
  target({
    measure: `results screen: Space (mark, move) → its N marked, p50 of ${results.space.length}`,
    value: median(results.space),
    unit: 'ms',
    baseline: median(browser.space),
    baselineWhat: 'the browser',
    limit: 1.25,
    note: `${spread(results.space)}; the browser's ${spread(browser.space)}`,
  }),
  target({
    measure: `results screen: a (all ${COUNT.toLocaleString('en')} marked, or none) → the status line, p50 of ${results.all.length}`,
    value: median(results.all),
    unit: 'ms',
    limit: 16,
    note: `${spread(results.all)}; the browser's ${spread(browser.all)}`,
  }),
  target({
    measure: `results screen: / filter, typed key → end of frame, p50 of ${results.filter.length}`,
    value: median(results.filter),
    unit: 'ms',
    limit: 16,
    note: `${spread(results.filter)}; the browser's ${spread(browser.filter)}; ${load}`,
  }),
];
report('results', rows);
for (const r of rows) if (r.note) console.log(`  ${r.measure}: ${r.note}`);
process.exit(0);
