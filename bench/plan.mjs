// The send planner at scale (docs/preflight.md, "The order of a send"): 2,000 requests of which 500
// depend on each other (100 rings of 5 rules, each taking the next one's path: 100 cycles, each
// broken by a parking request), timed two ways, each a median of 21 runs in this process:
//   - the planner alone (src/plan/), over the 2,000 items;
//   - the store's plan of the 2,000 drafts (src/store/send-plan.ts: what each holds and takes,
//     read from the drafts and the records, then the planner) — what the review and the send pay.
// Then the TUI: 2,000 drafts journaled, the app started, Enter on the offer opens their review; the
// time runs from Enter to the review's first frame (its summary line), and to the review laid out
// and checked against the server (every request counted), against `serve --seed demo`.
// Run: npm run build && node bench/plan.mjs
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { startBench } from './pty-app.mjs';
import { loadAverage, target, write } from './report.mjs';
import { median, timedRun } from './timed-run.mjs';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { nthConfiguration } from './seeded.mjs';

const N = 2_000;
const RING = 5;
const LINKED = process.env.BENCH_PLAN_LINKED === undefined ? 500 : Number(process.env.BENCH_PLAN_LINKED);
timedRun('plan', 600_000);
const ms = (x) => `${x.toFixed(1)} ms`;

/** The drafts of the bench: rule i of `rules`; the first LINKED move to the next one's path in their ring, the rest flip gzip. */
function draftsOf(conf, rules, now) {
  const drafts = {};
  rules.forEach((r, i) => {
    const ring = Math.floor(i / RING) * RING;
    const values = i < LINKED ? { ...r, path: rules[ring + ((i - ring + 1) % RING)].path } : { ...r, gzip: !r.gzip };
    drafts[`rule:${conf}:${r.id}`] = {
      target: { kind: 'rule', op: 'update', conf, id: r.id },
      base: r,
      values,
      startedAt: now,
      updatedAt: now,
    };
  });
  return drafts;
}

// ---------------------------------------------------------------- 1. the planner, and the store's plan
// Inside the checkout, so that the packages left out of the bundle resolve from node_modules.
const out = resolve(import.meta.dirname, '../node_modules/.cache/cdn-tui-bench/plan.mjs');
await build({
  stdin: {
    contents: "export { planSend } from './src/plan/index.ts'; export { sendPlan } from './src/store/send-plan.ts';",
    resolveDir: resolve(import.meta.dirname, '..'),
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external', // the packages as installed (undici requires its own files)
  outfile: out,
  logLevel: 'error',
  define: { 'process.env.NODE_ENV': '"production"' },
});
const { planSend, sendPlan } = await import(pathToFileURL(out).href);

const items = Array.from({ length: N }, (_, i) => {
  if (i >= LINKED) return { holds: [`path /q${i}`], takes: [`path /q${i}`] };
  const ring = Math.floor(i / RING) * RING;
  const from = `path /p${i}`;
  const to = `path /p${ring + ((i - ring + 1) % RING)}`;
  return { holds: [from], takes: [to], parks: [from] };
});
const pure = [];
let steps = 0;
for (let run = 0; run < 21; run++) {
  const start = performance.now();
  steps = planSend(items).steps.length;
  pure.push(performance.now() - start);
}
if (steps !== N + LINKED / RING) throw new Error(`bench/plan: ${steps} steps, expected ${N + LINKED / RING}`);

const conf = 7;
const rules = Array.from({ length: N }, (_, i) => ({ id: 1000 + i, path: `/p${i}`, regex: false, gzip: false }));
const state = {
  drafts: draftsOf(conf, rules, Date.now()),
  records: Object.fromEntries(rules.map((r) => [`rule:${conf}:${r.id}`, r])),
  lists: { [`rule:${conf}`]: { keys: rules.map((r) => `rule:${conf}:${r.id}`), total: N, loadedAt: Date.now() } },
  requests: {},
};
const keys = Object.keys(state.drafts);
const store = [];
for (let run = 0; run < 21; run++) {
  const start = performance.now();
  // A new state each run: the plan is kept per state and keys.
  sendPlan({ ...state }, [...keys]);
  store.push(performance.now() - start);
}
console.log(
  `the planner: ${ms(median(pure))} (first ${ms(pure[0])}); the store's plan: ${ms(median(store))} (first ${ms(store[0])}); load ${loadAverage()}`,
);

// ---------------------------------------------------------------- 2. the review of 2,000 drafts in the TUI
let made;
const bench = await startBench({
  name: 'bench/plan',
  serveArgs: ['--seed', 'demo'],
  cols: 120,
  rows: 40,
  budgetMs: 300_000,
  async prepare({ url, token, state: dir }) {
    const c = await nthConfiguration(url, token, 1);
    const path = `/content_delivery/configurations/${c}/rules_engine`;
    const call = async (method, p, body) => {
      const res = await fetch(url + p, {
        method,
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status}`);
      return res.json();
    };
    const origin = (await call('GET', `/content_delivery/configurations/${c}/origins`))[0].id;
    for (let i = 0; i < N; i += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, N - i) }, (_, k) =>
          call('POST', path, {
            path: `/bench-plan/${i + k}/`,
            regex: false,
            protocol_policy: 'http',
            behavior: 'delivery',
            path_origin_id: origin,
          }),
        ),
      );
    made = [];
    for (let page = 1; made.length < N && page < 10; page++)
      made.push(...(await call('GET', `${path}?page=${page}&page_size=1000`)).filter((r) => r.path.startsWith('/bench-plan/')));
    if (made.length !== N) throw new Error(`bench/plan: made ${made.length} rules, expected ${N}`);
    const drafts = draftsOf(c, made, Date.now());
    const file = join(dir, 'cdn-tui', `drafts-${createHash('sha256').update(url.replace(/\/+$/, '')).digest('hex').slice(0, 16)}.json`);
    mkdirSync(join(dir, 'cdn-tui'), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ version: 1, baseUrl: url, savedAt: new Date().toISOString(), drafts }), { mode: 0o600 });
  },
});
const { screen, until, write: type, done } = bench;
await until(() => screen().includes(`${N} unsaved changes from your last session were kept`), 60_000);
await until(() => /updated (just now|\d)/.test(screen()), 60_000);
await bench.quiet(300);
const start = performance.now();
type('\r');
await until(() => /Review: \d+ (changes|drafts)/.test(screen()), 30_000);
const firstFrame = performance.now() - start;
await until(() => screen().includes(`${N} changes, ${N + LINKED / RING} requests`), 60_000);
const checked = performance.now() - start;
console.log(
  `the review: first frame ${ms(firstFrame)} after Enter; checked against the server (${N + LINKED / RING} requests) ${ms(checked)}`,
);
await done();

write('plan', [
  target({
    measure: `plan a send of ${N.toLocaleString('en')} requests, ${LINKED} of them in ${LINKED / RING} cycles (store's plan)`,
    value: median(store),
    unit: 'ms',
    limit: 50,
    note: `the planner alone ${ms(median(pure))}`,
  }),
  target({ measure: `review of ${N.toLocaleString('en')} requests: Enter → first frame`, value: firstFrame, unit: 'ms', limit: 100 }),
  target({
    measure: `review of ${N.toLocaleString('en')} requests: Enter → every line laid out and checked`,
    value: checked,
    unit: 'ms',
    limit: 1000,
  }),
]);
