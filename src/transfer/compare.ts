// The compare engine (issue 23, docs/ux.md §8): two configurations (exports, or read live), anywhere —
// another profile, a clone, a file in git — and their difference (differences.ts), as text for
// `cdn-tui diff` (difference-text.ts), and copied across as drafts for the normal review (copy.ts).
// The TUI's compare view lists `compareSnapshots` and copies the marked rows with `planCopy`.
export type { Snapshot } from './normalise.js';
export { compareSnapshots, IDENTITY_FIELDS, recordMatch, ruleName, type CompareGroup, type Difference } from './differences.js';
export { differenceText } from './difference-text.js';
export { planCopy, type CopyPlan } from './copy.js';
export { snapshotOf } from './export.js';
export { storeSnapshot } from './store-snapshot.js';
