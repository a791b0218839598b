#!/usr/bin/env node
// PNG screenshots of terminal scenarios, drawn from the same pty + headless xterm as the e2e tests.
//
//   node scripts/screenshot.mjs harness            → screenshots/harness.png
//   node scripts/screenshot.mjs all | --list
//   options: --scale N (default 2), --out DIR (default screenshots)
//
// A scenario is data: what to run, then steps. `app` runs the built TUI through startApp
// (test/e2e/harness.ts; its options: args, env, cols, rows, emulator…; `npm run build` first);
// `command` runs any program. Steps, in order:
//   { wait: 'text' | /re/ }  { gone: 'text' }  { press: ['down', 'enter'] }  { type: 'abc' }
//   { resize: [80, 24] }  { idle: 200 }  'capture' | { capture: 'suffix' }  async (t) => { … }
// A capture waits for the screen to settle, then writes <out>/<name>[-suffix].png; a scenario
// without one is captured at its end. Adding a scenario is one entry in SCENARIOS below.
//
// The TypeScript modules are loaded as they are: a module hook maps `./x.js` to `./x.ts` and
// compiles TypeScript with esbuild (a devDependency) in memory; no build step, nothing written.
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

/** @type {Record<string, { about: string, app?: object, command?: string[], steps: unknown[] }>} */
// Steps shared by the TUI scenarios: the demo's list is there; the first configuration is open.
const LISTED = [{ wait: 'winter sale' }];
const FIRST_OPEN = [...LISTED, { press: ['enter'] }, { wait: 'delivery protocol' }];
// configuration 3 open, its name being retyped in the inline input
const RENAMING = [
  ...LISTED,
  { press: ['down', 'down', 'enter'] },
  { wait: 'delivery protocol' },
  { press: ['enter', 'ctrl-u'] },
  { type: 'acme public api v3' },
];
/** The demo's rules with gzip off, as the list of a query's matches (docs/ux.md §10). */
const MATCHES = [
  ...LISTED,
  { press: [':'] },
  { type: 'gzip:false' },
  { wait: /all \d+ matches in \d+ configurations/ },
  { press: ['enter'] },
  { wait: 'rules · gzip:false' },
];
/** The rename kept and reviewed: the review of one PATCH on screen. */
const REVIEWING = [...RENAMING, { press: ['enter', 'down', 'enter'] }, { press: ['s'] }, { wait: 'PATCH /content_delivery' }];

