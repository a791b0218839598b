// The TUI's third-party code (Ink, React, the two input widgets: ~1 MB) comes, in the bundle, from
// one classic script, dist/ui-deps-<hash>.js (scripts/build.mjs), run here through vm.Script with
// a code cache of our own. Node's compile cache (src/util/code-cache.ts) keeps only the code
// compiled as a module loads, its top level: every function the first frame runs (React's
// reconciler, Ink's layout and output) was compiled again at every start. This cache is made once
// the first frame is up, so it holds them too: the first frame comes ~30–50 ms sooner.
//
// The app's modules import 'ink', 'react', … as usual; in the bundle those names are small
// modules that take them from here (build.mjs, `uiDepsShim`). Outside the bundle (tests, tsx)
// nothing here is used. The cache is only a cache: one file in `$XDG_CACHE_HOME/cdn-tui/code`
// (default ~/.cache/cdn-tui/code), named by the build and the Node version, made again when V8
// refuses it (other flags, say) or another build or Node is run; NODE_DISABLE_COMPILE_CACHE=1
// turns it off as it does Node's own.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheDir } from '../util/code-cache.js';

/** The script's file name in dist/ (set by scripts/build.mjs); not defined outside the bundle. */
declare const __UI_DEPS__: string | undefined;

/** What the script gives: each package's exports, and the layout engine's readiness. */
export interface UiDeps {
  readonly [pkg: string]: unknown;
  readonly yogaReady: Promise<void>;
}

interface Loaded {
  readonly deps: UiDeps;
  /** Set when the script ran without a cache V8 took: one is written after the first frame. */
  readonly uncached?: { readonly script: Script; readonly file: string };
}

let loaded: Loaded | undefined;

/** The script's exports, run once, at the first import of one of its packages. */
export function uiDeps(): UiDeps {
  loaded ??= load(__UI_DEPS__ as string, process.env);
  return loaded.deps;
}

/** Resolves when Ink can lay out a frame (its WebAssembly layout engine is ready). */
export async function uiDepsReady(): Promise<void> {
  if (typeof __UI_DEPS__ === 'string') await uiDeps().yogaReady;
}

/** Writes the code cache if this start made none (called once the first frame is up); never throws. */
export function saveUiDepsCache(): void {
  const uncached = loaded?.uncached;
  if (!uncached) return;
  loaded = { deps: loaded!.deps };
  try {
    const data = uncached.script.createCachedData();
    mkdirSync(dirname(uncached.file), { recursive: true, mode: 0o700 });
    const temp = `${uncached.file}.${process.pid}.tmp`;
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, uncached.file);
    forgetOthers(uncached.file);
  } catch {
    // no cache: the next start compiles as this one did
  }
}

function load(name: string, env: NodeJS.ProcessEnv): Loaded {
  const file = join(distDir(), name);
  const cacheFile = env.NODE_DISABLE_COMPILE_CACHE ? undefined : join(cacheDir(env), 'code', `${name}.${process.version}-${process.arch}.v8`);
  const cachedData = cacheFile === undefined ? undefined : readOrNothing(cacheFile);
  const script = new Script(readFileSync(file, 'utf8'), { filename: file, ...(cachedData ? { cachedData } : {}) });
  // The layout engine reads its inline WebAssembly through fetch() when there is one, and a first
  // fetch() loads Node's whole fetch implementation (15-40 ms); without it, it decodes the bytes itself.
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetch?.configurable) Reflect.deleteProperty(globalThis, 'fetch');
  try {
    const deps = (script.runInThisContext() as (require: NodeJS.Require) => UiDeps)(createRequire(file));
    return cacheFile !== undefined && (!cachedData || script.cachedDataRejected) ? { deps, uncached: { script, file: cacheFile } } : { deps };
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

/** Caches of other builds and Node versions: one file is kept. */
function forgetOthers(kept: string): void {
  const dir = dirname(kept);
  for (const name of readdirSync(dir)) {
    if (name.startsWith('ui-deps-') && join(dir, name) !== kept) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // another start may be writing or removing it
      }
    }
  }
}
