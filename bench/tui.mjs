// The TUI at 10,000 configurations: how long a key takes to reach the screen, and how many bytes
// a cursor move writes. The built CLI runs in a pseudo-terminal (node-pty) read by @xterm/headless,
// against `cdn-tui serve --seed 10000` in a child process.  Run: npm run build && node bench/tui.mjs
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';

const BIN = resolve(import.meta.dirname, '../dist/cdn-tui.js');
const KEYS = Number(process.env.BENCH_KEYS) || 200;
const COLS = 120;
const ROWS = 40;
const children = [];
/** Stops what the bench started, whatever happened. */
function stop(code) {
  for (const c of children) c.kill();
  process.exit(code);
}
const deadline = setTimeout(() => {
  console.error('bench/tui: took too long, stopping');
  stop(1);
}, 120_000);
process.on('unhandledRejection', (e) => {
  console.error(`bench/tui: ${e instanceof Error ? e.message : String(e)}`);
  stop(1);
});

const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--seed', '10000'], { stdio: ['ignore', 'pipe', 'inherit'] });
children.push(server);
const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const url = /listening on (\S+)/.exec((await lines.next()).value)[1];
const token = /token: (\S+)/.exec((await lines.next()).value)[1];

const state = mkdtempSync(join(tmpdir(), 'cdn-tui-bench-'));
const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
const app = pty.spawn(process.execPath, [BIN, '--base-url', url, '--token', token], {
  cols: COLS,
  rows: ROWS,
  env: { ...process.env, TERM: 'xterm-256color', LANG: 'C.UTF-8', XDG_STATE_HOME: state },
});
children.push(app);
let bytes = 0;
let onData = () => undefined;
app.onData((d) => {
  bytes += Buffer.byteLength(d);
  term.write(d, () => onData());
});

const screen = () => {
  const b = term.buffer.active;
  return Array.from({ length: ROWS }, (_, r) => b.getLine(r)?.translateToString(true) ?? '').join('\n');
};
/** The id on the row drawn in inverse video (the cursor bar), read from the terminal's cells. */
const cursorId = () => {
  const b = term.buffer.active;
  for (let r = 3; r < ROWS; r++) {
    const line = b.getLine(r);
    if (line?.getCell(2)?.isInverse()) return Number(/^\S?\s*(\d+) /.exec(line.translateToString(true))?.[1]);
  }
  return undefined;
};
const until = (check, ms = 20_000) =>
  new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`not seen:\n${screen()}`)), ms);
    const test = () => {
      if (!check()) return;
      clearTimeout(timer);
      onData = () => undefined;
      ok();
    };
    onData = test;
    test();
  });

const t0 = performance.now();
await until(() => /10000 of 10000 configurations/.test(screen()));
const startup = performance.now() - t0;

const times = [];
const perKey = [];
for (let i = 0; i < KEYS; i++) {
  const before = cursorId();
  const b0 = bytes;
  const start = performance.now();
  app.write(i % 50 === 49 ? '\u001b[6~' : 'j'); // mostly one row down, sometimes a page
  await until(() => cursorId() !== before);
  times.push(performance.now() - start);
  perKey.push(bytes - b0);
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

app.kill();
server.kill('SIGTERM');
rmSync(state, { recursive: true, force: true });
clearTimeout(deadline);
