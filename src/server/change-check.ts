// A data file line's changes, checked back into typed changes: the data file is read as untrusted
// JSON (its checksums catch damage, not a file some other program or version wrote).
import { isPlainObject, isStoredRecord, misfits, type Rec, type ResourceKind, type StoredRecord } from '../schema/index.js';
import { ChangeError, ID_KINDS, SUB_KINDS, subChange, type Change, type IdKind, type PurgeEntry, type SubKind } from './state.js';

function fail(message: string): never {
  throw new ChangeError(message);
}

function numberIn(c: Rec, key: string): number {
  const v = c[key];
  return typeof v === 'number' ? v : fail(`bad ${key} ${String(v)} in ${c.t} change`);
}

function stringIn(c: Rec, key: string): string {
  const v = c[key];
  return typeof v === 'string' ? v : fail(`bad ${key} in ${c.t} change`);
}

/** A record as an older version wrote it, brought to the current schema (origins before `method`). */
function upgraded(kind: ResourceKind, v: unknown): unknown {
  if (kind !== 'origin' || !isPlainObject(v) || Object.hasOwn(v, 'method')) return v;
  return { ...v, method: v.origin_type === 'load_balancer' ? 'round_robin' : '' };
}

function recordIn<K extends ResourceKind>(kind: K, c: Rec): StoredRecord<K> {
  const v = upgraded(kind, c.v);
  if (isStoredRecord(kind, v)) return v;
  return fail(
    isPlainObject(v)
      ? `the ${kind} record does not fit its schema (${misfits(kind, v).join(', ')})`
      : `the ${kind} record is not an object`,
  );
}

const isSubKind = (k: unknown): k is SubKind => SUB_KINDS.some((s) => s === k);
const isIdKind = (k: unknown): k is IdKind => ID_KINDS.some((s) => s === k);

function sequences(v: unknown): Record<IdKind, number> {
  if (!isPlainObject(v)) return fail('bad seq change');
  const seq = { configuration: 0, rule: 0, cache_setting: 0, origin: 0 };
  for (const k of ID_KINDS) {
    const n = v[k];
    seq[k] = typeof n === 'number' ? n : fail(`bad ${k} id ${String(n)}`);
  }
  return seq;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((u) => typeof u === 'string');

function purgeIn(v: unknown): PurgeEntry {
  if (!isPlainObject(v)) return fail('bad purge change');
  const { at, kind, urls, refused } = v;
  if (typeof at !== 'string' || (kind !== 'url' && kind !== 'cachekey' && kind !== 'wildcard') || !isStrings(urls) || !isStrings(refused)) {
    return fail('bad purge change');
  }
  return { at, kind, urls, refused };
}

/** A change as `EmulatorState.apply` takes it, or a ChangeError saying what is wrong with it. */
export function checkChange(c: unknown): Change {
  if (isPlainObject(c)) {
    switch (c.t) {
      case 'conf':
        return { t: 'conf', id: numberIn(c, 'id'), v: recordIn('configuration', c) };
      case 'sub': {
        const k = c.k;
        if (!isSubKind(k)) return fail(`bad kind ${String(k)} in sub change`);
        return subChange(k, numberIn(c, 'conf'), numberIn(c, 'id'), recordIn(k, c));
      }
      case 'err':
        return { t: 'err', conf: numberIn(c, 'conf'), v: recordIn('error_responses', c) };
      case 'del': {
        const k = c.k;
        if (!isIdKind(k)) return fail(`bad kind ${String(k)} in del change`);
        return { t: 'del', k, conf: numberIn(c, 'conf'), id: numberIn(c, 'id') };
      }
      case 'seq':
        return { t: 'seq', v: sequences(c.v) };
      case 'token':
        return { t: 'token', h: stringIn(c, 'h'), perms: stringIn(c, 'perms'), exp: stringIn(c, 'exp') };
      case 'purge':
        return { t: 'purge', v: purgeIn(c.v) };
    }
  }
  return fail(`unknown change ${JSON.stringify(c).slice(0, 80)}`);
}
