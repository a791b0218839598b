// Drawing frames is what makes the TUI's memory grow: Ink builds every frame anew (about 4 MB of
// short-lived objects per frame at 120×40), and under that steady allocation V8 doubles its young
// generation again and again, up to 128 MB, and lets the old generation grow to several times
// what is live: after 5,000 keys the process held ~250 MB while ~30 MB of the heap was in use.
// Two V8 settings that V8 reads while it runs (not only at start-up) keep it near what is used:
// - the young generation may grow (by V8's usual doubling) only while it is under `youngLimit`;
//   checked after every collection, so it can grow back after V8 shrank it on an idle screen;
// - the old generation is collected once it has grown by a quarter over what was live.
// Measured at 10,000 rows after 5,000 keys (bench/render.mjs): RSS ~250 -> ~145 MB, the app's CPU
// per key unchanged. (Most of what is left is not the heap: the node binary ~50 MB, malloc ~30 MB.)
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

const MiB = 1024 * 1024;
/** V8's own growth factor of the young generation (its default). */
const GROWTH = 2;

function youngSize(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

/** Bounds the heap for a long session of frames; returns what stops watching. */
export function boundFrameHeap(youngLimit = 8 * MiB): () => void {
  setFlagsFromString('--heap-growing-percent=25');
  let growing = true;
  const check = () => {
    const allow = youngSize() < youngLimit;
    if (allow === growing) return;
    growing = allow;
    setFlagsFromString(`--semi-space-growth-factor=${allow ? GROWTH : 1}`);
  };
  check();
  const observer = new PerformanceObserver(check);
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
