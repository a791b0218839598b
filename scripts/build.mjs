// Builds the runnable bin: dist/cdn-tui.js and the chunks it imports on demand (esbuild splitting),
// production React, a Node shebang; beside it dist/cdn-tui.cjs, the package's bin, which checks the
// Node version before it loads the bundle (src/cli/launcher.cjs, copied as it is). The entry holds only the command line: --help and --version
// load no Ink, React, API client or emulator; each command imports its own chunks when it runs.
// `bundleOptions` is exported so a bench can bundle its baseline exactly the same way.
//
//   node scripts/build.mjs              always builds (npm run build, prepack, CI)
//   node scripts/build.mjs --if-stale   builds only when an input changed since the last build
//                                       (npm start, npm run cdn-tui, npm run serve: scripts/build-stamp.mjs)
//   node scripts/build.mjs --plain      the same app with none of the speed tricks below (PATCHES):
//                                       no dependency file changed, no third-party scripts and their
//                                       code caches; into dist-plain/ (npm run build:plain)
//   node scripts/build.mjs --without NAME,NAME --out DIR
//                                       the named tricks off, into DIR (a folder beside package.json,
//                                       which the bin reads): how each one is measured
//                                       (scripts/measure-patches.mjs, docs/dependency-patches.md)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inputsHash, isFresh, writeStamp } from './build-stamp.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** A dependency's source with each `from` text replaced by its `to`; a text not found fails the build (the dependency changed). */
function patch(source, path, changes) {
  for (const [from, to] of changes) {
    if (!source.includes(from)) throw new Error(`${path} changed: ${from} not found; update scripts/build.mjs`);
    source = source.replaceAll(from, to);
  }
  return source;
}

/** A dependency's file with `changes` made (patch above). */
function patchFile(path, changes) {
  return patch(readFileSync(path, 'utf8'), path, changes);
}

/** An esbuild onLoad that gives a dependency's JavaScript file with `changes` made. */
function patched(changes) {
  return (args) => ({ contents: patchFile(args.path, changes), loader: 'js' });
}

/**
 * An ES module of a Node builtin through require(): its default, and each export read once as
 * the module loads, only those that some importer uses (the others are pure, so dropped). No
 * copy of the builtin's every export (esbuild's re-export defines a getter for each: ~100 for
 * node:fs). Read once, as Node's own ES wrapper of a builtin does.
 */
