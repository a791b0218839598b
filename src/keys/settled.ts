// A value worked out from typed text once a burst of keys is handed over (docs/input.md). Keys read
// together (typed ahead, a query written at once over a slow link) reach Ink one per turn, each
// committed and kept (paced-stdin.ts); what is costly to work out from the text — the palette's
// query over every configuration's lists, and the lists it sends for — need not be worked out for
// each prefix of the burst. `useSettled(value)` is `value` when no key waits, else the value of the
// last render no key waited at, until the burst's last key (which may change nothing) is handled.
// Only when Ink reads through the pacer; without it, every value is settled.
import { useStdin } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { pacerOf } from './paced-stdin.js';

export function useSettled<T>(value: T): T {
  const { stdin } = useStdin();
  const pacer = pacerOf(stdin);
  const waiting = pacer?.waiting() ?? false;
  // The value of the last render no key waited at (updated during render, as React's docs advise
  // for state that follows a value: React renders this component again at once, before its children).
  const [held, setHeld] = useState(value);
  if (!waiting && !Object.is(held, value)) setHeld(value);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // Held back: drawn again once no key waits (the last key of the burst may not change `value`),
  // also when the burst was over before this effect ran.
  useEffect(() => {
    if (!waiting || !pacer) return undefined;
    const stop = pacer.onDrained(redraw);
    if (!pacer.waiting()) redraw();
    return stop;
  }, [waiting, pacer]);
  return waiting ? held : value;
}
