// The values of --max-body, --headers-timeout and --body-timeout: small strict grammars, a bad
// value a usage error that says what is taken.
import { UsageError } from './errors.js';

const UNITS: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30 };
/** Below this no page of a list fits; above it the text of the answer nears V8's longest string. */
const MIN_BYTES = 2 ** 10;
const MAX_BYTES = 256 * 2 ** 20;
const MAX_SECONDS = 3600;

/** Bytes, or a whole number with a unit: 33554432, 32MiB, 32 MiB, 64MB, 512KiB (1 KiB to 256 MiB). */
export function parseSize(value: string, flag: string): number {
  const m = /^(\d{1,12}) ?([A-Za-z]+)?$/.exec(value);
  const unit = m?.[2] === undefined ? 1 : UNITS[m[2]];
  const bytes = m && unit !== undefined ? Number(m[1]) * unit : NaN;
  if (!(bytes >= MIN_BYTES && bytes <= MAX_BYTES)) {
    throw new UsageError(`${flag} takes a size from 1 KiB to 256 MiB, in bytes or with a unit (e.g. 32MiB, 64MB, 512KiB), not "${value}"`);
  }
  return bytes;
}

/** Seconds, whole or decimal (30, 2.5), from 1 to an hour; in milliseconds. */
export function parseSeconds(value: string, flag: string): number {
  const seconds = /^\d{1,4}(\.\d{1,3})?$/.test(value) ? Number(value) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_SECONDS)) throw new UsageError(`${flag} takes seconds from 1 to ${MAX_SECONDS}, not "${value}"`);
  return Math.round(seconds * 1000);
}