const SCENARIOS = {
  harness: {
    about: 'the echo-keys fixture: frame, inverse row, colours, symbols, keys (needs no TUI)',
    command: [process.execPath, 'test/e2e/fixtures/echo-keys.mjs'],
    steps: [{ wait: 'ready' }, { press: ['down', 'pgdn', 'esc', 'x', 'ctrl-s', 'enter'] }, { wait: 'key: enter' }, 'capture'],
  },
  // TUI scenarios run the demo (wait for the data, not only the header, before pressing keys).
  browser: {
    about: 'the configuration browser',
    app: { args: ['--demo'] },
    steps: [{ wait: 'winter sale' }, { press: ['down', 'down'] }, { idle: 200 }],
  },
  'browser-marks': {
    about:
      'the browser with three configurations marked, one hidden by the filter: the line under the list counts them, Enter and d name them',
    app: { args: ['--demo'], cols: 120, rows: 24 },
    steps: [
      ...LISTED,
      { press: ['space', 'space', 'down', 'space'] },
      { wait: '3 marked' },
      { press: ['/'] },
      { type: 'shop' },
      { press: ['enter'] },
      { wait: '· /shop' },
      { idle: 200 },
    ],
  },
  settings: {
    about: 'a configuration: the Settings form with a changed field and a field error',
    app: { args: ['--demo'] },
    steps: [
      ...RENAMING,
      { press: ['enter', 'down', 'down', 'down', 'down', 'down', 'down', 'enter', 'end'] },
      { type: ', bad host' },
      { press: ['enter'] },
      { wait: 'error:' },
      { idle: 200 },
    ],
  },
  review: {
    about: 'the diff review: changed fields and the exact request',
    app: { args: ['--demo'] },
    steps: [...REVIEWING, { idle: 200 }],
  },
  rules: {
    about: 'the Rules tab of a configuration',
    app: { args: ['--demo'] },
    steps: [...FIRST_OPEN, { press: ['2'] }, { wait: '/static/' }, { press: ['down', 'down'] }, { idle: 200 }],
  },
  'rule-editor': {
    about: 'the rule editor: references by name, fields that do not apply dimmed, the origin choice list',
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: ['down', 'down', 'down', 'enter'] },
      { wait: 'forward cookies' },
      { press: ['down', 'down', 'down', 'down', 'down', 'down', 'down', 'down', 'down', 'down', 'down', 'enter'] },
      { wait: "follow the origin's cache headers" },
      { idle: 200 },
    ],
  },
  'cache-setting-editor': {
    about: 'the cache setting editor: TTLs in seconds and human form, lists active only for whitelist/blacklist',
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['3'] },
      { wait: 'static assets' },
      { press: ['down', 'enter'] },
      { wait: 'sort query' },
      { press: ['down', 'down', 'down', 'down', 'enter', 'ctrl-u'] },
      { type: '45d' },
      { press: ['enter'] },
      { wait: '45d' },
      { idle: 200 },
    ],
  },
  'error-grid': {
    about: 'the error-code TTL grid with two changed cells',
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['4'] },
      { wait: '501 Not Implemented' },
      { press: ['down', 'down', 'enter', 'ctrl-u'] },
      { type: '5m' },
      { press: ['enter', 'right', 'enter', 'ctrl-u'] },
      { type: '1h' },
      { press: ['enter'] },
      { wait: '3600 (1h)' },
      { idle: 200 },
    ],
  },
  bulk: {
    about: 'bulk edit: three marked rules, one field set on all of them',
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: ['space', 'space', 'space', 'enter'] },
      { wait: 'Bulk edit of 3 rules' },
      { press: ['down', 'down', 'down', 'down', 'down', 'space'] },
      { idle: 300 },
    ],
  },
  'cache-settings': {
    about: 'the Cache settings tab',
    app: { args: ['--demo'] },
    steps: [...FIRST_OPEN, { press: ['3'] }, { wait: 'static assets' }, { idle: 200 }],
  },
  origins: {
    about: 'the Origins tab: the Default Origin and a load balancer, its addresses as typed in the form',
    app: { args: ['--demo'] },
    steps: [...FIRST_OPEN, { press: ['5'] }, { wait: 'shop api backends' }, { press: ['down'] }, { idle: 200 }],
  },
  purge: {
    about:
      "a purge's review: P on a rule, a URL of a host not the account's added: the 403 foreseen under its request, y sends nothing until it goes",
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/returns.html' },
      { press: ['/'] },
      { type: 'returns' },
      { press: ['enter'] },
      { wait: '1 of 11 rules' },
      { press: ['P'] },
      { wait: 'Purge rule /returns.html' },
      { press: ['n'] },
      { type: 'www.not-ours.example/returns.html' },
      { press: ['enter', 's'] },
      { wait: 'would be refused' },
      { idle: 200 },
    ],
  },
  'new-rule': {
    about: 'a new rule: the form with the required fields first, marked *; s with one empty goes to it',
    app: { args: ['--demo'] },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: ['n'] },
      { wait: 'New rule' },
      { press: ['enter'] },
      { type: '/fonts/' },
      { press: ['enter', 's'] },
      { wait: 'Fill it in, then s.' },
      { idle: 200 },
    ],
  },
  'review-refused': {
    about:
      "a copy of the shop's rules onto staging: the review flags, before y, the requests the API would refuse (the cursor on the first; Enter fixes, x drops)",
    app: { args: ['--demo'], cols: 110, rows: 34 },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: Array(10).fill('space') },
      { wait: 'marked' },
      { press: ['c'] },
      { type: 'staging' },
      { wait: 'copy ' },
      { press: ['enter'] },
      { wait: 'would be refused' },
      { idle: 300 },
    ],
  },
  'delete-configuration': {
    about: 'deleting a configuration: the exact DELETE, and its name typed to confirm',
    app: { args: ['--demo'] },
    steps: [...LISTED, { press: ['end', 'd'] }, { wait: 'Type the name' }, { type: 'winter' }, { idle: 200 }],
  },
  conflict: {
    about: 'a conflict: someone else changed the record; base, theirs and mine side by side',
    app: {},
    steps: [
      { wait: '12 of 12 configurations' },
      { press: ['down', 'down', 'down', 'enter'] },
      { wait: 'delivery protocol' },
      { press: ['enter', 'ctrl-u'] },
      { type: 'partner api (mine)' },
      { press: ['enter'] },
      async (t) => {
        // The demo's fourth configuration (its ids have 10 digits, as the real service's: src/server/seed/ids.ts).
        const { seededId } = await import(pathToFileURL(join(ROOT, 'src/server/seed/ids.ts')).href);
        await t.emulator.call('PATCH', `/content_delivery/configurations/${seededId('configuration', 4)}`, {
          body: { name: 'partner api (theirs)', digital_certificate: 77 },
        });
      },
      { press: ['s'] },
      { wait: 'PATCH /content_delivery' },
      { press: ['y'] },
      { wait: 'Nothing was sent' },
      { idle: 200 },
    ],
  },
  'review-long': {
    about: 'a review taller than the screen: the summary on top, the changes scrolled to the end, the footer kept',
    app: { args: ['--demo'], cols: 100, rows: 24 },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: ['space', 'space', 'space', 'space', 'space', 'space', 'enter'] },
      { wait: 'Bulk edit of' },
      { press: ['down', 'down', 'down', 'down', 'down', 'enter'] },
      { press: ['down', 'down', 'down', 'down', 'enter', 'ctrl-u'] },
      { type: '4242' },
      { press: ['enter', 's'] },
      { wait: 'Review:' },
      { press: ['G'] },
      { idle: 300 },
    ],
  },
  'wide-text': {
    about: 'names in CJK, emoji and accents: columns stay aligned, cuts end in … without splitting a character',
    app: { cols: 80, rows: 20 },
    steps: [
      { wait: '12 of 12 configurations' },
      async (t) => {
        for (const name of ['東京ストア本番環境のサイト', 'cafe\u0301 crème 👩‍💻 team', 'fête 🇫🇷🇯🇵🇩🇪 flags galore']) {
          await t.emulator.call('POST', '/content_delivery/configurations', {
            body: { name, origin_address: 'origin.example.com', origin_host_header: 'origin.example.com' },
          });
        }
      },
      { press: ['r'] },
      { wait: '15 of 15 configurations' },
      { press: ['end'] },
      { idle: 300 },
    ],
  },
  help: {
    about: 'the help: every key of the current view, from the key table',
    app: { args: ['--demo'] },
    steps: [{ wait: 'winter sale' }, { press: ['?'] }, { wait: 'Keys of this view' }, { idle: 200 }],
  },
  history: {
    about: 'the history of sends (H), with the diff of one (Enter); z would undo it, a whole send at once',
    app: { args: ['--demo'] },
    steps: [
      ...REVIEWING,
      { press: ['y'] },
      { wait: 'saved configuration' },
      { press: ['H'] },
      { wait: 'applied' },
      { press: ['enter'] },
      { wait: '→ +' },
      { idle: 200 },
    ],
  },
  clone: {
    about: 'the review of a clone (C): every request in the order sent, where the ids of earlier requests go named',
    app: { args: ['--demo'], cols: 110, rows: 40 },
    steps: [
      { wait: 'winter sale' },
      { press: ['C'] },
      { wait: 'Name of the clone' },
      { press: ['ctrl-u'] },
      { type: 'acme-outdoor shop (eu)' },
      { wait: 'Name of the clone: acme-outdoor shop (eu)' },
      { press: ['enter'] },
      { wait: 'Review:' },
      { press: Array(3).fill('ctrl-f') },
      { idle: 300 },
    ],
  },
  compare: {
    about:
      'the compare view (=): two configurations side by side, grouped differences with both values, two marked for > (copy left → right)',
    app: { args: ['--demo'], cols: 120, rows: 35 },
    steps: [
      ...LISTED,
      { press: ['='] },
      { wait: 'compare DEMO:' },
      { type: 'staging' },
      { press: ['enter'] },
      { wait: /\d+ differences/ },
      { press: ['down', 'space', 'down', 'space'] },
      { wait: '2 marked' },
      { idle: 200 },
    ],
  },
  find: {
    about: 'find anywhere: rules by path across every configuration, from the palette',
    app: { args: ['--demo'] },
    steps: [{ wait: 'winter sale' }, { press: [':'] }, { type: '/static' }, { wait: 'rule /static/' }, { idle: 600 }],
  },
  results: {
    about: "a query's matches as a list (docs/ux.md §10): rules of every configuration with gzip off, three marked",
    app: { args: ['--demo'], cols: 120, rows: 30 },
    steps: [...MATCHES, { press: ['space', 'space', 'down', 'space'] }, { wait: '3 marked' }, { idle: 200 }],
  },
  'review-grouped': {
    about: 'one review of a bulk edit over matches of many configurations, grouped by configuration',
    app: { args: ['--demo'], cols: 120, rows: 30 },
    steps: [
      ...MATCHES,
      { press: ['a', 'enter'] },
      { wait: 'Bulk edit of' },
      { press: ['down', 'down', 'down', 'down', 'down', 'enter', 's'] },
      { wait: /changes in \d+ configurations/ },
      { idle: 200 },
    ],
  },
  'review-swap': {
    about: 'two rules swapping paths: one parked on a temporary path first, three requests in the order they go',
    app: { args: ['--demo'], cols: 120, rows: 30 },
    steps: [
      ...FIRST_OPEN,
      { press: ['2'] },
      { wait: '/static/' },
      { press: ['down', 'enter'] },
      { wait: 'forward cookies' },
      { press: ['enter', 'ctrl-u'] },
      { type: '/api/' },
      { press: ['enter'] },
      { wait: 'already has this path' },
      { press: ['q'] },
      { wait: '1 pending' },
      { press: ['down', 'down', 'down', 'enter'] },
      { wait: 'forward cookies' },
      { press: ['enter', 'ctrl-u'] },
      { type: '/static/' },
      { press: ['enter'] },
      { wait: '* path' },
      { press: ['q'] },
      { wait: '2 pending' },
      { press: [':'] },
      { type: 'pending' },
      { wait: 'pending changes (2)' },
      { press: ['enter'] },
      { wait: 'parked until its own request below' },
      { idle: 200 },
    ],
  },
  palette: {
    about: 'the command palette',
    app: { args: ['--demo'] },
    steps: [{ wait: 'winter sale' }, { press: [':'] }, { type: 'docs' }, { wait: 'developer docs' }, { idle: 200 }],
  },
};

