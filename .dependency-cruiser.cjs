// The layers of src/ (docs/architecture.md, "Layers"), checked by dependency-cruiser: `npm run layers`,
// part of `npm test`. Each folder may import the folders below it, never one above:
//
//   cli/          the entry (bin.ts → main.ts), the argument parser and every command
//   shell/        the TUI's start and frame: session, run-tui, app.tsx (the one file that knows every screen), chrome
//   screens/      one folder per screen
//   app/          what screens share: the two stores' hooks, the UI store, routes, the list controller, profiles
//   components/   widgets that take props
//   keys/  ui/    the key table and router, keys off stdin; text measured and cut, theme, the screen writer
//   transfer/     export, apply, compare and copy of whole configurations
//   store/        the data store: records, lists, drafts and their journal, history, sends
//   lint/  diff/  pure: a configuration's warnings; the changes of a draft and the request they make;
//   query/        the query language of find: parsed and matched over records
//   plan/         the send planner: the order of a send's requests, cycles parked (pure)
//   api/          the HTTP client
//   server/       the emulator (`cdn-tui serve`, the demo): shares the schema with the client, not its code
//   schema/       every resource once: fields, bounds, the one validator
//   util/         what any of them may use
//
// A rule names what a folder must not import; `from` is the importer. Type-only imports count (a
// type drawn from a folder above is a dependency on it all the same), except for cycles, below.
// There are no exceptions: any violation fails `npm run layers` (and so `npm test`).
//
// To see the rules fire: `npm run layers -- --output-type err-long` on the tree, or the test
// test/code/layers.test.ts, which cruises test/fixtures/layers/ (a tree that breaks each rule).

/** The folders of src/, as the start of a path regex. */
const IN = (...folders) => `^src/(${folders.join('|')})/`;
const ABOVE_STORE = ['transfer', 'app', 'shell', 'screens', 'components', 'keys', 'ui', 'cli'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No run-time cycle: a module must be able to run its top level with every import it uses evaluated. ' +
        'Cycles made only through `import type` are allowed: verbatimModuleSyntax erases them, so they cannot ' +
        'change the order modules load in (the store slices are typed by the store they are slices of; the ' +
        "schema's registry types its kinds).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'util-is-the-floor',
      severity: 'error',
      comment: 'util/ is what anything may use: it imports nothing of ours.',
      from: { path: IN('util') },
      to: { path: '^src/', pathNot: IN('util') },
    },
    {
      name: 'schema-over-util-only',
      severity: 'error',
      comment: 'schema/ describes the resources for the client and the emulator alike: it imports util/ only.',
      from: { path: IN('schema') },
      to: { path: '^src/', pathNot: IN('schema', 'util') },
    },
    {
      name: 'api-over-schema-util',
      severity: 'error',
      comment: 'api/ is the HTTP client: it knows the schema and util/, nothing that uses it.',
      from: { path: IN('api') },
      to: { path: '^src/', pathNot: IN('api', 'schema', 'util') },
    },
    {
      name: 'api-through-its-index',
      severity: 'error',
      comment: 'Callers use the API client through its public face, src/api/index.ts, never a module inside it.',
      from: { pathNot: IN('api') },
      to: { path: IN('api'), pathNot: '^src/api/index\\.ts$' },
    },
    {
      name: 'diff-lint-pure',
      severity: 'error',
      comment:
        'diff/ and lint/ are pure functions of records. diff/ makes the exact request a change needs, so it ' +
        "names the API's paths (resourcePath, through api/index.ts); neither knows the store or anything above.",
      from: { path: IN('diff', 'lint') },
      to: { path: '^src/', pathNot: [IN('diff', 'lint', 'schema', 'util'), '^src/api/index\\.ts$'] },
    },
    {
      name: 'query-pure',
      severity: 'error',
      comment: 'query/ parses and matches a query over records: the schema and util only, nothing that holds or draws them.',
      from: { path: IN('query') },
      to: { path: '^src/', pathNot: IN('query', 'schema', 'util') },
    },
    {
      name: 'plan-pure',
      severity: 'error',
      comment: 'plan/ orders the requests of a send from what each holds and takes: pure, it knows nothing but util/.',
      from: { path: IN('plan') },
      to: { path: '^src/', pathNot: IN('plan', 'util') },
    },
    {
      name: 'store-not-ui',
      severity: 'error',
      comment: 'The data store is tested without React or a terminal: it never imports the TUI, the command line or the emulator.',
      from: { path: IN('store') },
      to: { path: IN(...ABOVE_STORE, 'server') },
    },
    {
      name: 'transfer-not-ui',
      severity: 'error',
      comment: 'transfer/ serves `cdn-tui export/apply/diff` and the compare screen alike: no TUI, no command line.',
      from: { path: IN('transfer') },
      to: { path: IN('app', 'shell', 'screens', 'components', 'keys', 'ui', 'cli', 'server') },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment:
        "The emulator shares the schema with the client, not the client's code. One exception: the words " +
        'for a file that cannot be read or written (store/disk-words.ts), said alike by both.',
      from: { path: IN('server') },
      to: { path: '^src/', pathNot: [IN('server', 'schema', 'util'), '^src/store/disk-words\\.ts$'] },
    },
    {
      name: 'keys-ui-low',
      severity: 'error',
      comment:
        'keys/ and ui/ are below every widget and screen: they may read the schema (field values as text), nothing of the stores or the TUI.',
      from: { path: IN('keys', 'ui') },
      to: { path: '^src/', pathNot: IN('keys', 'ui', 'schema', 'util') },
    },
    {
      name: 'components-are-widgets',
      severity: 'error',
      comment: 'components/ are widgets that take props: no stores, no screens, no shell.',
      from: { path: IN('components') },
      to: { path: IN('app', 'shell', 'screens', 'store', 'transfer', 'api', 'cli', 'server') },
    },
    {
      name: 'app-below-screens',
      severity: 'error',
      comment: 'app/ is what screens share; the shell that knows every screen is shell/.',
      from: { path: IN('app') },
      to: { path: IN('screens', 'shell', 'cli', 'server') },
    },
    {
      name: 'screens-below-shell',
      severity: 'error',
      comment: 'A screen never imports the shell or the command line (nor the emulator): the shell picks the screen.',
      from: { path: IN('screens') },
      to: { path: IN('shell', 'cli', 'server') },
    },
    {
      name: 'shell-only-from-cli',
      severity: 'error',
      comment: 'The shell is started by the TUI command (cli/tui.ts) and by nothing else.',
      from: { pathNot: IN('shell', 'cli') },
      to: { path: IN('shell') },
    },
    {
      name: 'cli-is-the-top',
      severity: 'error',
      comment: 'Nothing imports the command line but itself: its entry is src/cli/bin.ts (scripts/build.mjs).',
      from: { pathNot: IN('cli') },
      to: { path: IN('cli') },
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
