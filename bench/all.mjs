// `npm run bench`: every benchmark, one after the other (each starts and stops its own emulator and
// app), then one table of the TUI's targets (issue 11) from bench/results/*.json — the table the
// README shows. BENCH_ONLY=apply,startup limits the run to those; BENCH_FLEET=full runs bench/fleet.mjs's
// fleet edit at the real service's limit (~10 min) instead of its quick variant.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEADER, line } from './report.mjs';

const BENCHES = ['startup', 'apply', 'render', 'paste', 'find', 'paced', 'kept', 'fleet', 'results', 'plan'];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : undefined;
let failed = false;

console.log('## The emulator (bench/run.mjs)\n');
if (!only || only.includes('emulator'))
  failed ||= spawnSync(process.execPath, [join(import.meta.dirname, 'run.mjs')], { stdio: 'inherit' }).status !== 0;

const rows = [];
for (const name of BENCHES) {
  if (only && !only.includes(name)) continue;
  const file = join(import.meta.dirname, `${name}.mjs`);
  if (!existsSync(file)) continue;
  console.log(`\n## bench/${name}.mjs\n`);
  const run = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed = true;
    continue;
  }
  rows.push(...JSON.parse(readFileSync(join(import.meta.dirname, 'results', `${name}.json`), 'utf8')).rows);
}
console.log('\n## The TUI against its targets\n');
console.log(HEADER);
for (const r of rows) console.log(line(r));
if (failed) process.exitCode = 1;