function loadTypeScript() {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        if (!/^\.\.?\//.test(specifier) || !specifier.endsWith('.js')) throw error;
        for (const ext of ['.ts', '.tsx']) {
          try {
            return nextResolve(specifier.slice(0, -3) + ext, context);
          } catch {
            // try the next extension
          }
        }
        throw error;
      }
    },
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !/\.tsx?$/.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
      const file = fileURLToPath(url);
      const { code } = transformSync(readFileSync(file, 'utf8'), {
        loader: file.endsWith('x') ? 'tsx' : 'ts',
        format: 'esm',
        jsx: 'automatic',
        target: 'node22',
        sourcefile: file,
        sourcemap: 'inline',
      });
      return { format: 'module', source: code, shortCircuit: true };
    },
  });
}

async function start(scenario) {
  if (scenario.app) {
    const { startApp } = await import(pathToFileURL(join(ROOT, 'test/e2e/harness.ts')).href);
    return startApp(scenario.app);
  }
  const { startTerminal } = await import(pathToFileURL(join(ROOT, 'test/e2e/terminal.ts')).href);
  const [file, ...args] = scenario.command;
  return startTerminal({ file, args, cwd: ROOT, cols: scenario.cols, rows: scenario.rows });
}

async function run(name, scenario, { scale, out }) {
  const { writePng } = await import(pathToFileURL(join(ROOT, 'test/e2e/render-png.ts')).href);
  const written = [];
  const capture = async (t, suffix) => {
    await t.waitForIdle(150);
    const file = join(out, suffix ? `${name}-${suffix}.png` : `${name}.png`);
    writePng(file, t.snapshot(), { scale });
    written.push(file);
  };
  const t = await start(scenario);
  try {
    for (const step of scenario.steps) {
      if (typeof step === 'function') await step(t);
      else if (step === 'capture') await capture(t);
      else if ('capture' in step) await capture(t, step.capture);
      else if ('wait' in step) await t.waitForText(step.wait, step.timeout);
      else if ('gone' in step) await t.waitForNoText(step.gone, step.timeout);
      else if ('press' in step) await t.press(...[step.press].flat());
      else if ('type' in step) await t.type(step.type);
      else if ('resize' in step) t.resize(step.resize[0], step.resize[1]);
      else if ('idle' in step) await t.waitForIdle(step.idle);
      else throw new Error(`scenario ${name}: unknown step ${JSON.stringify(step)}`);
    }
    if (written.length === 0) await capture(t);
  } finally {
    await t.close();
  }
  return written;
}