function builtinModule(id) {
  const exports = Object.getOwnPropertyNames(createRequire(import.meta.url)(id)).filter(
    (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
  );
  const lines = exports.map((name, i) => `const __x${i} = /* @__PURE__ */ (() => __m.${name})();`);
  const names = exports.map((name, i) => `__x${i} as ${name}`);
  return `const __m = require('${id}');\nexport default __m;\n${lines.join('\n')}\nexport { ${names.join(', ')} };\n`;
}

/**
 * The speed tricks of the build, each by the name `--without` takes. Every one is on in the bin
 * (`npm run build`) and off in `npm run build:plain`; docs/dependency-patches.md says, for each,
 * what it saves (measured off and on), which upgrade breaks it, how the build says so and how to
 * drop it. The first group changes files of dependencies as they are bundled; the second changes
 * only how esbuild bundles.
 */
export const PATCHES = {
  // Files of dependencies, changed as they are bundled
  'undici-agent-only': "undici: the app's Agent (and, on demand, its proxy agent) from undici's private lib/ paths, not its index",
  'undici-lazy-http': 'undici: lib/dispatcher/client.js and lib/core/util.js load node:http when they use it, not as they load',
  'undici-no-h2': 'undici: lib/dispatcher/client-h2.js replaced by a stub that throws (the app speaks HTTP/1.1 only)',
  'undici-esbuild-flag': 'undici: its internal `esbuildDetection` flag defined: llhttp alone, no second HTTP/1 parser',
  'string-width-fast': 'string-width: simple text measured at once (src/ui/simple-text.ts), its emoji regex replaced (src/ui/emoji.ts)',
  'ink-blank-cell': "Ink build/output.js: one frozen blank cell for every empty cell of a frame's grid",
  'ink-styled-chars': 'Ink build/output.js: simple SGR-styled text cut into cells by src/ui/styled-chars.ts, not the tokenizer',
  'ink-sanitize': 'Ink build/sanitize-ansi.js: simple SGR-styled text (src/ui/styled-chars.ts) returned as it is',
  'dep-scripts':
    "Ink, React and undici as two classic scripts run with code caches of our own (src/util/dep-scripts.ts); for that, Ink's reconciler without its top-level awaits and yoga-layout's start-up after the script",
  'stub-devtools': 'react-devtools-core (not installed; Ink imports it only in development) an empty module, not an import left to fail',
  // How esbuild bundles; no dependency file changed
  'builtins-by-require': 'an ES import of a Node builtin reads only the exports used, through require()',
  'react-once': "one ES module of React's exports that every importer shares, not a copy of them per importer",
  'regexp-escapes': 'regex literals with \\p{…} left as they are (Node 22 knows them), not made into new RegExp() at each call',
};

/** Every trick on: the bin. */
export const ALL_PATCHES = Object.freeze(Object.keys(PATCHES));

/** The one module of the app that imports undici's proxy agent (on demand: a proxy variable set). */
const PROXY_IMPORTER = /[\\/]src[\\/]api[\\/]proxy-dispatcher\.ts$/;

// The app takes only `Agent` from undici (and the request API it inherits); undici's index
// also loads fetch, WebSocket, caches, mocks and proxy agents: ~650 kB more to parse at every
// start. A name the app imports that is missing here fails the build. The proxy agent (~50 kB)
// is what src/api/proxy-dispatcher.ts alone imports from 'undici': that module is imported
// on demand (a proxy variable set), so it and the proxy code land in a chunk of their own.
const undiciAgentOnly = {
  name: 'undici-agent-only',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) => ({
      path: 'undici',
      namespace: PROXY_IMPORTER.test(args.importer) ? 'undici-proxy' : 'undici-agent',
    }));
    // The proxy half by a name of its own, for the third-party script (depScripts below).
    b.onResolve({ filter: /^cdn-tui:undici-proxy$/ }, () => ({ path: 'undici', namespace: 'undici-proxy' }));
    b.onLoad({ filter: /.*/, namespace: 'undici-proxy' }, () => ({
      contents: `import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import Pool from 'undici/lib/dispatcher/pool.js';
export { EnvHttpProxyAgent, Pool };`,
      resolveDir: ROOT,
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'undici-agent' }, () => ({
      contents: `import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
Object.assign(Dispatcher.prototype, api); // as undici's index does: request(), stream(), …
export { Agent };`,
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
};

// undici's client loads node:http as it is imported (~3 ms at every start), for two things: the
// default maxHeaderSize of a Client (Node's http.maxHeaderSize; src/api/dispatcher.ts gives its
// own) and to tell an http.IncomingMessage being destroyed (there is none before node:http is
// loaded by someone). Both now ask node:http when they are used.
const undiciLazyHttp = {
  name: 'undici-lazy-http',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ },
      patched([
        ["const http = require('node:http')\n", ''],
        [
          'const getDefaultNodeMaxHeaderSize = http &&',
          "const getDefaultNodeMaxHeaderSize = () => __defaultMaxHeaderSize(require('node:http'))\nconst __defaultMaxHeaderSize = (http) => http &&",
        ],
        ['  ? () => http.maxHeaderSize\n  : () => { throw', '  ? http.maxHeaderSize\n  : (() => { throw'],
        ["http.maxHeaderSize invalid') }\n", "http.maxHeaderSize invalid') })()\n"],
      ]),
    );
    b.onLoad(
      { filter: /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/ },
      patched([
        ["const { IncomingMessage } = require('node:http')\n", ''],
        [
          'Object.getPrototypeOf(stream).constructor === IncomingMessage',
          "Object.getPrototypeOf(stream).constructor?.name === 'IncomingMessage' && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage",
        ],
      ]),
    );
  },
};

