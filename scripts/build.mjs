// Builds the runnable bin: dist/cdn-tui.js and the chunks it imports on demand (esbuild splitting),
// production React, a Node shebang; beside it dist/cdn-tui.cjs, the package's bin, which checks the
// Node version before it loads the bundle (src/cli/launcher.cjs, copied as it is). The entry holds only the command line: --help and --version
// load no Ink, React, API client or emulator; each command imports its own chunks when it runs.
// `bundleOptions` is exported so a bench can bundle its baseline exactly the same way.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** What every bundle of the app shares: Node ESM, production React, `require` for CommonJS deps, no devtools. */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  jsx: 'automatic',
  // Node 22 knows every Unicode property escape; without this esbuild turns each regex literal
  // with \p{…} into `new RegExp(…)`, built again at every call (Ink does so per character drawn).
  supported: { 'regexp-unicode-property-escapes': true },
  define: {
    'process.env.NODE_ENV': '"production"',
    __VERSION__: JSON.stringify(pkg.version),
    // Tells undici it is bundled as in Node itself: HTTP/1 parsing by llhttp alone (its default),
    // leaving out its experimental second parser (~170 kB).
    esbuildDetection: 'true',
  },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cdnCreateRequire } from 'node:module';\nconst require = __cdnCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  // Ink imports react-devtools-core only when DEV is set; it is not a dependency: stub it.
  plugins: [
    {
      // The app takes only `Agent` from undici (and the request API it inherits); undici's index
      // also loads fetch, WebSocket, caches, mocks and proxy agents: ~650 kB more to parse at every
      // start. A name the app imports that is missing here fails the build. The proxy agent (~50 kB)
      // is what src/api/proxy-dispatcher.ts alone imports from 'undici': that module is imported
      // on demand (a proxy variable set), so it and the proxy code land in a chunk of their own.
      name: 'undici-agent-only',
      setup(b) {
        b.onResolve({ filter: /^undici$/ }, (args) =>
          /[\\/]src[\\/]api[\\/]proxy-dispatcher\.ts$/.test(args.importer) ? { path: 'undici', namespace: 'undici-proxy' } : { path: 'undici', namespace: 'undici-agent' },
        );
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
        // Its HTTP/2 client loads node:http2 as it is imported (~9 ms at every start); the app's
        // Agents are HTTP/1.1 only (allowH2: false), so it is never called: left out.
        b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, () => ({
          contents: "module.exports = function connectH2() { throw new Error('cdn-tui speaks HTTP/1.1 only (allowH2: false)'); };",
          loader: 'js',
        }));
      },
    },
    {
      // An ESM import of node:http reads every export of it, lazy ones included, and one of those
      // loads Node's whole internal fetch (15-40 ms); through require() only what is used loads.
      name: 'http-by-require',
      setup(b) {
        b.onResolve({ filter: /^node:http$/ }, (args) => (args.namespace === 'http-by-require' ? { path: 'node:http', external: true } : { path: 'node:http', namespace: 'http-by-require' }));
        b.onLoad({ filter: /.*/, namespace: 'http-by-require' }, () => ({ contents: "module.exports = require('node:http');", loader: 'js' }));
      },
    },
    {
      // string-width (under Ink) asks /^\p{RGI_Emoji}$/v of every grapheme of non-ASCII text, and
      // compiling that regex costs ~12 ms in the first frame; src/ui/emoji.ts answers the same
      // (tested for every code point) without it for graphemes of one code point.
      name: 'string-width-emoji',
      setup(b) {
        b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const call = 'rgiEmojiRegex.test(segment)';
          if (!source.includes(call)) throw new Error(`string-width changed: ${call} not found in ${args.path}; update scripts/build.mjs`);
          const emoji = JSON.stringify(`${ROOT}src/ui/emoji.ts`);
          return { contents: `import { isRgiEmoji as __isRgiEmoji } from ${emoji};\n${source.replaceAll(call, '__isRgiEmoji(segment)')}`, loader: 'js' };
        });
      },
    },
    {
      name: 'stub-devtools',
      setup(b) {
        b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {};', loader: 'js' }));
      },
    },
  ],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(`${ROOT}/dist`, { recursive: true, force: true }); // no chunk of an older build left beside the new ones
  await build({
    ...bundleOptions,
    absWorkingDir: ROOT,
    entryPoints: { 'cdn-tui': 'src/cli/bin.ts' },
    outdir: 'dist',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
  });
  chmodSync(`${ROOT}/dist/cdn-tui.js`, 0o755);
  copyFileSync(`${ROOT}/src/cli/launcher.cjs`, `${ROOT}/dist/cdn-tui.cjs`);
  chmodSync(`${ROOT}/dist/cdn-tui.cjs`, 0o755);
}