function parseArgs(argv) {
  const options = { scale: 2, out: join(ROOT, 'screenshots'), names: [], list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--scale') options.scale = Number(argv[++i]);
    else if (a === '--out') options.out = resolve(argv[++i] ?? '');
    else if (a === '--list' || a === '-l') options.list = true;
    else if (a === 'all') options.names.push(...Object.keys(SCENARIOS));
    else options.names.push(a);
  }
  if (!Number.isInteger(options.scale) || options.scale < 1) throw new Error('--scale takes a whole number ≥ 1');
  return options;
}

try {
  const options = parseArgs(process.argv.slice(2));
  if (options.list || options.names.length === 0) {
    for (const [name, s] of Object.entries(SCENARIOS)) console.log(`${name.padEnd(16)} ${s.about}`);
    if (!options.list) console.error('usage: node scripts/screenshot.mjs <scenario>... | all | --list [--scale N] [--out DIR]');
    process.exitCode = options.list ? 0 : 2;
  } else {
    loadTypeScript();
    for (const name of options.names) {
      const scenario = SCENARIOS[name];
      if (!scenario) throw new Error(`no scenario "${name}" (try --list)`);
      for (const file of await run(name, scenario, options)) console.log(`wrote ${relative(process.cwd(), file)}`);
    }
  }
} catch (error) {
  console.error(`screenshot: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
