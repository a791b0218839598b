// The TUI at 10,000 configurations: how long a key takes to reach the screen, and how many bytes
// a cursor move writes. The built CLI runs in a pseudo-terminal (node-pty) read by @xterm/headless,
// against `cdn-tui serve --seed 10000` in a child process.  Run: npm run build && node bench/tui.mjs
import { cursorRowId, startBench } from './pty-app.mjs';

const KEYS = Number(process.env.BENCH_KEYS) || 200;
const ROWS = 40;
const { term, screen, until, write, bytes, done } = await startBench({
  name: 'bench/tui',
  serveArgs: ['--seed', '10000'],
  cols: 120,
  rows: ROWS,
});

const cursorId = () => cursorRowId(term, ROWS);
const t0 = performance.now();
await until(() => /10000 of 10000 configurations/.test(screen()));
const startup = performance.now() - t0;

const times = [];
const perKey = [];
for (let i = 0; i < KEYS; i++) {
  const before = cursorId();
  const b0 = bytes();
  const start = performance.now();
  write(i % 50 === 49 ? '\u001b[6~' : 'j'); // mostly one row down, sometimes a page
  await until(() => cursorId() !== before);
  times.push(performance.now() - start);
  perKey.push(bytes() - b0);
}
const sorted = [...times].sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| measure | value |\n|---|---|`);
console.log(`| start to 10,000 rows listed | ${startup.toFixed(0)} ms |`);
console.log(`| key to screen, p50 / p95 / max (${KEYS} keys) | ${q(0.5)} / ${q(0.95)} / ${q(0.999)} ms |`);
// the first keys move the bar inside the window; later ones scroll the list by a row (or a page)
const inside = perKey.slice(0, 20);
console.log(`| bytes per cursor move inside the window (median) | ${median(inside)} B |`);
console.log(`| bytes per key that scrolls the list (median) | ${median(perKey.slice(40))} B |`);

done();
