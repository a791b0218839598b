// A pasted 10,000-character value: how long from the paste until the input shows it (and says
// it is longer than a name may be), and how long each key typed after it takes. The built CLI in
// a pseudo-terminal against the demo emulator.  Run: npm run build && node bench/paste.mjs
import { startBench } from './pty-app.mjs';
import { target, write as report } from './report.mjs';

const RUNS = Number(process.env.BENCH_RUNS) || 5;
const { screen, until, write, done } = await startBench({ name: 'bench/paste', serveArgs: ['--seed', 'demo'], cols: 100, rows: 30 });

await until(() => /12 of 12 configurations/.test(screen()));
write('\r'); // configuration 1, its Settings form
await until(() => /^\s+name\s+acme/m.test(screen()));

const pastes = [];
const keys = [];
for (let run = 0; run < RUNS; run++) {
  write('\r'); // the name field's input
  await until(() => screen().includes('Enter keep  Esc drop'));
  write('\u0015'); // Ctrl-u: empty
  await until(() => /^\s+name\s*$/m.test(screen())); // cleared, before the paste (not one read with it)
  const text = String.fromCharCode(97 + run).repeat(10_000);
  let start = performance.now();
  write(text); // one write, as a terminal sends a paste
  await until(() => screen().includes('(this is 10,000)'));
  pastes.push(performance.now() - start);
  start = performance.now();
  write('z');
  await until(() => screen().includes('(this is 10,001)'));
  keys.push(performance.now() - start);
  write('\u001b'); // Esc: dropped
  await until(() => /^\s+name\s+acme/m.test(screen()) && !screen().includes('Esc drop'));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
done();
report('paste', [
  target({
    measure: `10,000-character paste to on screen (median of ${RUNS})`,
    value: median(pastes),
    unit: 'ms',
    limit: 1000,
    note: `max ${Math.max(...pastes).toFixed(0)} ms`,
  }),
  target({
    measure: 'a key typed after it, to on screen (median)',
    value: median(keys),
    unit: 'ms',
    limit: 16,
    note: `max ${Math.max(...keys).toFixed(0)} ms`,
  }),
]);