// undici's HTTP/2 client loads node:http2 as it is imported (~9 ms at every start); the app's
// Agents are HTTP/1.1 only (allowH2: false), so it is never called: left out.
const undiciNoH2 = {
  name: 'undici-no-h2',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, (args) => {
      // The stub stands for the file's one export; a file that exports more has changed.
      if (!/^module\.exports = connectH2$/m.test(readFileSync(args.path, 'utf8')))
        throw new Error(`undici changed: ${args.path} no longer exports connectH2 alone; update scripts/build.mjs`);
      return {
        contents: "module.exports = function connectH2() { throw new Error('cdn-tui speaks HTTP/1.1 only (allowH2: false)'); };",
        loader: 'js',
      };
    });
  },
};

// The define of `esbuildDetection` (bundleOptionsFor) is undici's internal flag for "bundled as in
// Node itself": llhttp alone parses HTTP/1, its second parser (~200 kB) is left out. A define of a
// name nobody reads would change nothing without a word, so the build checks that undici still
// reads it where it picks its parser.
const undiciEsbuildFlag = {
  name: 'undici-esbuild-flag',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/ }, (args) => {
      if (!readFileSync(args.path, 'utf8').includes("typeof esbuildDetection === 'undefined'"))
        throw new Error(`undici changed: ${args.path} no longer reads esbuildDetection; update scripts/build.mjs`);
      return undefined; // read as it is
    });
  },
};

// An ES import of a Node builtin reads every export of it, lazy getters included: node:http's
// load Node's whole fetch (15-40 ms), node:crypto's its web crypto. Instead each builtin an ES
// module imports becomes one ES module of its own (builtinModule above) reading through
// require() only the exports the app uses, once. A require() of a builtin (CommonJS
// dependencies) stays as it is.
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      if (args.kind !== 'import-statement' || !isBuiltin(args.path)) return undefined;
      return { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: 'builtin-es' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin-es' }, (args) => ({ contents: builtinModule(args.path), loader: 'js' }));
  },
};

// string-width (under Ink) measures every line of every frame. Two changes, each found or
// the build fails: (1) text of printable ASCII and narrow symbols (`›`, `·`, `…`, box drawing:
// src/ui/simple-text.ts, tested against string-width) is measured at once, where string-width
// takes only ASCII so: the rest needs Unicode-property regexes whose first use loads ICU data,
// 10–30 ms in the first frame; (2) it makes /^\p{RGI_Emoji}$/v as it loads (~30 ms) and asks
// it of every grapheme: src/ui/emoji.ts answers the same (tested for every code point), making
// the regex only for a grapheme of several code points, and string-width's own is gone.
const stringWidthFast = {
  name: 'string-width-fast',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => {
      const source = patchFile(args.path, [
        [
          'if (/^[\\u0020-\\u007E]*$/.test(string)) {',
          'if (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && __isSimpleText(string))) {',
        ],
        ['rgiEmojiRegex.test(segment)', '__isRgiEmoji(segment)'],
        ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', ''],
      ]);
      if (source.includes('rgiEmojiRegex'))
        throw new Error(`string-width changed: rgiEmojiRegex has another use in ${args.path}; update scripts/build.mjs`);
      const ui = (file) => JSON.stringify(`${ROOT}src/ui/${file}`);
      return {
        contents: `import { isRgiEmoji as __isRgiEmoji } from ${ui('emoji.ts')};\nimport { isSimpleText as __isSimpleText } from ${ui('simple-text.ts')};\n${source}`,
        loader: 'js',
      };
    });
  },
};

