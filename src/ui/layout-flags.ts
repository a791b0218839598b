// V8 flags for Ink's layout engine while it is compiled. Ink lays out every frame with
// yoga-layout, WebAssembly that V8 compiles first with Liftoff (its baseline compiler), then again
// with TurboFan on its worker threads as the functions get hot. Those compiles left ~10 MB in the
// worker threads' malloc arenas, which glibc keeps: at 10,000 rows, 5,000 keys, RSS 124-126 ->
// 113-115 MB one key at a time and 122 -> 112-113 MB ten to a write (bench/render.mjs, three runs
// each), the app's CPU a key 2.4-2.6 -> 2.4-2.8 ms and 0.9-1.1 -> 1.1 ms (a frame lays out a few
// dozen nodes: Liftoff's code does it well enough).
// V8 reads these flags as it makes the WebAssembly module, and the module keeps them: they are set
// just before the script with yoga in it runs (src/util/dep-scripts.ts) and set back to V8's
// defaults once yoga is ready (src/app/run-tui.tsx). Only for that while: V8 takes a code cache
// only under the flags it was made with (ours, made after the first frame, and Node's own for its
// built-in modules: after a change of any flag, loading Node's fetch took ~30-45 ms longer).
import { setFlagsFromString } from 'node:v8';

/** Each flag and V8's default for it. */
export const LAYOUT_V8_FLAGS: ReadonlyArray<readonly [set: string, reset: string]> = [
  ['--no-wasm-tier-up', '--wasm-tier-up'],
  ['--no-wasm-dynamic-tiering', '--wasm-dynamic-tiering'],
];

export function setLayoutFlags(): void {
  for (const [flag] of LAYOUT_V8_FLAGS) setFlagsFromString(flag);
}

/** V8's defaults again: the flag hash (what code caches are checked against) is the one of a start without flags. */
export function resetLayoutFlags(): void {
  for (const [, flag] of LAYOUT_V8_FLAGS) setFlagsFromString(flag);
}
