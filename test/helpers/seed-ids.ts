// The ids of seeded data: `--seed demo` and `--seed N` start each kind's ids at a 10-digit base of
// its own (src/server/seed/ids.ts), as the real service's ids look. Tests name a seeded record by
// its place in the seed instead of hard-coding its id: `demoId(3)` is the demo's third
// configuration ("acme public api v2"), `demoRuleId(1)` the first rule made (of the first configuration).
import { seededId } from '../../src/server/seed/ids.js';

/** The n-th configuration of the seed (from 1). */
export const demoId = (n: number): number => seededId('configuration', n);
/** The n-th rule of the seed, counted through every configuration in order (from 1). */
export const demoRuleId = (n: number): number => seededId('rule', n);
/** The n-th cache setting of the seed, counted through every configuration in order (from 1). */
export const demoCacheSettingId = (n: number): number => seededId('cache_setting', n);
/** The n-th origin of the seed: each configuration is made with one, so the n-th configuration's Default Origin. */
export const demoOriginId = (n: number): number => seededId('origin', n);