/**
 * Ink's build/output.js with `blankCell` and/or `styledChars`:
 * - blank cell: Ink fills every frame's grid with a new blank-cell object per cell before writing
 *   into it (4,800 objects and their style arrays at 120×40, ~10 ms in the first frame and garbage
 *   at every key). Cells are replaced, never changed (blankCell() copies): one frozen blank cell
 *   serves them all, and a change to it would throw.
 * - styled chars: Ink reads every text it draws through two tokenizers; for simple text styled by
 *   SGR codes alone (all the screens draw), src/ui/styled-chars.ts gives the same answers at once
 *   (with the tokenizer Ink uses, @alcalzone/ansi-tokenize, for the rest).
 */
function inkOutput({ blankCell, styledChars }) {
  const styled = JSON.stringify(`${ROOT}src/ui/styled-chars.ts`);
  return {
    name: 'ink-output',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/ }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        const head = [];
        const tail = [];
        if (blankCell) {
          const fill = /row\.push\(\{\s*type: 'char',\s*value: ' ',\s*fullWidth: false,\s*styles: \[\],\s*\}\);/;
          if (!fill.test(source))
            throw new Error(`ink changed: the blank cells of Output.get() not found in ${args.path}; update scripts/build.mjs`);
          source = source.replace(fill, 'row.push(__BLANK_CELL);');
          tail.push("const __BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });");
        }
        if (styledChars) {
          source = patch(source, args.path, [
            [
              'cached = styledCharsFromTokens(tokenize(line))',
              'cached = __simpleStyledChars(line, __tokenizer) ?? styledCharsFromTokens(tokenize(line))',
            ],
          ]);
          head.push(`import { simpleStyledChars as __simpleStyledChars } from ${styled};`);
          head.push("import { reduceAnsiCodesIncremental as __reduce } from '@alcalzone/ansi-tokenize';");
          tail.push('const __tokenizer = { tokenize, reduceAnsiCodesIncremental: __reduce };');
        }
        return { contents: [...head, source, ...tail, ''].join('\n'), loader: 'js' };
      });
    },
  };
}

// Ink's sanitizeAnsi reads every text through a tokenizer of its own; simple text styled by SGR
// codes alone (src/ui/styled-chars.ts) has nothing to remove and is returned as it is.
const inkSanitize = {
  name: 'ink-sanitize',
  setup(b) {
    const styled = JSON.stringify(`${ROOT}src/ui/styled-chars.ts`);
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/ }, (args) => {
      const source = patchFile(args.path, [
        ['const sanitizeAnsi = (text) => {', 'const sanitizeAnsi = (text) => {\n    if (__isSimpleStyled(text))\n        return text;'],
      ]);
      return { contents: `import { isSimpleStyled as __isSimpleStyled } from ${styled};\n${source}`, loader: 'js' };
    });
  },
};

