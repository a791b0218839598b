// Where the ids of seeded data start. The real service's ids have 10 digits (`1528252734`), so a
// seeded store (`--seed demo`, `--seed N`, the TUI's demo) starts each kind's counter at a 10-digit
// base of its own: every screen is seen at real widths, and an id of one kind is never mistaken for
// another's (a rule id sent as a configuration's is a 404, not some other record). New records
// continue from there, increasing, never reused (docs/api.md §1). `--seed none` starts at 1.
import type { IdKind } from '../state.js';

/** The last id "already used" of each kind: the first seeded configuration is 1528252701. */
export const SEED_ID_BASES: Readonly<Record<IdKind, number>> = {
  configuration: 1_528_252_700,
  origin: 1_611_826_300,
  cache_setting: 1_702_415_500,
  rule: 1_785_330_900,
};

/** The id of the n-th seeded record of a kind (from 1), as a store seeded from empty assigns it. */
export function seededId(kind: IdKind, n: number): number {
  return SEED_ID_BASES[kind] + n;
}
