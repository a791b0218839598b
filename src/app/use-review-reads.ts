// What a review's checks read (docs/preflight.md): read when it opens — what was not read in the
// last minute, again — and, as the checks it needs change, what they add. Returns when the review
// opened: what was read before then by more than a minute is what it waits for (`stillChecking`).
import { useEffect, useState } from 'react';
import { toRead } from '../store/index.js';
import { useStores } from './stores.js';

export function useReviewReads(needs: readonly string[]): number {
  const { data } = useStores();
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    const s = data.getState();
    for (const key of toRead(s, needs, Date.now())) void s.reload(key);
  }, [data, needs]);
  return openedAt;
}