// React is CommonJS: esbuild gives each ES module that imports it a copy of its exports
// (__toESM: ~45 getters defined), ~110 copies in the TUI (~12 ms at every start). All import
// one ES module instead, which takes React's exports once.
const reactOnce = {
  name: 'react-once',
  setup(b) {
    b.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.namespace === 'react-once' || args.kind === 'require-call' ? undefined : { path: args.path, namespace: 'react-once' },
    );
    b.onLoad({ filter: /.*/, namespace: 'react-once' }, (args) => ({
      contents: `export * from '${args.path}';\nexport { default } from '${args.path}';`,
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
};

// Ink imports react-devtools-core only when DEV is set; it is not a dependency: an empty module.
// Without this trick it is left an import (`external`), which fails only if DEV is set.
const stubDevtools = {
  name: 'stub-devtools',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {};', loader: 'js' }));
  },
};

/** The names of `without` checked against PATCHES: a misspelt name fails rather than measuring nothing. */
function checkPatchNames(names) {
  for (const name of names) {
    if (!Object.hasOwn(PATCHES, name))
      throw new Error(`scripts/build.mjs: no patch named ${JSON.stringify(name)} (${ALL_PATCHES.join(', ')})`);
  }
}

/**
 * What every bundle of the app shares — Node ESM, production React, `require` for CommonJS
 * deps — with the tricks of PATCHES named in `on` (all by default).
 */
export function bundleOptionsFor(on = ALL_PATCHES) {
  checkPatchNames(on);
  const has = (name) => on.includes(name);
  const plugins = [];
  if (has('undici-agent-only')) plugins.push(undiciAgentOnly);
  if (has('undici-lazy-http')) plugins.push(undiciLazyHttp);
  if (has('undici-no-h2')) plugins.push(undiciNoH2);
  if (has('undici-esbuild-flag')) plugins.push(undiciEsbuildFlag);
  if (has('builtins-by-require')) plugins.push(builtinsByRequire);
  if (has('string-width-fast')) plugins.push(stringWidthFast);
  if (has('ink-blank-cell') || has('ink-styled-chars'))
    plugins.push(inkOutput({ blankCell: has('ink-blank-cell'), styledChars: has('ink-styled-chars') }));
  if (has('ink-sanitize')) plugins.push(inkSanitize);
  if (has('react-once')) plugins.push(reactOnce);
  if (has('stub-devtools')) plugins.push(stubDevtools);
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    // Node 22 knows every Unicode property escape; without this esbuild turns each regex literal
    // with \p{…} into `new RegExp(…)`, built again at every call (Ink does so per character drawn).
    ...(has('regexp-escapes') ? { supported: { 'regexp-unicode-property-escapes': true } } : {}),
    define: {
      'process.env.NODE_ENV': '"production"',
      __VERSION__: JSON.stringify(pkg.version),
      // Tells undici it is bundled as in Node itself: HTTP/1 parsing by llhttp alone (its default),
      // leaving out its experimental second parser (~170 kB).
      ...(has('undici-esbuild-flag') ? { esbuildDetection: 'true' } : {}),
    },
    ...(has('stub-devtools') ? {} : { external: ['react-devtools-core'] }),
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __cdnCreateRequire } from 'node:module';\nconst require = __cdnCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins,
  };
}

/** Every trick on: what the bin is built with (a bench bundles its baseline with it too). */
export const bundleOptions = bundleOptionsFor();

/**
 * The third-party code the TUI runs at every start, as classic scripts (src/util/dep-scripts.ts
 * runs them with a code cache of its own): each package by the name the script gives it.
 */
function depScripts(on) {
  return {
    ui: {
      ink: 'ink',
      react: 'react',
      'react/jsx-runtime': 'jsxRuntime',
      'ink-text-input': 'inkTextInput',
      'ink-select-input': 'inkSelectInput',
    },
    // undici's Agent, and its proxy agent (~50 kB; used only with a proxy variable set): one copy
    // of undici. Without 'undici-agent-only' there is one undici, its index, for both.
    net: on.includes('undici-agent-only') ? { undici: 'undici', 'cdn-tui:undici-proxy': 'undiciProxy' } : { undici: 'undici' },
  };
}

/**
 * <out>/<kind>-deps-<hash>.js: the packages of depScripts(on)[kind] as one classic script, a function
 * of `require` giving each package's exports. A script cannot await at its top: Ink's
 * development-only awaits go (its devtools are stubbed anyway), and its layout engine, which awaits
 * its WebAssembly as it loads, is made ready after (`yogaReady`). Returns the file's name and each
 * package's export names.
 */
