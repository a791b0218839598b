// Third-party code the TUI runs at every start comes, in the bundle, from classic scripts built by
// scripts/build.mjs, run here through vm.Script with a code cache of our own: dist/ui-deps-<hash>.js
// (Ink, React, the two input widgets: ~1 MB) and dist/net-deps-<hash>.js (undici's Agent and its proxy
// agent: ~0.6 MB).
// Node's compile cache (src/util/code-cache.ts) keeps only the code compiled as a module loads, its
// top level: every function the first request and the first frame run (undici's HTTP/1.1 client,
// React's reconciler, Ink's layout and output) was compiled again at every start. These caches are
// made once the first frame is up, so they hold them too: the first frame comes ~40 ms sooner.
//
// The app's modules import 'ink', 'react', 'undici', … as usual; in the bundle those names are
// small modules that take them from here (build.mjs, `depShim`). Outside the bundle (tests, tsx)
// nothing here is used. Each cache is only a cache: one file per script in
// `$XDG_CACHE_HOME/cdn-tui/code` (default ~/.cache/cdn-tui/code), named by the build and the Node
// version, made again when V8 refuses it (other flags, say) or another build or Node is run;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off as it does Node's own. `npm run build:plain` makes no
// scripts, and this does nothing; what they save and how to drop them: docs/dependency-patches.md.
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheDir } from './code-cache.js';
import { makeFolder } from './make-folder.js';

/** Each script's file name in dist/ by its kind (set by scripts/build.mjs); not defined outside the bundle. */
declare const __DEP_SCRIPTS__: Readonly<Record<string, string>> | undefined;

/** What a script gives: each package's exports by name (and, for the UI, the layout engine's readiness). */
export type DepExports = Readonly<Record<string, unknown>>;

interface Loaded {
  readonly exports: DepExports;
  /** Set when the script ran without a cache V8 took: one is written after the first frame. */
  uncached?: { readonly script: Script; readonly file: string } | undefined;
}

const loaded = new Map<string, Loaded>();

/** What runs just before a script of a kind runs (its code is compiled, or taken from its cache, by then). */
const beforeRun = new Map<string, () => void>();

/** Runs `hook` just before the script `kind` runs, if it has not run yet (src/ui/layout-flags.ts). */
export function beforeScriptRuns(kind: string, hook: () => void): void {
  beforeRun.set(kind, hook);
}

/** Whether the app runs from the bundle, whose third-party code is in scripts. */
export const bundled = typeof __DEP_SCRIPTS__ !== 'undefined';

/** The exports of a script (`ui`, `net`), run once, at the first import of one of its packages. */
export function depScript(kind: string): DepExports {
  let done = loaded.get(kind);
  if (done === undefined) {
    done = load(__DEP_SCRIPTS__![kind]!, process.env, beforeRun.get(kind));
    loaded.set(kind, done);
  }
  return done.exports;
}

/** Writes the code cache of each script this start ran without one (called once the first frame is up); never throws. */
export function saveDepScriptCaches(): void {
  for (const done of loaded.values()) {
    const uncached = done.uncached;
    if (!uncached) continue;
    done.uncached = undefined;
    try {
      const data = uncached.script.createCachedData();
      makeFolder(dirname(uncached.file), 0o700);
      const temp = `${uncached.file}.${process.pid}.tmp`;
      writeFileSync(temp, data, { mode: 0o600 });
      renameSync(temp, uncached.file);
      forgetOthers(uncached.file);
    } catch {
      // no cache: the next start compiles as this one did
    }
  }
}

function load(name: string, env: NodeJS.ProcessEnv, before?: () => void): Loaded {
  const file = join(distDir(), name);
  const cacheFile = env.NODE_DISABLE_COMPILE_CACHE
    ? undefined
    : join(cacheDir(env), 'code', `${name}.${process.version}-${process.arch}.v8`);
  const cachedData = cacheFile === undefined ? undefined : readOrNothing(cacheFile);
  const script = new Script(readFileSync(file, 'utf8'), { filename: file, ...(cachedData ? { cachedData } : {}) });
  // Ink's layout engine reads its inline WebAssembly through fetch() when there is one, and a first
  // fetch() loads Node's whole fetch implementation (15-40 ms); without it, it decodes the bytes itself.
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetch?.configurable) Reflect.deleteProperty(globalThis, 'fetch');
  try {
    before?.();
    const run: (require: NodeJS.Require) => DepExports = script.runInThisContext();
    const exports = run(createRequire(file));
    return cacheFile !== undefined && (!cachedData || script.cachedDataRejected)
      ? { exports, uncached: { script, file: cacheFile } }
      : { exports };
  } finally {
    if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', fetch);
  }
}

/** dist/, from this module's place in the bundle (dist/chunks/…, or dist/ itself). */
function distDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith('chunks') ? dirname(here) : here;
}

function readOrNothing(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Caches of the same script from other builds and Node versions: one file is kept per script. */
function forgetOthers(kept: string): void {
  const dir = dirname(kept);
  const kind = /^[a-z]+-deps-/.exec(kept.slice(dir.length + 1))?.[0];
  if (kind === undefined) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(kind) && join(dir, name) !== kept) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // another start may be writing or removing it
      }
    }
  }
}
