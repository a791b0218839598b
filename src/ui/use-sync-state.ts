// State whose latest value key handlers can read at once (a ref), even when several keys are
// handled before React renders again: a cursor moved twice moves two rows, not one.
import { useCallback, useRef, useState } from 'react';

export function useSyncState<T>(initial: T): readonly [T, (next: T | ((current: T) => T)) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set = useCallback((next: T | ((current: T) => T)) => {
    ref.current = typeof next === 'function' ? (next as (current: T) => T)(ref.current) : next;
    setValue(ref.current);
  }, []);
  return [value, set, ref] as const;
}