async function buildDepScript(kind, on, out) {
  const packages = depScripts(on)[kind];
  const options = bundleOptionsFor(on);
  const entry = Object.entries(packages).map(([pkg, name]) => `export * as ${name} from '${pkg}';`);
  if (kind === 'ui') entry.push("export { yogaReady } from 'yoga-layout';");
  const result = await build({
    ...options,
    absWorkingDir: ROOT,
    stdin: { contents: entry.join('\n'), loader: 'js', resolveDir: ROOT },
    format: 'iife',
    globalName: '__cdnTuiDeps',
    banner: {},
    write: false,
    outfile: join(out, `${kind}-deps.js`),
    plugins: [scriptOnly(), ...options.plugins],
  });
  const code = `(function (require) {\n${result.outputFiles[0].text}return __cdnTuiDeps;\n})`;
  const name = `${kind}-deps-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  writeFileSync(join(out, name), code);
  // The names each package exports, from the script itself (run here once, as the app will).
  const deps = new Script(code, { filename: name }).runInThisContext()(createRequire(join(out, name)));
  const exports = Object.fromEntries(Object.values(packages).map((key) => [key, Object.keys(deps[key])]));
  return { name, exports };
}

/** What a script needs that a module does not: yoga-layout ready after it loads, Ink without its top-level awaits. */
function scriptOnly() {
  const yoga = dirname(dirname(fileURLToPath(import.meta.resolve('yoga-layout'))));
  const at = (file) => JSON.stringify(join(yoga, file));
  return {
    name: 'dep-script',
    setup(b) {
      b.onResolve({ filter: /^yoga-layout$/ }, () => ({ path: 'yoga-layout', namespace: 'yoga-ready' }));
      b.onLoad({ filter: /.*/, namespace: 'yoga-ready' }, () => ({
        contents: `import loadYoga from ${at('binaries/yoga-wasm-base64-esm.js')};
import wrapAssembly from ${at('src/wrapAssembly.js')};
import constants from ${at('src/generated/YGEnums.js')};
export * from ${at('src/generated/YGEnums.js')};
const Yoga = { ...constants };
export default Yoga;
export const yogaReady = loadYoga().then((assembly) => { Object.assign(Yoga, wrapAssembly(assembly)); });`,
        resolveDir: ROOT,
        loader: 'js',
      }));
      b.onLoad(
        { filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/ },
        patched([
          ["await import('./devtools.js');", ''],
          ['await loadPackageJson()', '{}'],
        ]),
      );
    },
  };
}

/**
 * In the app's bundle, each package of a script is a module taking its exports from it (`exports`:
 * by kind, each package's export names); src/api/proxy-dispatcher.ts's 'undici' is the proxy half.
 */
function depShim(exports, on) {
  const loader = JSON.stringify(`${ROOT}src/util/dep-scripts.ts`);
  const proxyHalf = on.includes('undici-agent-only') ? 'cdn-tui:undici-proxy' : 'undici';
  const owner = new Map(
    Object.entries(depScripts(on)).flatMap(([kind, packages]) => Object.entries(packages).map(([pkg, key]) => [pkg, { kind, key }])),
  );
  const filter = new RegExp(`^(${[...owner.keys()].join('|').replaceAll('/', '\\/')})$`);
  return {
    name: 'dep-shim',
    setup(b) {
      b.onResolve({ filter }, (args) => ({
        path: args.path === 'undici' && PROXY_IMPORTER.test(args.importer) ? proxyHalf : args.path,
        namespace: 'dep-shim',
      }));
      b.onLoad({ filter: /.*/, namespace: 'dep-shim' }, (args) => {
        const { kind, key } = owner.get(args.path);
        const names = exports[kind][key];
        const named = names.filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
        const lines = [
          `import { depScript } from ${loader};`,
          `const __deps = depScript(${JSON.stringify(kind)})[${JSON.stringify(key)}];`,
          `export const { ${named.join(', ')} } = __deps;`,
        ];
        if (names.includes('default')) lines.push('export default __deps.default;');
        return { contents: lines.join('\n'), resolveDir: ROOT, loader: 'js' };
      });
    },
  };
}

const USAGE = 'it takes --if-stale, --plain, --without NAME,NAME --out DIR, or nothing';

/** The command line: what to build (the tricks on) and where; `ifStale` only for the bin's own build. */
function parseArgs(args) {
  const fail = (message) => {
    console.error(`scripts/build.mjs: ${message} (${USAGE})`);
    process.exit(2);
  };
  let ifStale = false;
  let plain = false;
  let without;
  let out;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--if-stale') ifStale = true;
    else if (a === '--plain') plain = true;
    else if (a === '--without' || a === '--out') {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) fail(`${a} needs a value`);
      if (a === '--out') out = value;
      else without = value.split(',').filter(Boolean);
    } else fail(`unknown argument ${JSON.stringify(a)}`);
  }
  if (without !== undefined && !out) fail('--without needs --out, so that dist/ stays the bin');
  if (plain && without !== undefined) fail('--plain already leaves out every patch');
  if (ifStale && (plain || out)) fail('--if-stale is for the bin in dist/ only');
  const unknown = (without ?? []).find((name) => !Object.hasOwn(PATCHES, name));
  if (unknown !== undefined) fail(`no patch named ${JSON.stringify(unknown)}; the names: ${ALL_PATCHES.join(', ')}`);
  const on = plain ? [] : ALL_PATCHES.filter((name) => !(without ?? []).includes(name));
  const dir = resolve(ROOT, out ?? (plain ? 'dist-plain' : 'dist'));
  // The folder is emptied first: never one that holds something other than an older build.
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, 'cdn-tui.cjs')))
    fail(`${dir} is not empty and holds no earlier build; choose another --out`);
  // The bin reads the engines field of the package.json above it (src/cli/launcher.cjs).
  if (!existsSync(join(dir, '..', 'package.json'))) fail(`${dir}: the bin needs a package.json in the folder above it`);
  return { ifStale, on, out: dir, stamped: !plain && !out };
}

/**
 * Builds the app into `out` (an absolute path) with the tricks of PATCHES named in `on`.
 * `extraPlugins` go first: scripts/measure-patches.mjs swaps a stand-in of src/ with them.
 */
export async function buildApp({ on = ALL_PATCHES, out, extraPlugins = [] }) {
  checkPatchNames(on);
  rmSync(out, { recursive: true, force: true }); // no chunk of an older build left beside the new ones
  mkdirSync(out, { recursive: true });
  const options = bundleOptionsFor(on);
  const plugins = [...extraPlugins, ...options.plugins];
  const define = { ...options.define };
  // The third-party scripts and their code caches ('dep-scripts'); without them Ink, React and
  // undici are bundled as any module (src/util/dep-scripts.ts then does nothing).
  if (on.includes('dep-scripts')) {
    const scripts = {};
    for (const kind of Object.keys(depScripts(on))) scripts[kind] = await buildDepScript(kind, on, out);
    define.__DEP_SCRIPTS__ = JSON.stringify(Object.fromEntries(Object.entries(scripts).map(([kind, s]) => [kind, s.name])));
    plugins.unshift(depShim(Object.fromEntries(Object.entries(scripts).map(([kind, s]) => [kind, s.exports])), on));
  }
  await build({
    ...options,
    define,
    plugins,
    absWorkingDir: ROOT,
    entryPoints: { 'cdn-tui': 'src/cli/bin.ts' },
    outdir: out,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
  });
  chmodSync(join(out, 'cdn-tui.js'), 0o755);
  copyFileSync(`${ROOT}/src/cli/launcher.cjs`, join(out, 'cdn-tui.cjs'));
  chmodSync(join(out, 'cdn-tui.cjs'), 0o755);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ifStale, on, out, stamped } = parseArgs(process.argv.slice(2));
  // Hashed before building: a source saved while the build runs makes the next check build again.
  const inputs = inputsHash(ROOT);
  if (ifStale && isFresh(ROOT, inputs)) process.exit(0);
  // On a slow box the build takes long enough to wonder why nothing shows: say what is going on.
  if (ifStale) console.error('cdn-tui: building dist/ (a source changed since the last build, or there was none)');
  await buildApp({ on, out });
  if (stamped) writeStamp(ROOT, inputs);
}
