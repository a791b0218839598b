// Node keeps the compiled code of the bundle on disk (module.enableCompileCache), so a start after
// the first does not parse ~1.6 MB of JavaScript again: the TUI's first frame comes ~7 ms sooner
// (Ink's chunk loads in ~45 ms instead of ~52). The cache is only a cache:
// `$XDG_CACHE_HOME/cdn-tui/compile` (default ~/.cache/cdn-tui/compile), a failure to use it is
// ignored, and NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node's own switch). What the caches
// save, measured: docs/dependency-patches.md.
import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { makeFolder } from './make-folder.js';

/** The app's cache folder: `$XDG_CACHE_HOME/cdn-tui` (default ~/.cache/cdn-tui); kept lists go there too (src/store/keep). */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'cdn-tui');
}

/** Where the compiled code is kept: a folder of its own in the cache folder. */
export function codeCacheDir(env: NodeJS.ProcessEnv): string {
  return join(cacheDir(env), 'compile');
}

export function enableCodeCache(env: NodeJS.ProcessEnv): void {
  try {
    // The folder is made here first: Node makes it as `mkdirSync(dir, { recursive: true })` does,
    // which spins for ever where the file system says ENOENT to a new name (a cache under /proc).
    const dir = codeCacheDir(env);
    makeFolder(dir, 0o700);
    module.enableCompileCache?.(dir);
  } catch {
    // no cache: the code is compiled as it loads, as without one
  }
}

/**
 * Writes what has been compiled so far (Node writes it only at a clean exit; a TUI often ends by a
 * signal or a dropped link). Called once the first frame is up, off the key path.
 */
export function saveCodeCache(): void {
  try {
    module.flushCompileCache?.();
  } catch {
    // as above
  }
}
