// The TUI's performance targets (issue 11) are ratios against a baseline measured in the same run
// (the machines are noisy) or absolute bounds. Every bench reports its rows through `target()` and
// `write()`: one markdown line each, and a JSON file in bench/results/ that `bench/all.mjs` reads
// to print the README's table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const RESULTS = join(import.meta.dirname, 'results');

/**
 * One row. `value` and `baseline` in the same unit; `limit` is the target: a ratio (value/baseline)
 * when there is a baseline, else an absolute bound on value. Lower is better. `ratio`: when each
 * run was paired with a baseline run, the median of the pairs' ratios (else value/baseline).
 */
export function target({ measure, value, unit, baseline, baselineWhat, limit, note, ratio: paired }) {
  const ratio = baseline === undefined ? undefined : (paired ?? value / baseline);
  const judged = ratio ?? value;
  return { measure, value, unit, baseline, baselineWhat, ratio, limit, met: judged <= limit, note };
}

const fmt = (n, unit) => `${n >= 100 || Number.isInteger(n) ? Math.round(n).toLocaleString('en') : n.toFixed(1)}${unit ? ` ${unit}` : ''}`;

export function line(r) {
  const base = r.baseline === undefined ? '—' : `${fmt(r.baseline, r.unit)} (${r.baselineWhat})`;
  const ratio = r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`;
  const limit = r.ratio === undefined ? `≤ ${fmt(r.limit, r.unit)}` : `≤ ${r.limit}×`;
  return `| ${r.measure} | ${fmt(r.value, r.unit)} | ${base} | ${ratio} | ${limit} | ${r.met ? '✔' : '✘'} |`;
}

export const HEADER = '| measure | value | baseline (same run) | ratio | target | met |\n|---|---:|---|---:|---|:---:|';

/** Prints the rows and keeps them as bench/results/<name>.json. */
export function write(name, rows) {
  console.log(HEADER);
  for (const r of rows) console.log(line(r));
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${name}.json`), JSON.stringify({ name, at: new Date().toISOString(), rows }, null, 2));
}

/** The machine's 1-minute load average (2 cores here: above 2, other work competes with the bench). */
export const loadAverage = () => loadavg()[0].toFixed(1);
