// Drawing frames is what makes the TUI's memory grow: Ink builds every frame anew (about 10 MB of
// short-lived objects per frame at 120×40, nearly all of what a key allocates), and under that
// steady allocation V8 doubles its young generation again and again, up to 128 MB, and lets the
// old generation grow to several times what is live: after 5,000 keys the process held ~250 MB
// while ~30 MB of the heap was in use. Here, as V8 reads these settings while it runs:
// - the young generation may grow (by V8's usual doubling) only while it is under `youngLimit`;
//   checked after every collection, so it can grow back after V8 shrank it on an idle screen;
// - the old generation is collected once it has grown by `oldStep` (a quarter of what was live
//   after its last full collection, at least 4 MiB), at most once a second. V8's own rule
//   (--heap-growing-percent) is not enough on its own: its limit is what was live plus at least
//   16 MB (8 MB × 2 on 64 bits without pointer compression) plus the young generation's size, so
//   ~30 MB of promoted garbage piled up before V8 collected it. At 10,000 rows this is one full
//   collection (10-40 ms) every ~1,000 keys.
// Measured at 10,000 rows, 5,000 keys (bench/render.mjs): RSS one key at a time 158 -> 140 MB, in
// bursts of ten 153 -> 137 MB; the app's CPU per key within the noise of the machine.
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MiB = 1024 * 1024;
/** V8's own growth factor of the young generation (its default). */
const GROWTH = 2;
/** The least time between two full collections of ours: their cost is bounded to one a second (~10-40 ms). */
const MIN_INTERVAL_MS = 1000;

type Collect = (options: { type: 'major'; execution: 'sync' | 'async' }) => void;

function spaces(): { young: number; old: number } {
  let young = 0;
  let old = 0;
  for (const s of getHeapSpaceStatistics()) {
    if (s.space_name === 'new_space') young = s.space_size;
    else if (s.space_name === 'old_space' || s.space_name === 'large_object_space') old += s.space_used_size;
  }
  return { young, old };
}

/** V8's full collection, as --expose-gc gives it (the flag is read as the function is asked for). */
function majorCollector(): Collect | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (options) => void Reflect.apply(gc, undefined, [options]) : undefined;
  } catch {
    return undefined;
  }
}

export interface HeapBounds {
  /** The young generation grows only while under this (bytes). */
  youngLimit?: number;
  /** How far (bytes) the old generation may grow over what was live before it is collected. */
  oldStep?: (live: number) => number;
  /** The least time between two collections of ours (ms). */
  minInterval?: number;
}

const defaultStep = (live: number): number => Math.max(4 * MiB, live / 4);

/**
 * The rule for the old generation, told what it holds after each collection (`major`: a full one,
 * V8's own or ours): returns whether to collect it now, and then takes what is left as live.
 */
export function oldGenerationRule(
  live: number,
  { oldStep = defaultStep, minInterval = MIN_INTERVAL_MS }: HeapBounds = {},
  now: () => number = () => performance.now(),
) {
  let collected = -Infinity;
  return {
    /** After a collection: true when the caller should run a full one now (then call `collected`). */
    due(old: number, major: boolean): boolean {
      if (major) live = old;
      return !major && old - live > oldStep(live) && now() - collected >= minInterval;
    },
    /** A full collection of ours ran; `old` is what it left. */
    collected(old: number): void {
      collected = now();
      live = old;
    },
  };
}

/** Whether a 'gc' performance entry is a full collection (Node's type of the entry leaves out its detail). */
function isMajor(entry: object): boolean {
  const detail: unknown = Reflect.get(entry, 'detail');
  return typeof detail === 'object' && detail !== null && 'kind' in detail && detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
}

/** Bounds the heap for a long session of frames; returns what stops watching. */
export function boundFrameHeap(bounds: HeapBounds = {}): () => void {
  const { youngLimit = 8 * MiB } = bounds;
  setFlagsFromString('--heap-growing-percent=25');
  const collect = majorCollector();
  let growing = true;
  const old = oldGenerationRule(spaces().old, bounds);
  const check = (major: boolean) => {
    const now = spaces();
    const allow = now.young < youngLimit;
    if (allow !== growing) {
      growing = allow;
      setFlagsFromString(`--semi-space-growth-factor=${allow ? GROWTH : 1}`);
    }
    if (collect && old.due(now.old, major)) {
      collect({ type: 'major', execution: 'sync' });
      old.collected(spaces().old);
    }
  };
  check(false);
  const observer = new PerformanceObserver((list) => check(list.getEntries().some(isMajor)));
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
