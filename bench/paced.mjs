// Jobs of many writes under the real service's limit (issue 20): `cdn-tui serve --rate-limit 80/20
// --latency 150` with its one-minute window. N writes at W a minute cannot end before ⌈N/W⌉−1
// minutes (the first W go at once): each row names its floor.
//   1. `cdn-tui apply FILE --yes` of an export with 45 new rules (45 POSTs): target ≤ 140 s.
//   2. a bulk edit of 40 of those rules from one review in the TUI (40 PATCHes): target ≤ 85 s.
// Each with at most one answer 429, and every change at the emulator once. The two use tokens of
// their own (the limit counts per token).  Run: npm run build && node bench/paced.mjs (~4 min)
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startBench, writeRuleDrafts } from './pty-app.mjs';
import { target, write } from './report.mjs';
import { nthConfiguration } from './seeded.mjs';

const BIN = resolve(import.meta.dirname, '../dist/cdn-tui.cjs');
const TUI_TOKEN = 'bench-paced-tui-token-7d1e';
const APPLY_TOKEN = 'bench-paced-apply-token-2c9a';
const LIMIT = { reads: 80, writes: 20 };
/** The demo's fifth configuration (known once the emulator runs). */
let CONF;
const NEW_RULES = 45;
const BULK = 40;
const floorMs = (n) => (Math.ceil(n / LIMIT.writes) - 1) * 60_000;

const run = (args, token, url) =>
  new Promise((done) => {
    const started = performance.now();
    execFile(
      process.execPath,
      [BIN, ...args, '--base-url', url, '--token', token],
      { encoding: 'utf8', timeout: 600_000 },
      (error, stdout, stderr) => {
        done({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr, ms: performance.now() - started });
      },
    );
  });

const readRules = async (url, token) => {
  const res = await fetch(`${url}/content_delivery/configurations/${CONF}/rules_engine`, { headers: { authorization: `Token ${token}` } });
  return res.json();
};

let applyRow;
let applyNote;
/** `apply` of an export with 45 new rules, through the built command (timed); its rules are the bulk's. */
async function prepare({ url, state }) {
  CONF = await nthConfiguration(url, APPLY_TOKEN, 5);
  const exported = await run(['export', String(CONF)], APPLY_TOKEN, url);
  if (exported.status !== 0) throw new Error(`export: ${exported.stderr}`);
  const file = JSON.parse(exported.stdout);
  const origin = file.rules[0].path_origin_id;
  for (let i = 0; i < NEW_RULES; i++)
    file.rules.push({ path: `/bench-paced/${i}/`, regex: false, protocol_policy: 'http', behavior: 'delivery', path_origin_id: origin });
  const path = join(state, 'paced.json');
  writeFileSync(path, JSON.stringify(file));
  const applied = await run(['apply', path, '--yes'], APPLY_TOKEN, url);
  const made = (await readRules(url, APPLY_TOKEN)).filter((r) => r.path.startsWith('/bench-paced/'));
  if (applied.status !== 0 || made.length !== NEW_RULES)
    throw new Error(`apply: exit ${applied.status}, ${made.length} of ${NEW_RULES} made\n${applied.stderr}`);
  const refused = posts429(state);
  console.log(
    `apply: exit 0, ${NEW_RULES} rules made in ${(applied.ms / 1000).toFixed(1)} s, ${refused} answers 429; its lines on stderr:\n${applied.stderr.trimEnd()}`,
  );
  applyRow = applied.ms;
  applyNote = `${refused} × 429`;
  writeRuleDrafts(state, url, CONF, made.slice(0, BULK), { gzip: true });
}

/** The 429 answers the emulator has logged so far. */
function posts429(state) {
  return readFileSync(join(state, 'serve-log.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.status === 429).length;
}

const bench = await startBench({
  name: 'bench/paced',
  serveArgs: ['--seed', 'demo', '--latency', '150', '--rate-limit', `${LIMIT.reads}/${LIMIT.writes}`],
  tokens: [TUI_TOKEN, APPLY_TOKEN],
  log: true,
  budgetMs: 600_000,
  prepare,
});
const { screen, until, write: type, serveLog, url, done } = bench;

await until(() => screen().includes(`${BULK} unsaved changes from your last session were kept`), 30_000);
await until(() => /updated (just now|\d)/.test(screen()), 30_000);
type('\r');
// Once the review has checked its drafts against the server (it reads their rules first): y sends.
await until(() => screen().includes(`Review: ${BULK} changes, ${BULK} requests · y sends all`), 30_000);
const before = serveLog().length;
const start = performance.now();
type('y');
let countdown = '';
await until(() => {
  countdown ||= /sent \d+ of \d+ · rate limit [^\n]*left/.exec(screen())?.[0] ?? '';
  return screen().includes(`${BULK} applied`);
}, 300_000);
const bulkMs = performance.now() - start;
const sent = serveLog().slice(before);
const changed = (await readRules(url, TUI_TOKEN)).filter((r) => r.path.startsWith('/bench-paced/') && r.gzip === true).length;
const patches = sent.filter((l) => l.method === 'PATCH');
const refused = sent.filter((l) => l.status === 429).length;
console.log(
  `bulk: ${changed} of ${BULK} rules changed, ${patches.filter((l) => l.status === 200).length} PATCH 200, ${refused} answers 429; the status line meanwhile: ${countdown}`,
);
if (changed !== BULK) {
  console.error('bench/paced: not every rule changed');
  await done();
  process.exit(1);
}

write('paced', [
  // Bounds in ms (the floor of the limit is in the measure's words): a ratio to the floor would read 1.17×.
  target({
    measure: `apply of ${NEW_RULES} new rules at ${LIMIT.writes} writes/min (--latency 150; floor ${floorMs(NEW_RULES) / 1000} s)`,
    value: applyRow,
    unit: 'ms',
    limit: 140_000,
    note: applyNote,
  }),
  target({
    measure: `bulk edit of ${BULK} rules at ${LIMIT.writes} writes/min (--latency 150; floor ${floorMs(BULK) / 1000} s)`,
    value: bulkMs,
    unit: 'ms',
    limit: 85_000,
    note: `${refused} × 429`,
  }),
  target({
    measure: 'answers 429 during those two jobs (most of either)',
    value: Math.max(refused, Number(applyNote.split(' ')[0])),
    unit: '',
    limit: 1,
  }),
]);
type('q');
await bench.exited();
await done();
