// Keys of records and lists in the store. A key names a record without holding it.
import type { Place } from '../api/index.js';
import type { DraftTarget } from '../diff/index.js';
import type { ResourceKind } from '../schema/index.js';

/**
 * `configuration:7`, `rule:7:45`, `cache_setting:7:12`, `error_responses:7`, `origin:7:3`; new:
 * `rule:7:new-…`; in a configuration not created yet (a clone): `rule:new-…:new-…`,
 * `error_responses:new-…`, the configuration's own `new-…` in the middle.
 */
export type RecordKey = string;

/** `configurations`, `rule:7`, `cache_setting:7`, `origin:7`: the records of a kind in a configuration. */
export type ListKey = string;

export type ChildKind = 'rule' | 'cache_setting' | 'origin';

export function recordKey(kind: ResourceKind, conf: number | undefined, id?: number | string): RecordKey {
  if (kind === 'configuration') return `configuration:${String(id)}`;
  if (kind === 'error_responses') return `error_responses:${String(conf)}`;
  return `${kind}:${String(conf)}:${String(id)}`;
}

export function listKey(kind: 'configuration' | ChildKind, conf?: number): ListKey {
  return kind === 'configuration' ? 'configurations' : `${kind}:${String(conf)}`;
}

let counter = 0;

/**
 * A key for a record not created yet, unique across restarts (it is journaled). `conf` is the
 * configuration's id, or the key of a configuration not created yet (`configuration:new-…`).
 */
export function newRecordKey(kind: DraftTarget['kind'], conf?: number | RecordKey): RecordKey {
  const suffix = `new-${Date.now().toString(36)}${(counter++).toString(36)}`;
  const where = typeof conf === 'string' ? conf.slice('configuration:'.length) : String(conf);
  if (kind === 'error_responses') return `error_responses:${where}`;
  return kind === 'configuration' ? `configuration:${suffix}` : `${kind}:${where}:${suffix}`;
}

/**
 * The key `key` has once the configuration it is in, not created yet (`configuration:new-…`), is
 * created as `id`; unchanged for a key of another configuration.
 */
export function movedKey(key: RecordKey, newConf: RecordKey, id: number): RecordKey {
  const part = `:${newConf.slice('configuration:'.length)}`;
  const at = key.indexOf(part);
  if (at < 0 || key.startsWith('configuration:')) return key;
  const rest = key.slice(at + part.length);
  return rest === '' || rest.startsWith(':') ? `${key.slice(0, at)}:${String(id)}${rest}` : key;
}

/** The list a record belongs to (error responses belong to none). */
export function listOf(target: Pick<DraftTarget, 'kind' | 'conf'>): ListKey | undefined {
  if (target.kind === 'error_responses') return undefined;
  return listKey(target.kind, target.conf);
}

/** What a key names. Throws on a key the store never makes. */
export function parseKey(key: RecordKey): { kind: ResourceKind; conf?: number; id?: number; isNew: boolean; inNewConf?: boolean } {
  const [kind, a, b] = key.split(':');
  const num = (s: string | undefined) => (s === undefined || s.startsWith('new-') ? undefined : Number(s));
  const inNew = a?.startsWith('new-') ? { inNewConf: true } : {};
  switch (kind) {
    case 'configuration':
      return { kind, id: num(a), isNew: a?.startsWith('new-') ?? false };
    case 'error_responses':
      return { kind, conf: num(a), isNew: false, ...inNew };
    case 'rule':
    case 'cache_setting':
    case 'origin':
      return { kind, conf: num(a), id: num(b), isNew: b?.startsWith('new-') ?? false, ...inNew };
    default:
      throw new Error(`not a record key: ${key}`);
  }
}

/** Where the API keeps a list or record of this kind (a configuration's children need its id). */
export function placeOf(kind: 'configuration' | ChildKind, conf: number | undefined): Place {
  if (kind === 'configuration') return { kind };
  if (conf === undefined) throw new Error(`a ${kind} belongs to a configuration`);
  return { kind, conf };
}

/** Where a draft's record lives (error responses have no place of their own: they are not created or deleted). */
export function placeOfTarget(t: DraftTarget): Place {
  if (t.kind === 'error_responses') throw new Error('error responses are neither created nor deleted');
  return placeOf(t.kind, t.conf);
}

/** The configurations records of these keys are in, each once, in the order they first come. */
export function configurationsOf(keys: readonly RecordKey[]): number[] {
  return [...new Set(keys.flatMap((k) => parseKey(k).conf ?? []))];
}
