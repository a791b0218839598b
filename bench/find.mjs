// Find anywhere (issue 14): at 1,000 configurations, from typing a CNAME into the palette to the
// configuration that holds it on screen (target: within 2 s against the emulator without latency);
// and a rule path, whose rules lists are loaded on demand six configurations at a time: to its
// first result and to the last list loaded. The built CLI in a pseudo-terminal.
//   Run: npm run build && node bench/find.mjs
import { startBench } from './pty-app.mjs';
import { target, write as report } from './report.mjs';
import { nthConfiguration } from './seeded.mjs';

/** The seed's 950th configuration (its id known once the emulator runs). */
let CONF;
let wanted;
const { screen, until, write, done } = await startBench({
  name: 'bench/find',
  serveArgs: ['--seed', '1000'],
  cols: 120,
  rows: 40,
  budgetMs: 180_000,
  prepare: async ({ url, token }) => {
    CONF = await nthConfiguration(url, token, 950);
    const res = await fetch(`${url}/content_delivery/configurations/${CONF}`, { headers: { authorization: `Token ${token}` } });
    wanted = await res.json();
  },
});

await until(() => /1000 of 1000 configurations/.test(screen()));
write(':');
await until(() => /^\s*[│|] :/m.test(screen())); // the palette's input
// A rule path first, while no rules list is loaded: they load on demand.
let start = performance.now();
write('/admin'); // typed at once, as a paste
await until(() => /rule \/admin/.test(screen()));
const firstRuleMs = performance.now() - start;
await until(() => !/searched \d+ of \d+ configurations/.test(screen()), 120_000); // a path: every rules list in
const allMs = performance.now() - start;

const cname = wanted.cname[0];
write('\u0015'); // Ctrl-u: a new query
await until(() => !screen().includes('/admin'));
start = performance.now();
write(cname);
await until(() => screen().includes(`(${CONF})`));
const cnameMs = performance.now() - start;
done();
report('find', [
  target({ measure: 'find: a CNAME typed to its configuration on screen, 1,000 configurations', value: cnameMs, unit: 'ms', limit: 2000 }),
  target({
    measure: 'find: a rule path typed to its first result (rules loaded on demand)',
    value: firstRuleMs,
    unit: 'ms',
    limit: 2000,
    note: `every list loaded after ${Math.round(allMs)} ms`,
  }),
]);
