// Applying 200 PATCHes from one review against `cdn-tui serve --seed demo --latency 50`, against
// the same 200 PATCHes sent one after another by a plain `fetch` loop in the same run; and the most
// requests the emulator had in flight at once while the TUI applied them (from its `--log`: each
// line's end time and duration).  Run: npm run build && node bench/apply.mjs
//
// Set-up, not timed: 200 rules are made in the demo's first configuration through the API; the loop sets `gzip`
// on each (the baseline); the TUI's drafts journal is then written with one draft per rule that
// turns `gzip` off again, each draft's base being the rule as the emulator returns it. The TUI
// starts, offers the drafts back, Enter opens the review of them all; the time runs from `y` until
// the status line says they were applied, then the emulator is asked whether all 200 changed.
import { startBench, writeRuleDrafts } from './pty-app.mjs';
import { target, write } from './report.mjs';
import { nthConfiguration } from './seeded.mjs';

const N = Number(process.env.BENCH_APPLY_N) || 200;
/** The demo's first configuration and its rules' path (known once the emulator runs). */
let CONF;
let RULES;

/** A plain call, for the set-up and the checks. */
const call = async (url, token, method, path, body) => {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
};

/** The rules this bench made, as the emulator has them now. */
const ourRules = async (url, token) => (await call(url, token, 'GET', RULES)).filter((r) => r.path.startsWith('/bench-apply/'));

let baselineMs;

async function prepare({ url, token, state }) {
  CONF = await nthConfiguration(url, token, 1);
  RULES = `/content_delivery/configurations/${CONF}/rules_engine`;
  const origin = (await call(url, token, 'GET', `/content_delivery/configurations/${CONF}/origins`))[0].id;
  const paths = Array.from({ length: N }, (_, i) => `/bench-apply/${i}/`);
  for (let i = 0; i < N; i += 8) {
    await Promise.all(
      paths
        .slice(i, i + 8)
        .map((path) =>
          call(url, token, 'POST', RULES, { path, regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin }),
        ),
    );
  }
  const made = await ourRules(url, token);
  if (made.length !== N || made.some((r) => r.gzip !== false)) throw new Error(`expected ${N} new rules without gzip`);

  // The baseline: one PATCH after another, each waiting for its answer, as a script would.
  const start = performance.now();
  for (const r of made) {
    const res = await fetch(`${url}${RULES}/${r.id}`, {
      method: 'PATCH',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gzip: true }),
    });
    await res.json();
    if (res.status !== 200) throw new Error(`baseline PATCH: ${res.status}`);
  }
  baselineMs = performance.now() - start;

  const rules = await ourRules(url, token);
  if (rules.some((r) => r.gzip !== true)) throw new Error('the baseline did not set gzip on every rule');
  writeRuleDrafts(state, url, CONF, rules, { gzip: false });
}

/**
 * The most requests whose [start, end] overlap, from log lines (`time` = end, `ms` = duration).
 * The log's times are to the millisecond: a request that starts within 2 ms of another's end (the
 * next request on the same kept-alive connection) is counted as following it, not beside it. Every
 * request here lasts 50 ms or more, so two really in flight together overlap by far more.
 */
const SLACK_MS = 2;
function mostInFlight(lines) {
  const events = [];
  for (const l of lines) {
    const end = Date.parse(l.time);
    events.push([end - l.ms, 1], [end - SLACK_MS, -1]);
  }
  // at the same instant an end comes before a start: touching requests do not overlap
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, d] of events) most = Math.max(most, (now += d));
  return most;
}

const bench = await startBench({
  name: 'bench/apply',
  serveArgs: ['--seed', 'demo', '--latency', '50'],
  cols: 120,
  rows: 40,
  budgetMs: 300_000,
  log: true,
  prepare,
});
const { screen, until, write: type, serveLog, url, token, done } = bench;

await until(() => screen().includes(`${N} unsaved changes from your last session were kept`), 30_000);
await until(() => /updated (just now|\d)/.test(screen()), 30_000); // the start-up load is done: nothing else in flight
type('\r');
// Once the review has checked its drafts against the server (it reads their rules first): y sends.
await until(() => screen().includes(`Review: ${N} changes, ${N} requests · y sends all`), 30_000);

const before = serveLog().length;
const start = performance.now();
const startedAt = Date.now();
type('y');
await until(() => screen().includes(`${N} applied`), 120_000);
const tuiMs = performance.now() - start;
const sent = serveLog().slice(before);

const after = await ourRules(url, token);
const changed = after.filter((r) => r.gzip === false).length;
if (changed !== N) {
  console.error(`bench/apply: the emulator has ${changed} of ${N} rules changed`);
  await done();
  process.exit(1);
}
const count = (m) => sent.filter((l) => l.method === m).length;
console.log(`the TUI sent ${sent.length} requests: ${count('PATCH')} PATCH, ${count('GET')} GET; all ${N} rules changed at the emulator`);
// Where the time went: before the first request, at the emulator, after the last answer.
const starts = sent.map((l) => Date.parse(l.time) - l.ms - startedAt);
const ends = sent.map((l) => Date.parse(l.time) - startedAt);
const busy = sent.reduce((a, l) => a + l.ms, 0);
const span = Math.max(...ends) - Math.min(...starts);
console.log(
  `y -> first request ${Math.min(...starts).toFixed(0)} ms; requests over ${span.toFixed(0)} ms, ${(busy / span).toFixed(1)} in flight on average; ` +
    `last answer -> status line ${(tuiMs - Math.max(...ends)).toFixed(0)} ms`,
);

write('apply', [
  target({
    measure: `apply ${N} PATCHes from one review (--latency 50)`,
    value: tuiMs,
    unit: 'ms',
    baseline: baselineMs,
    baselineWhat: 'sequential fetch loop',
    limit: 0.2,
    note: `${count('PATCH')} PATCH + ${count('GET')} GET`,
  }),
  target({ measure: 'requests in flight at the emulator during that apply (most)', value: mostInFlight(sent), unit: '', limit: 8 }),
]);
// Quit through the keys, so that a profiler given in BENCH_APP_NODE_ARGS writes its profile.
type('q');
await bench.exited();
await done();
